import cliProgress from 'cli-progress';
import { allProjections } from '../projections/index.js';
import { loadConfig } from '../platform/config.js';
import { readRuntimeFile, type RuntimeInfo } from '../platform/operations/runtime-file.js';
import {
  ProjectionEngine,
  type ProjectionInfo,
  type RebuildProgress,
} from '../platform/projections/projection-engine.js';
import { PersonalDataProtection } from '../platform/privacy/personal-data.js';
import { openEventStore, openReadStore, openVault } from '../platform/stores.js';

/**
 * npm run projections -- status
 * npm run projections -- rebuild [name…]     (all when none is named)
 * npm run projections -- resume <name>
 *
 * With an app running on the same DATA_DIR the tool works through it (its operations API, authorised by the
 * app's runtime file); otherwise it opens the configured stores itself.
 */
const USAGE = 'usage: npm run projections -- status | rebuild [name…] | resume <name>';

interface Operations {
  mode: string;
  status(): Promise<ProjectionInfo[]>;
  rebuild(name: string, onProgress: (p: RebuildProgress) => void): Promise<void>;
  resume(name: string): Promise<ProjectionInfo | undefined>;
  close(): Promise<void>;
}

function throughApp(app: RuntimeInfo): Operations {
  const base = `http://127.0.0.1:${app.port}/api/operations/projections`;
  const call = async <T>(method: string, path = ''): Promise<T> => {
    const res = await fetch(base + path, { method, headers: { authorization: `Ops ${app.opsToken}` } });
    const body = (await res.json()) as T & { message?: string };
    if (!res.ok) throw new Error(body.message ?? `${res.status} ${res.statusText}`);
    return body;
  };
  return {
    mode: `through the running app (pid ${app.pid}, port ${app.port})`,
    status: () => call<ProjectionInfo[]>('GET'),
    async rebuild(name, onProgress) {
      await call('POST', `/${encodeURIComponent(name)}/rebuild`);
      for (;;) {
        await new Promise((r) => setTimeout(r, 200));
        const info = (await call<ProjectionInfo[]>('GET')).find((p) => p.name === name);
        if (info?.rebuild) onProgress(info.rebuild);
        else if (info?.status === 'failed') throw new Error(info.lastError?.message ?? 'rebuild failed');
        else return;
      }
    },
    resume: (name) => call<ProjectionInfo>('POST', `/${encodeURIComponent(name)}/resume`),
    async close() {},
  };
}

async function standalone(): Promise<Operations> {
  const config = loadConfig();
  const stored = await openEventStore(config);
  const vault = await openVault(config, stored);
  const events = new PersonalDataProtection(stored, vault);
  const reads = await openReadStore(config, stored);
  const engine = new ProjectionEngine(events, reads, allProjections);
  await engine.start();
  await engine.caughtUp();
  const note =
    reads.kind === 'memory'
      ? '; memory read models live in the app and are rebuilt at its boot, so this replays the log to check it'
      : '';
  return {
    mode: `standalone on ${events.kind} + ${reads.kind} (no app running on ${config.dataDir})${note}`,
    status: () => engine.status(),
    rebuild: (name, onProgress) => engine.rebuild(name, onProgress),
    async resume(name) {
      await engine.resume(name);
      return (await engine.status()).find((p) => p.name === name);
    },
    async close() {
      await engine.stop();
      await vault.close();
      await events.close();
      await reads.close();
    },
  };
}

function printStatus(rows: ProjectionInfo[]): void {
  console.table(
    rows.map((p) => ({
      projection: p.name,
      version: p.version,
      status: p.status,
      checkpoint: p.checkpoint,
      head: p.head,
      lag: p.lag,
      'rate (ev/s)': p.rate,
      'last error': p.lastError ? `${p.lastError.eventType} @ ${p.lastError.position}: ${p.lastError.message}` : '',
    })),
  );
}

async function rebuildWithBar(ops: Operations, name: string): Promise<void> {
  const bar = new cliProgress.SingleBar(
    {
      format: `${name.padEnd(16)} [{bar}] {percentage}% | {value}/{total} positions | {rate} ev/s | ETA {eta_formatted}`,
      hideCursor: true,
      noTTYOutput: true,
      notTTYSchedule: 1000,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(1, 0, { rate: 0 });
  const started = performance.now();
  await ops.rebuild(name, (p) => {
    bar.setTotal(Math.max(p.total, 1));
    bar.update(p.done, { rate: p.rate });
  });
  bar.update(bar.getTotal(), {});
  bar.stop();
  console.log(`${name}: rebuilt and swapped in (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}

const [command, ...names] = process.argv.slice(2);
if (!command || !['status', 'rebuild', 'resume'].includes(command)) {
  console.error(USAGE);
  process.exit(2);
}
const running = readRuntimeFile(loadConfig().dataDir);
const ops = running ? throughApp(running) : await standalone();
console.log(`projections: ${ops.mode}`);
try {
  const known = (await ops.status()).map((p) => p.name);
  const unknown = names.filter((n) => !known.includes(n));
  if (unknown.length > 0) throw new Error(`unknown projection(s): ${unknown.join(', ')}. Known: ${known.join(', ')}`);
  if (command === 'status') printStatus(await ops.status());
  if (command === 'rebuild') for (const name of names.length > 0 ? names : known) await rebuildWithBar(ops, name);
  if (command === 'resume') {
    if (names.length !== 1) throw new Error(USAGE);
    printStatus([(await ops.resume(names[0]!))!]);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await ops.close();
}
