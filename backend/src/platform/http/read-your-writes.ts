import type { IncomingMessage } from 'node:http';
import type { ProjectionEngine } from '../projection-engine/projection-engine.js';

/** The position a client wants the read models to have passed (`X-Read-After`), or null. */
export function readAfterOf(req: IncomingMessage): number | null {
  const raw = req.headers['x-read-after'];
  if (typeof raw !== 'string' || raw === '') return null;
  const position = Number(raw);
  return Number.isSafeInteger(position) && position > 0 ? position : null;
}

/**
 * Read-your-writes, in one place for every route: a client sends the position its last write answered with,
 * and the request (a read, or a command whose handler reads a read model, such as an upload that checks the
 * asset's owner) goes on once every read model has passed it — at most 2 s, after which it answers with what
 * is there; a position past the log's head (a guess) or a failed projection answers at once. Waited for in the
 * edge hook, before the guards, so a session or role written a moment ago is seen too. Requests without the
 * header cost nothing (null: nothing to wait for).
 */
export function readYourWrites(engine: ProjectionEngine): (req: IncomingMessage) => Promise<unknown> | null {
  return (req) => {
    const after = readAfterOf(req);
    return after === null ? null : engine.waitFor(after);
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
