// `npm test`: the whole suite — backend unit, contract and API tests, and browser tests in Debian's
// Chromium — in one Jest run, closing with a one-line summary.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ensureInstall } from './ensure-install.mjs';
import { build } from './build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const CHROMIUM = '/usr/bin/chromium';

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) {
    console.error(`Browser tests need ${CHROMIUM}: run 'sudo apt-get install -y chromium' once.`);
    return;
  }
  console.log('Installing Debian Chromium for the browser tests…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
}

ensureInstall();
ensureChromium();

// House rules first: formatting, lint and import boundaries (biome.jsonc). A finding stops the run, a warning too
// (each rule switched off there, and each biome-ignore in the code, says why).
const lint = spawnSync(process.execPath, ['node_modules/@biomejs/biome/bin/biome', 'ci', '--error-on-warnings', '.'], {
  cwd: root,
  stdio: 'inherit',
});
if (lint.status !== 0) {
  console.error('\nBiome found formatting or lint problems: `npx biome check --write .` fixes most of them.');
  process.exit(lint.status ?? 1);
}

build();

mkdirSync(`${root}/.tmp`, { recursive: true });
const report = `${root}/.tmp/jest-report.json`;
const jest = spawnSync(
  process.execPath,
  [
    'node_modules/jest/bin/jest.js',
    '--ci',
    '--maxWorkers=2',
    '--json',
    `--outputFile=${report}`,
    ...process.argv.slice(2),
  ],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules --no-warnings`.trim(),
    },
  },
);

if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  const skipped = r.numPendingTests + r.numTodoTests;
  console.log(
    `\nTests: ${r.numPassedTests} passed, ${r.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`,
  );
}
process.exit(jest.status ?? 1);
