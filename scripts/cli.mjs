// Runs one of the backend's command-line tools after making sure it is installed and built:
//   node scripts/cli.mjs <tool> [args…]   (tool: projections, admin, audit, chain, api-types, bench)
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureInstall } from './ensure-install.mjs';
import { build } from './build.mjs';
import { TOOLS } from '../backend/tools.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const [tool, ...args] = process.argv.slice(2);
// The benchmarks find their helpers beside them in tsc's output; the tools are bundled.
const entry = tool === 'bench' ? 'dist/bench/bench.js' : TOOLS.includes(tool) ? `bundle/cli-${tool}.js` : null;
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
