/**
 * Node's flags for an app that serves: `npm start` (scripts/start.mjs), `npm run serve`, the image (Dockerfile) and
 * the benchmarks start the bundle with them; serve-flags.spec.ts checks that the Dockerfile and package.json agree.
 *
 * - `--enable-source-maps`: stack traces in the log name the TypeScript.
 * - A young generation of 128 MB a semi-space from the start (V8's default grows to 16): a read allocates about 15 kB
 *   and promotes almost nothing, so the young collections cost as often as they run — and each walks every page of the
 *   old generation, which holds the read models (4–7 ms each on 1,000,000 events against 0.3 ms for a bare server).
 *   64 MB took a quarter of the default's collections, 128 MB half as many again: on 1,000,000 events the holdings
 *   read 20–22 µs of server CPU a request against 22–25 (0.54–0.59× the bare server against 0.48–0.53×), early access
 *   the same within noise; RSS with every read model loaded 994 MiB in the bench against 852 the day before with 64 MB
 *   (2026-11-29, docs/benchmarks.md).
 */
export const SERVE_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=128', '--min-semi-space-size=128'];
