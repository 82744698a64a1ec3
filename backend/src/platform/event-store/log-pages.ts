import type { AllFilter, EventStore, RecordedEvent } from './event-store.js';

/**
 * The log after position `after`, as the store filters it (streams, types), one page of at most `pageSize` events
 * at a time; empty pages are not yielded. Each page is read when the one before has been taken.
 */
export async function* logPages(
  store: Pick<EventStore, 'readAll'>,
  filter: AllFilter,
  after = 0,
  pageSize = 1000,
): AsyncGenerator<RecordedEvent[]> {
  for (let from = after; ; ) {
    const page = await store.readAll({ ...filter, fromPosition: from, maxCount: pageSize });
    if (page.length > 0) yield page;
    if (page.length < pageSize) return;
    from = page.at(-1)!.position;
  }
}
