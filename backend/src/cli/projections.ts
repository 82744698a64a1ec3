import cliProgress from 'cli-progress';
import { allProjections } from '../projections/index.js';
import { loadConfig } from '../platform/config.js';
import type { RuntimeInfo } from '../platform/operations/runtime-file.js';
import type { DataFolderLock } from '../platform/operations/data-lock.js';
import { reachData } from './data-folder.js';
import {
  ProjectionEngine,
  type ProjectionInfo,
  type RebuildProgress,
} from '../platform/projection-engine/projection-engine.js';
import { RegisterReconciliation, type ReconciliationStatus } from '../domains/register/reconciliation.js';
import { openStores } from '../platform/stores.js';
import type { JobRunner } from '../platform/jobs/job-runner.js';

/**
 * npm run projections -- status
 * npm run projections -- rebuild [name…]     (all when none is named)
 * npm run projections -- resume <name>
 * npm run projections -- reconcile          (every register figure each read model declares against the asset registers; exit 1 on drift)
 *
 * With an app running on the same DATA_DIR the tool works through it (its operations API, authorised by the
 * app's runtime file); otherwise it opens the configured stores itself — on embedded data under the folder's
 * lock, refusing while another process holds it (cli/data-folder.ts).
 */
const USAGE = 'usage: npm run projections -- status | rebuild [name…] | resume <name> | reconcile';

interface Operations {
  mode: string;
  status(): Promise<ProjectionInfo[]>;
  rebuild(name: string, onProgress: (p: RebuildProgress) => void): Promise<void>;
  resume(name: string): Promise<ProjectionInfo | undefined>;
  reconcile(onProgress: (checked: number, total: number) => void): Promise<ReconciliationStatus>;
  /** The background jobs, as the running app sees them (null standalone: no job runs in this tool). */
  jobs(): Promise<JobsStatus | null>;
  close(): Promise<void>;
}

type JobsStatus = Awaited<ReturnType<JobRunner['status']>>;

function throughApp(app: RuntimeInfo): Operations {
  const base = `http://127.0.0.1:${app.port}/api/operations/projections`;
  const call = async <T>(method: string, path = '', url = base): Promise<T> => {
    const res = await fetch(url + path, { method, headers: { authorization: `Ops ${app.opsToken}` } });
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
    jobs: () => call<JobsStatus>('GET', '', `http://127.0.0.1:${app.port}/api/operations/jobs`),
    async reconcile(onProgress) {
      const url = `http://127.0.0.1:${app.port}/api/operations/reconciliation`;
      await call('POST', '', url);
      for (;;) {
        await new Promise((r) => setTimeout(r, 200));
        const status = await call<ReconciliationStatus>('GET', '', url);
        onProgress(status.checked, status.total);
        if (!status.running) return status;
      }
    },
    async close() {},
  };
}

async function standalone(lock: DataFolderLock | null): Promise<Operations> {
  const config = loadConfig();
  const stores = await openStores(config, ['readStore', 'vault']);
  const { events, readStore: reads } = stores;
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
    jobs: async () => null,
    reconcile(onProgress) {
      const run = new RegisterReconciliation(events, reads, { caughtUp: (position) => engine.waitFor(position) });
      return run.start(onProgress);
    },
    async close() {
      await engine.stop();
      await stores.close();
      lock?.release();
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
      'ev/s (last 10 s)': p.rate,
      'last error': p.lastError ? `${p.lastError.eventType} @ ${p.lastError.position}: ${p.lastError.message}` : '',
      // Live and serving from memory, but storing its copy failed transiently (deadlock, lost connection): retried.
      stored: p.persistence
        ? `retrying (${p.persistence.attempts} failed: ${p.persistence.lastError}; next ${p.persistence.nextAttemptAt})`
        : 'yes',
    })),
  );
}

/** Which replica runs each background job, and how far a subscription has got. */
function printJobs(status: JobsStatus | null): void {
  if (!status) return;
  const replica = (r: { host: string; pid: number } | null) => (r ? `${r.host} pid ${r.pid}` : '—');
  console.log(
    `jobs: leases ${status.leases}; ${status.replicas.length} live replica(s); answered by ${replica(status.replica)}`,
  );
  console.table(
    status.jobs.map((j) => ({
      job: j.name,
      kind: j.kind,
      runs: j.scope === 'every-replica' ? 'every replica' : 'one replica',
      holder: j.scope === 'every-replica' ? 'each' : replica(j.holder),
      checkpoint: j.checkpoint ?? '',
      lag: j.lag ?? '',
      'last run': j.lastRun ? `${j.lastRun.startedAt}${j.lastRun.error ? ` failed: ${j.lastRun.error}` : ''}` : '',
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

/** Compares with a progress bar; prints every drift; exit code 1 when there is any (or the run failed). */
async function reconcileWithBar(ops: Operations): Promise<void> {
  const bar = new cliProgress.SingleBar(
    {
      format: `${'reconcile'.padEnd(16)} [{bar}] {percentage}% | {value}/{total} assets | ETA {eta_formatted}`,
      hideCursor: true,
      noTTYOutput: true,
      notTTYSchedule: 1000,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(1, 0);
  const status = await ops.reconcile((checked, total) => {
    bar.setTotal(Math.max(total, 1));
    bar.update(checked);
  });
  bar.update(bar.getTotal());
  bar.stop();
  if (status.error) throw new Error(`reconciliation failed: ${status.error}`);
  const seconds = ((status.durationMs ?? 0) / 1000).toFixed(1);
  if (status.drift.length === 0) {
    const note = status.unsettled > 0 ? `; ${status.unsettled} offering(s) still being settled by the sweep` : '';
    console.log(`register: ${status.assets} asset(s), every read model agrees with the register (${seconds} s)${note}`);
    return;
  }
  console.table(
    status.drift.map((d) => ({
      asset: d.assetId ?? (d.ownerId ? `owner ${d.ownerId}` : 'platform'),
      'read model': d.readModel,
      offering: d.offeringId ?? '',
      field: d.field,
      register: d.expected ?? '—',
      'read model says': d.actual ?? '—',
    })),
  );
  console.error(`register: DRIFT — ${status.drift.length} figure(s) differ across ${status.assets} asset(s)`);
  process.exitCode = 1;
}

const [command, ...names] = process.argv.slice(2);
if (!command || !['status', 'rebuild', 'resume', 'reconcile'].includes(command)) {
  console.error(USAGE);
  process.exit(2);
}
const access = reachData(loadConfig(), `npm run projections -- ${command}`);
const ops = access.app ? throughApp(access.app) : await standalone(access.lock);
console.log(`projections: ${ops.mode}`);
try {
  const known = (await ops.status()).map((p) => p.name);
  const unknown = names.filter((n) => !known.includes(n));
  if (unknown.length > 0) throw new Error(`unknown projection(s): ${unknown.join(', ')}. Known: ${known.join(', ')}`);
  if (command === 'status') {
    printStatus(await ops.status());
    printJobs(await ops.jobs());
  }
  if (command === 'rebuild') for (const name of names.length > 0 ? names : known) await rebuildWithBar(ops, name);
  if (command === 'resume') {
    if (names.length !== 1) throw new Error(USAGE);
    printStatus([(await ops.resume(names[0]!))!]);
  }
  if (command === 'reconcile') await reconcileWithBar(ops);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await ops.close();
}
