/**
 * Read-your-writes for the whole app (docs/design.md §1), in one place: the answer to every write carries the log
 * position of its last event; the client remembers the highest position it has seen and sends it as
 * `X-Read-After` with every request (writes too: a sign-in's position lets whichever replica answers next know the
 * session). The server then answers a read only once its read model has passed that
 * position (or after its short timeout), so a list read right after a change already shows it.
 * Features therefore only invalidate queries after a write; none of them passes positions around.
 */
export interface WritePositions {
  /** Takes note of a write's answer: its top-level `position`, when it has one. */
  observe(answer: unknown): void;
  /** The `X-Read-After` value for the next request, or null before this tab has written anything. */
  readAfter(): string | null;
}

/** The log position a write's answer carries: a positive whole number in its `position` field. */
export function positionOf(answer: unknown): number | null {
  if (typeof answer !== 'object' || answer === null || !('position' in answer)) return null;
  const { position } = answer;
  return typeof position === 'number' && Number.isSafeInteger(position) && position > 0 ? position : null;
}

export function createWritePositions(): WritePositions {
  // Positions only grow: a read that waits for the newest write has waited for every earlier one too.
  let highest = 0;
  return {
    observe(answer) {
      const position = positionOf(answer);
      if (position !== null && position > highest) highest = position;
    },
    readAfter: () => (highest > 0 ? String(highest) : null),
  };
}

/** This tab's writes. Kept in memory: a reload starts afresh, by when the read models have long caught up. */
export const writePositions = createWritePositions();
