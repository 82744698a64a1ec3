/**
 * Lets timers and I/O run. PGlite runs in this thread and its promises settle as microtasks, so a loop that only
 * awaited them (a replay, a catch-up, a reconciliation) would hold the event loop — HTTP requests, log output,
 * idle connections' timers — until it finished. Long loops call this between pages or items.
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
