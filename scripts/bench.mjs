// `npm run bench [events] [boot events]`: the backend's benchmarks at those sizes (bench/bench.ts says what each
// part measures), the chain burst, then the landing page's first-load JavaScript (`npm run bench -- chain`: the
// chain burst alone). One script, so the sizes reach the benchmarks
// (`cli.mjs bench && landing-size.mjs` handed npm's arguments to the last command).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const run = (script, args) =>
  spawnSync(process.execPath, [script, ...args], { cwd: root, stdio: 'inherit' }).status ?? 1;

// The chain burst (issue 33: chain transactions and gas per confirmed investment, seconds until drift 0) runs under
// Jest, as it signs people up with the tests' helpers: backend/src/bench/chain-burst.bench.ts.
const chainBurst = () =>
  spawnSync(
    process.execPath,
    ['node_modules/jest/bin/jest.js', '--ci', '--selectProjects', 'backend', '--testMatch', '**/chain-burst.bench.ts'],
    { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_OPTIONS: '--experimental-vm-modules --no-warnings' } },
  ).status ?? 1;

if (process.argv[2] === 'chain') process.exit(chainBurst());
process.exit(
  run('scripts/cli.mjs', ['bench', ...process.argv.slice(2)]) || chainBurst() || run('scripts/landing-size.mjs', []),
);
