// `npm run bench [events] [boot events]`: the backend's benchmarks at those sizes (bench/bench.ts says what each
// part measures), then the landing page's first-load JavaScript. One script, so the sizes reach the benchmarks
// (`cli.mjs bench && landing-size.mjs` handed npm's arguments to the last command).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const run = (script, args) =>
  spawnSync(process.execPath, [script, ...args], { cwd: root, stdio: 'inherit' }).status ?? 1;

process.exit(run('scripts/cli.mjs', ['bench', ...process.argv.slice(2)]) || run('scripts/landing-size.mjs', []));
