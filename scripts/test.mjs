// `npm test`: the whole suite — backend unit, contract and API tests, and browser tests in Debian's
// Chromium — in one Jest run, closing with a one-line summary.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ensureInstall } from './ensure-install.mjs';
import { build } from './build.mjs';
import { writeApiGroups } from './api-groups.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const CHROMIUM = '/usr/bin/chromium';
// What the browser tests run when it is there (frontend/e2e/support/browser.ts): the same Chromium built for headless
// use only, about a tenth less CPU for a browser file than the full browser in its headless mode.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

function ensureChromium() {
  if (existsSync(HEADLESS_SHELL)) return;
  if (process.getuid?.() !== 0) {
    if (!existsSync(CHROMIUM))
      console.error(
        `Browser tests need ${HEADLESS_SHELL}: run 'sudo apt-get install -y chromium-headless-shell' once.`,
      );
    return;
  }
  console.log("Installing Debian's chromium-headless-shell for the browser tests…");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  // Where it cannot be installed, the browser tests fall back to the full Chromium if that is there.
  spawnSync('apt-get', ['install', '-y', '-qq', 'chromium-headless-shell'], { stdio: 'inherit', env });
}

// Each phase's wall time and CPU time (this process and the children it waited for), printed at the end.
const phases = [];
function cpuSeconds() {
  const own = process.cpuUsage();
  let children = 0;
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    children = (Number(f[13]) + Number(f[14])) / 100;
  } catch {}
  return (own.user + own.system) / 1e6 + children;
}
function timed(name, run) {
  const at = performance.now();
  const cpu = cpuSeconds();
  const result = run();
  phases.push({ name, wall: (performance.now() - at) / 1000, cpu: cpuSeconds() - cpu });
  return result;
}

timed('install', ensureInstall);
ensureChromium();

// House rules first: formatting, lint and import boundaries (biome.jsonc). A finding stops the run, a warning too
// (each rule switched off there, and each biome-ignore in the code, says why).
const lint = timed('lint', () =>
  spawnSync(process.execPath, ['node_modules/@biomejs/biome/bin/biome', 'ci', '--error-on-warnings', '.'], {
    cwd: root,
    stdio: 'inherit',
  }),
);
if (lint.status !== 0) {
  console.error('\nBiome found formatting or lint problems: `npx biome check --write .` fixes most of them.');
  process.exit(lint.status ?? 1);
}

timed('build', () => build());

mkdirSync(`${root}/.tmp`, { recursive: true });
const report = `${root}/.tmp/jest-report.json`;
const cpuDir = `${root}/.tmp/cpu`;
rmSync(cpuDir, { recursive: true, force: true });
// The small API spec files run in groups, their app's modules loaded once a group (scripts/api-groups.mjs), unless
// particular files were asked for.
const apiGroups = process.argv.slice(2).some((arg) => !arg.startsWith('-')) ? null : writeApiGroups(root);
const jest = timed('jest', () =>
  spawnSync(
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
        ...(apiGroups && { KAURI_API_GROUPS: apiGroups }),
      },
    },
  ),
);

const s = (seconds) => `${Math.round(seconds)} s`;
console.log(`\nTime: ${phases.map((p) => `${p.name} ${s(p.wall)} (CPU ${s(p.cpu)})`).join(', ')}`);
if (process.env.JEST_CPU && existsSync(cpuDir)) {
  const files = readdirSync(cpuDir).map((f) => JSON.parse(readFileSync(`${cpuDir}/${f}`, 'utf8')));
  const project = (file) =>
    file.startsWith('frontend/e2e/')
      ? 'browser'
      : file.startsWith('frontend/')
        ? 'frontend'
        : file.startsWith('.tmp/api-groups/')
          ? 'groups'
          : 'backend';
  const sums = {};
  for (const f of files) {
    const p = (sums[project(f.file)] ??= { cpu: 0, wall: 0, n: 0 });
    p.cpu += f.cpu;
    p.wall += f.wall;
    p.n++;
  }
  console.log(
    `CPU by project: ${Object.entries(sums)
      .map(([name, p]) => `${name} ${s(p.cpu)} (${p.n} files, wall ${s(p.wall)})`)
      .join(', ')}`,
  );
  console.log(`Jest workers started: ${new Set(files.map((f) => f.pid)).size}`);
  files.sort((a, b) => b.cpu - a.cpu);
  const idle = (f) => (f.idle ?? 0).toFixed(1).padStart(6);
  console.log('Heaviest files (CPU s, worker process s, wall s, idle s):');
  for (const f of files.slice(0, 25))
    console.log(
      `  ${f.cpu.toFixed(1).padStart(6)} ${f.worker.toFixed(1).padStart(6)} ${f.wall.toFixed(1).padStart(6)} ${idle(f)}  ${f.file}`,
    );
  // Idle: the worker's thread neither ran nor waited for a core (timers, polls, other processes), whatever the load.
  const waiting = files.filter((f) => f.idle !== null && f.idle !== undefined).sort((a, b) => b.idle - a.idle);
  console.log(
    `Most waiting files (idle s of wall s; ${Math.round(waiting.reduce((t, f) => t + f.idle, 0))} s in all):`,
  );
  for (const f of waiting.slice(0, 15)) console.log(`  ${idle(f)} ${f.wall.toFixed(1).padStart(6)}  ${f.file}`);
}

if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  const skipped = r.numPendingTests + r.numTodoTests;
  console.log(
    `\nTests: ${r.numPassedTests} passed, ${r.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`,
  );
}
process.exit(jest.status ?? 1);
