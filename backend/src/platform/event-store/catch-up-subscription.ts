import type { ReadAllOptions, RecordedEvent, SubscribeOptions, Subscription } from './event-store.js';

export interface CatchUpSource {
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Resolves when something may have been appended (or after `timeoutMs`, whichever is first). */
  waitForAppend(timeoutMs: number): Promise<void>;
}

const PAGE = 1000;
const IDLE_WAIT_MS = 1000;
const MAX_BACKOFF_MS = 5000;

/**
 * Catch-up subscription over any store that can page its log: reads history page by page, then waits for
 * appends and reads again. A failed read is reported and retried with exponential backoff from the last
 * delivered position, so an event is never skipped nor delivered twice.
 */
export function catchUpSubscription(source: CatchUpSource, options: SubscribeOptions): Subscription {
  let stopped = false;
  let position = options.fromPosition ?? 0;
  let caughtUp = false;
  // Pauses (idle wait, error backoff) end early on stop(), so stopping takes no longer than the current read.
  let wakeUp = () => {};
  const pause = (wait: Promise<void>) =>
    new Promise<void>((resolve) => {
      wakeUp = resolve;
      void wait.then(resolve, resolve);
    });
  const done = (async () => {
    let backoff = 100;
    while (!stopped) {
      try {
        const page = await source.readAll({ ...options, fromPosition: position, maxCount: PAGE });
        for (const event of page) {
          if (stopped) return;
          await options.onEvent(event);
          position = event.position;
        }
        backoff = 100;
        if (page.length < PAGE) {
          if (!caughtUp) {
            caughtUp = true;
            options.onCaughtUp?.(position);
          }
          if (!stopped) await pause(source.waitForAppend(IDLE_WAIT_MS));
        }
      } catch (error) {
        if (stopped) return;
        options.onError?.(error);
        await pause(new Promise<void>((r) => setTimeout(r, backoff)));
        backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
      }
    }
  })();
  return {
    async stop() {
      stopped = true;
      wakeUp();
      await done;
    },
  };
}

/** A wake-up signal for in-process waiters: appenders `notify()`, subscriptions `wait()`. */
export class AppendSignal {
  private waiters = new Set<() => void>();

  notify(): void {
    const waiters = [...this.waiters];
    this.waiters.clear();
    for (const wake of waiters) wake();
  }

  wait(timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.waiters.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, timeoutMs);
      this.waiters.add(wake);
    });
  }
}
