/**
 * Lets timers and I/O run. PGlite runs in this thread and its promises settle as microtasks, so a loop that only
 * awaited them (a replay, a catch-up, a reconciliation) would hold the event loop — HTTP requests, log output,
 * idle connections' timers — until it finished. Long loops call this between pages or items.
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * What loads lazily once the app serves (the read models nobody asked for, the chain outbox's state) starts this long
 * after open in a process that never serves (a tool), unless something asks for it sooner.
 */
export const UNSERVED_LOAD_MS = 10_000;

/**
 * Runs a background job's first run `delayMs` after `ready` (the read models caught up at boot), so that a restart
 * answers its first requests before the job reads its way through the history; `cancel()` at shutdown.
 */
export function firstRunAfter(ready: Promise<unknown>, delayMs: number, run: () => void): { cancel(): void } {
  let cancelled = false;
  let timer: NodeJS.Timeout | undefined;
  void ready.then(() => {
    if (cancelled) return;
    timer = setTimeout(run, delayMs);
    timer.unref();
  });
  return {
    cancel() {
      cancelled = true;
      clearTimeout(timer);
    },
  };
}
