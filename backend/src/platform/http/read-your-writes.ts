import type { IncomingMessage } from 'node:http';
import { DomainError } from '../errors.js';
import type { ProjectionEngine } from '../projection-engine/projection-engine.js';

export const READ_AFTER = 'X-Read-After';
export const MALFORMED_READ_AFTER = `${READ_AFTER} must be a log position: a whole number, 0 or more`;

/**
 * The position a client wants the read models to have passed (`X-Read-After`): null without the header, a
 * DomainError (400 naming the header) for anything but the decimal digits of a safe whole number — `abc`, `-1`,
 * `1.5`, `1e999`, `0x10`, `007`, an empty value, two values (`5, 6`) are a client's bug, not something to ignore.
 * `0` is a position too: nothing written yet, nothing to wait for (a client that starts counting there sends it).
 */
export function readAfterOf(req: Pick<IncomingMessage, 'headers'>): number | DomainError | null {
  const raw = req.headers['x-read-after'];
  if (raw === undefined) return null;
  const position = typeof raw === 'string' && /^(0|[1-9]\d*)$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN;
  if (Number.isSafeInteger(position)) return position;
  return new DomainError(MALFORMED_READ_AFTER, 400, [{ field: READ_AFTER, message: MALFORMED_READ_AFTER }]);
}

/**
 * Sent when a read did not wait for what `X-Read-After` asked: `past-head` when the position is beyond the log's
 * head (no write here answered it: a guess, or a tab left open across a data reset), `not-caught-up` when the read
 * models did not pass it within the wait (or one of them failed). The answer is still given, with what is there:
 * the header is a hint about freshness, like a cache validator, so a stale number in an open tab must not break
 * every read until a reload (the tab keeps its position in memory, frontend/src/api/readYourWrites.ts); the
 * client learns that this answer may not show its write.
 */
export const READ_AFTER_UNMET = 'X-Read-After-Unmet';
export type Unmet = 'past-head' | 'not-caught-up';

/**
 * Read-your-writes, in one place for every route: a client sends the position its last write answered with,
 * and the request (a read, or a command whose handler reads a read model, such as an upload that checks the
 * asset's owner) goes on once every read model has passed it — at most 2 s, after which it answers with what
 * is there; a position past the log's head or a failed projection answers at once. Either way the answer says
 * so (`READ_AFTER_UNMET`). Waited for in the edge hook, before the guards, so a session or role written a moment
 * ago is seen too, for the position the hook read (`readAfterOf`, which refused a malformed one). Requests without the header cost
 * nothing (null: nothing to wait for).
 */
export function readYourWrites(
  engine: ProjectionEngine,
  headPosition: () => Promise<number>,
): (after: number | null) => Promise<Unmet | null> | null {
  return (after) => {
    if (after === null) return null;
    return engine.waitFor(after).then(async (reached) => {
      if (reached) return null;
      return after > (await headPosition()) ? 'past-head' : 'not-caught-up';
    });
  };
}

/** Fewest milliseconds between two head reads of one LogHead: a flood of requests shares a read every this often. */
export const HEAD_READ_INTERVAL_MS = 10;

/**
 * The log's head position for requests that must see every event written before they arrived (a session token
 * this replica does not know may have been issued a moment ago by another). Reads are coalesced: one at a time,
 * at most one per `intervalMs`, and every caller waiting meanwhile shares the next one. A caller never gets a
 * read that started before it asked — that read could predate the sign-in its token came from — so the price of
 * sharing is a wait of at most `intervalMs` plus one read, paid only by tokens this replica does not know.
 */
export class LogHead {
  /** Head reads made (the guard's share of the store's load; tests read it). */
  reads = 0;
  private queued: Promise<number> | null = null;
  private running: Promise<unknown> = Promise.resolve();
  private lastStartedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly headPosition: () => Promise<number>,
    private readonly intervalMs = HEAD_READ_INTERVAL_MS,
  ) {}

  /** The head as read by a read that starts after this call. */
  position(): Promise<number> {
    if (this.queued) return this.queued;
    const queued = this.running.then(async () => {
      const pause = this.lastStartedAt + this.intervalMs - performance.now();
      if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
      // From here on, callers need a later read.
      this.queued = null;
      this.lastStartedAt = performance.now();
      this.reads++;
      return this.headPosition();
    });
    this.queued = queued;
    this.running = queued.catch(() => undefined);
    return queued;
  }
}
