/**
 * Code-split chunks that fail to load. After a deploy, a tab opened before it asks for chunks whose hashed names
 * no longer exist; a flaky network drops one. Either way the screen must not quietly miss a piece: the import
 * is tried once more, then the page reloads (fetching the new version's index and chunk names) — at most once
 * a minute, so a chunk that is missing for good shows an error with a Reload button instead of looping.
 */
import { lazy, type ComponentType } from 'react';

const RELOADED_AT = 'kauri.chunkReloadAt';
const RETRY_AFTER_MS = 500;

/** Whether an error is a module script that could not be fetched (Chromium, Firefox and Safari's wordings, Vite's). */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
      error.message,
    )
  );
}

/** Reloads the page unless it did so in the last minute; answers whether it is reloading. */
export function reloadForNewVersion(now = Date.now()): boolean {
  const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
  if (now - last < 60_000) return false;
  sessionStorage.setItem(RELOADED_AT, String(now));
  window.location.reload();
  return true;
}

/** An import tried twice; on a second chunk failure the page reloads (and this never settles). */
export async function importWithRetry<T>(importer: () => Promise<T>): Promise<T> {
  try {
    return await importer();
  } catch (error) {
    if (!isChunkLoadError(error)) throw error;
    await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_MS));
    try {
      return await importer();
    } catch (again) {
      if (isChunkLoadError(again) && reloadForNewVersion()) return new Promise<T>(() => {});
      throw again;
    }
  }
}

/** React.lazy with importWithRetry: a part of a page that cannot load is retried, then the page reloads. */
export function lazyWithRetry<T extends ComponentType<any>>(importer: () => Promise<{ default: T }>) {
  return lazy(() => importWithRetry(importer));
}
