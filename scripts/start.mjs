// `npm start`: install what is missing, build, and serve the app and its API on one port with the
// embedded stores (PGlite event log under ./data, in-memory read models rebuilt from it at boot).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureInstall } from './ensure-install.mjs';
import { build } from './build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
ensureInstall();
build();
// Node's flags for serving, as the image and the benchmarks start it (backend/src/serve-flags.ts).
const { SERVE_NODE_FLAGS } = await import('../backend/dist/serve-flags.js');
const app = spawn(process.execPath, [...SERVE_NODE_FLAGS, 'backend/bundle/main.js'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => app.kill(signal));
app.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
