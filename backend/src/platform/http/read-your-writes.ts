import type { IncomingMessage } from 'node:http';
import type { ProjectionEngine } from '../projections/projection-engine.js';

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
