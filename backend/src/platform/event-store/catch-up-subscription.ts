import { yieldToEventLoop } from '../event-loop.js';
import type { ReadAllOptions, RecordedEvent, SubscribeOptions, Subscription } from './event-store.js';

export interface CatchUpSource {
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>;
  /**
   * Resolves when something may have been appended since `seen` (a value of `appendVersion()` taken before
   * the last read), or after `timeoutMs`, whichever is first.
   */
  waitForAppend(timeoutMs: number, seen?: number): Promise<void>;
  /** A counter that moves on every local append, so an append during a read is not waited out. */
  appendVersion?(): number;
}

const PAGE = 1000;
const IDLE_WAIT_MS = 1000;
const MAX_BACKOFF_MS = 5000;

/**
 * Catch-up subscription over any store that can page its log: reads history page by page, letting the event loop
 * run between pages, then waits for appends and reads again. A failed read is reported and retried with
 * exponential backoff from the last delivered position, so an event is never skipped nor delivered twice.
 */
export function catchUpSubscription(source: CatchUpSource, options: SubscribeOptions): Subscription {
  let stopped = false;
  let position = options.fromPosition ?? 0;
  let caughtUp = false;
  let interrupt = () => {};
  const stoppedSignal = new Promise<void>((resolve) => (interrupt = resolve));
  const done = (async () => {
    let backoff = 100;
    while (!stopped) {
      try {
        const seen = source.appendVersion?.();
        const page = await source.readAll({ ...options, fromPosition: position, maxCount: PAGE });
        for (const event of page) {
          if (stopped) return;
          await options.onEvent(event);
          position = event.position;
        }
        backoff = 100;
        // A long history is read page after page, requests served in between (PGlite's log runs in this thread).
        if (page.length === PAGE) await yieldToEventLoop();
        else {
          if (!caughtUp) {
            caughtUp = true;
            options.onCaughtUp?.(position);
          }
          if (!stopped) await Promise.race([source.waitForAppend(IDLE_WAIT_MS, seen), stoppedSignal]);
        }
      } catch (error) {
        if (stopped) return;
        options.onError?.(error);
        await Promise.race([new Promise((r) => setTimeout(r, backoff)), stoppedSignal]);
        backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
      }
    }
  })();
  return {
    async stop() {
      stopped = true;
      interrupt();
      await done;
    },
  };
}

/** A wake-up signal for in-process waiters: appenders `notify()`, subscriptions `wait()`. */
export class AppendSignal {
  private waiters = new Set<() => void>();
  /** Moves on every notify: a waiter that saw an older version returns at once. */
  version = 0;

  notify(): void {
    this.version++;
    const waiters = [...this.waiters];
    this.waiters.clear();
    for (const wake of waiters) wake();
  }

  wait(timeoutMs: number, seen?: number): Promise<void> {
    if (seen !== undefined && seen !== this.version) return Promise.resolve();
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

/** A subscription over a store's own `readAll`, woken by its AppendSignal (the memory and SQL stores). */
export function signalledSubscription(
  readAll: CatchUpSource['readAll'],
  signal: AppendSignal,
  options: SubscribeOptions,
): Subscription {
  return catchUpSubscription(
    {
      readAll,
      waitForAppend: (ms, seen) => signal.wait(ms, seen),
      appendVersion: () => signal.version,
    },
    options,
  );
}
