/** Every way the app is served starts Node with the same flags (serve-flags.ts), including the two that cannot import them. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { SERVE_NODE_FLAGS } from './serve-flags.js';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

describe("Node's flags for serving", () => {
  it("the image's command", () => {
    const cmd = /^CMD (\[.*\])$/m.exec(read('Dockerfile'))?.[1];
    expect(JSON.parse(cmd!)).toEqual(['node', ...SERVE_NODE_FLAGS, 'backend/bundle/main.js']);
  });

  it("the backend's serve script", () => {
    const { scripts } = JSON.parse(read('backend/package.json')) as { scripts: Record<string, string> };
    expect(scripts.serve!.split(' ')).toEqual(['node', ...SERVE_NODE_FLAGS, 'bundle/main.js']);
  });
});
