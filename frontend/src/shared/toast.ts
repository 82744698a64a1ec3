import { useMemo, useSyncExternalStore } from 'react';

/**
 * Each call resolves once the toast is on screen — drawn in the page, not merely handed to the notification
 * code (the first one also waits for that code to load) — so a redirect timed from it always lets it be seen.
 */
export interface Toast {
  success(title: string, description?: string): Promise<void>;
  /** Failure toasts use the destructive (error) style, docs/specification.md §8. */
  error(title: string, description?: string): Promise<void>;
  warning(title: string, description?: string): Promise<void>;
}

export interface ToastMessage {
  kind: 'success' | 'error' | 'warning';
  title: string;
  description?: string;
}

/**
 * Toasts as the spec words them: a title and a description; one at a time for 5 seconds (set on the
 * Toaster). The notification code is loaded on the first toast, not with the page: most visits never
 * need it. Toasts asked for before it has loaded wait in a queue and show in order.
 */
/** Shows a toast; resolves once it is in the page. */
export type ShowToast = (message: ToastMessage) => Promise<void>;

let show: ShowToast | null = null;
const waiting: { message: ToastMessage; shown: () => void }[] = [];
let wanted = false;
const listeners = new Set<() => void>();

function toast(message: ToastMessage): Promise<void> {
  if (show) return show(message);
  const shown = new Promise<void>((resolve) => waiting.push({ message, shown: resolve }));
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  return shown;
}

/** Whether a toast has been asked for yet: the ToastHost mounts the Toaster from then on. */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(subscribe, () => wanted);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called by the Toaster once it can show toasts (and with null when it unmounts). */
export function connectToaster(next: ShowToast | null): void {
  show = next;
  if (!next) return;
  for (const { message, shown } of waiting.splice(0)) void next(message).then(shown);
}

export function useToast(): Toast {
  return useMemo(
    () => ({
      success: (title, description) => toast({ kind: 'success', title, description }),
      error: (title, description) => toast({ kind: 'error', title, description }),
      warning: (title, description) => toast({ kind: 'warning', title, description }),
    }),
    [],
  );
}
