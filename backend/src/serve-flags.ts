/**
 * Node's flags for an app that serves: `npm start` (scripts/start.mjs), `npm run serve`, the image (Dockerfile) and
 * the benchmarks start the bundle with them; serve-flags.spec.ts checks that the Dockerfile and package.json agree.
 *
 * - `--enable-source-maps`: stack traces in the log name the TypeScript.
 * - A young generation of 64 MB a semi-space from the start (V8's default grows to 16): a read allocates about 15 kB
 *   and promotes almost nothing, so the young collections cost as often as they run — and each walks every page of the
 *   old generation, which holds the read models (4–7 ms each on 1,000,000 events against 0.3 ms for a bare server).
 *   A quarter as many: the holdings read 38–39 µs of user CPU against 41–53, 7–23 % more requests a second, about
 *   20 MB more RSS beside 970 MB (2026-11-29, docs/benchmarks.md).
 */
export const SERVE_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=64', '--min-semi-space-size=64'];
