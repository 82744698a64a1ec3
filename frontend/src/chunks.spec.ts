import { describe, expect, it } from '@jest/globals';
import { importWithRetry, isChunkLoadError } from './chunks';

describe('chunks that fail to load', () => {
  it('recognises the browsers’ and Vite’s wordings of a module script that could not be fetched', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: https://kauri.nz/assets/CompliancePage-abc.js',
      'error loading dynamically imported module: https://kauri.nz/assets/x.js',
      'Importing a module script failed.',
      'Unable to preload CSS for /assets/index-abc.css',
    ])
      expect(isChunkLoadError(new TypeError(message))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('fetches a chunk that failed once again; other errors are not retried', async () => {
    let calls = 0;
    const flaky = () =>
      ++calls === 1
        ? Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'))
        : Promise.resolve({ default: 'page' });
    await expect(importWithRetry(flaky)).resolves.toEqual({ default: 'page' });
    expect(calls).toBe(2);

    let broken = 0;
    const bug = () => {
      broken++;
      return Promise.reject(new Error('a bug in the module'));
    };
    await expect(importWithRetry(bug)).rejects.toThrow('a bug in the module');
    expect(broken).toBe(1);
  });
});
