import type { ReadStreamOptions } from './event-store.js';

/** Applies direction, fromRevision (inclusive) and maxCount to a whole stream held in revision order. */
export function sliceStream<T extends { revision: number }>(stream: readonly T[], options: ReadStreamOptions): T[] {
  const max = options.maxCount ?? Number.POSITIVE_INFINITY;
  if (options.direction === 'backwards') {
    const from = options.fromRevision ?? stream.length - 1;
    return stream
      .filter((e) => e.revision <= from)
      .reverse()
      .slice(0, max);
  }
  const from = options.fromRevision ?? 0;
  return stream.filter((e) => e.revision >= from).slice(0, max);
}
