// Jest's node environment for every test file, with two additions:
// - one Chromium per Jest worker, shared by the browser files that worker runs (frontend/e2e/support/browser.ts asks
//   for it through `__kauriSharedChromium`), with playwright-core loaded by Node itself, once per worker. Imported
//   through Jest's module system, playwright-core (a 3.6 MB bundle) cost every browser file about 3 CPU-seconds to
//   load again, and launching Chromium about 1 more. Each test still gets a fresh browser context (no cookie,
//   storage or cache shared); Playwright stops the browser when the worker exits.
// - with JEST_CPU=1, each test file's CPU time (its worker and every process the file started, from /proc) is
//   written to .tmp/cpu/ (`npm test` prints the heaviest files then), with `idle`: the seconds the worker's JavaScript
//   thread neither ran nor waited for a core (its wall less its run and run-queue time, from the kernel's schedstat).
//   That is the file's waiting on timers, polls, sleeps and other processes, and it holds on a busy machine, where
//   the wall against the CPU mostly measures the contention.
const { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } = require('node:fs');
const { join, relative } = require('node:path');
const NodeEnvironment = require('jest-environment-node').TestEnvironment;

const TICK = 100; // clock ticks a second (getconf CLK_TCK on Linux)

/** utime+stime+cutime+cstime of a process, in seconds (0 once it is gone). */
function cpuOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / TICK;
  } catch {
    return 0;
  }
}

/** CPU seconds of a process and its live descendants (children it reaped are in its own cutime/cstime). */
function treeCpu(root) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(entry));
    } catch {}
  }
  let total = 0;
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop();
    total += cpuOf(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return total;
}

/** This thread's time on a core and waiting in the run queue, in seconds (0, 0 where the kernel does not say). */
function threadSchedule() {
  try {
    const [run, queued] = readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ').map(Number);
    return { run: run / 1e9, queued: queued / 1e9 };
  } catch {
    return { run: 0, queued: 0 };
  }
}

let playwright = null;
/** Launched browsers by their launch options (JSON), kept for the worker's life. */
const browsers = new Map();

/** This worker's Chromium for these launch options, launched on first use (again if it went away). */
async function sharedChromium(options) {
  const key = JSON.stringify(options);
  const running = browsers.get(key);
  if (running) {
    const browser = await running.catch(() => null);
    if (browser?.isConnected()) return browser;
    if (browsers.get(key) === running) browsers.delete(key);
    return sharedChromium(options);
  }
  playwright ??= require('playwright-core');
  const launched = playwright.chromium.launch(options);
  browsers.set(key, launched);
  return launched;
}

class KauriEnvironment extends NodeEnvironment {
  constructor(config, context) {
    super(config, context);
    this.rootDir = config.globalConfig.rootDir;
    this.testPath = context.testPath;
    this.global.__kauriSharedChromium = sharedChromium;
  }
  async setup() {
    if (process.env.JEST_CPU)
      this.started = { cpu: treeCpu(process.pid), self: process.cpuUsage(), at: Date.now(), thread: threadSchedule() };
    await super.setup();
  }
  async teardown() {
    // What a file leaves open in the shared Chromium (a context a failed test did not close: its pages would go on
    // polling) is closed with it. Run in band (no worker), Chromium is stopped as well: nothing else stops it then.
    for (const [key, launched] of browsers) {
      const browser = await launched.catch(() => null);
      if (!process.send) {
        browsers.delete(key);
        await browser?.close().catch(() => {});
      } else for (const context of browser?.contexts() ?? []) await context.close().catch(() => {});
    }
    await super.teardown();
    if (!this.started) return;
    const self = process.cpuUsage(this.started.self);
    const wall = (Date.now() - this.started.at) / 1000;
    const thread = threadSchedule();
    const busy = thread.run - this.started.thread.run + thread.queued - this.started.thread.queued;
    const dir = join(this.rootDir, '.tmp', 'cpu');
    if (!existsSync(dir)) mkdirSync(dir, { recursive: true });
    const file = relative(this.rootDir, this.testPath);
    writeFileSync(
      join(dir, `${file.replaceAll('/', '__')}.json`),
      JSON.stringify({
        file,
        wall,
        cpu: treeCpu(process.pid) - this.started.cpu,
        worker: (self.user + self.system) / 1e6,
        idle: thread.run ? Math.max(0, wall - busy) : null,
        // Which worker ran it: a worker past workerIdleMemoryLimit is replaced (with a new Chromium for the browser files).
        pid: process.pid,
      }),
    );
  }
}

module.exports = KauriEnvironment;
