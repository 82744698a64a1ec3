// Jest's node environment that also records each test file's CPU time (its worker and every process the file
// started, from /proc) to .tmp/cpu/: used when JEST_CPU=1 (`npm test` prints the heaviest files then).
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

class CpuEnvironment extends NodeEnvironment {
  constructor(config, context) {
    super(config, context);
    this.rootDir = config.globalConfig.rootDir;
    this.testPath = context.testPath;
  }
  async setup() {
    this.started = { cpu: treeCpu(process.pid), self: process.cpuUsage(), at: Date.now() };
    await super.setup();
  }
  async teardown() {
    await super.teardown();
    const self = process.cpuUsage(this.started.self);
    const dir = join(this.rootDir, '.tmp', 'cpu');
    if (!existsSync(dir)) mkdirSync(dir, { recursive: true });
    const file = relative(this.rootDir, this.testPath);
    writeFileSync(
      join(dir, `${file.replaceAll('/', '__')}.json`),
      JSON.stringify({
        file,
        wall: (Date.now() - this.started.at) / 1000,
        cpu: treeCpu(process.pid) - this.started.cpu,
        worker: (self.user + self.system) / 1e6,
      }),
    );
  }
}

module.exports = CpuEnvironment;
