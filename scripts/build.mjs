// Builds what is out of date (Nx caches each project's build by its inputs).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

export function build(projects = ['backend', 'frontend'], { quiet = false } = {}) {
  const names = projects.map((p) => `@kauri/${p}`).join(',');
  const result = spawnSync('npx', ['nx', 'run-many', '-t', 'build', '-p', names, '--outputStyle=static'], {
    cwd: root,
    stdio: quiet ? 'pipe' : 'inherit',
    encoding: 'utf8',
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' },
  });
  if (result.status !== 0) {
    if (quiet) process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
    process.exit(result.status ?? 1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`)
  build(process.argv.slice(2).length ? process.argv.slice(2) : undefined);
