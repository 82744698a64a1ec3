// Runs one of the backend's command-line tools after making sure it is installed and built:
//   node scripts/cli.mjs <tool> [args…]   (tool: projections, admin, audit, chain, api-types, bench)
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureInstall } from './ensure-install.mjs';
import { build } from './build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const [tool, ...args] = process.argv.slice(2);
const entry = {
  projections: 'bundle/cli-projections.js',
  admin: 'bundle/cli-admin.js',
  audit: 'bundle/cli-audit.js',
  chain: 'bundle/cli-chain.js',
  'api-types': 'bundle/cli-api-types.js',
  // The benchmarks find their helpers beside them in tsc's output.
  bench: 'dist/bench/bench.js',
}[tool];
if (!entry) {
  console.error(`unknown tool '${tool}'`);
  process.exit(2);
}
ensureInstall();
build(['backend'], { quiet: true });
const result = spawnSync(process.execPath, ['--enable-source-maps', `backend/${entry}`, ...args], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
