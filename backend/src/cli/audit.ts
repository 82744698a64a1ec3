import cliProgress from 'cli-progress';
import type { IntegrityReport } from '../platform/event-store/integrity.js';
import { loadConfig } from '../platform/config.js';
import type { IntegrityCheckStatus } from '../platform/operations/integrity-check.js';
import type { RuntimeInfo } from '../platform/operations/runtime-file.js';
import type { DataFolderLock } from '../platform/operations/data-lock.js';
import { reachData } from './data-folder.js';
import { openStores } from '../platform/stores.js';

/**
 * npm run audit -- verify
 *
 * Recomputes every stream's hash chain and names the first broken link (exit code 1), with a progress bar.
 * With an app running on the same DATA_DIR the check runs inside it (its operations API, authorised by the
 * app's runtime file: the embedded store allows one process); otherwise the tool opens the store itself.
 * Hashes cover the stored bytes, sealed personal data included, so no key is needed to check them.
 */
const USAGE = 'usage: npm run audit -- verify';

type Progress = (checked: number, total: number) => void;

async function throughApp(app: RuntimeInfo, onProgress: Progress): Promise<IntegrityReport | null> {
  const url = `http://127.0.0.1:${app.port}/api/operations/integrity`;
  const call = async (method: string): Promise<IntegrityCheckStatus> => {
    const res = await fetch(url, { method, headers: { authorization: `Ops ${app.opsToken}` } });
    const body = (await res.json()) as IntegrityCheckStatus & { message?: string };
    if (!res.ok) throw new Error(body.message ?? `${res.status} ${res.statusText}`);
    return body;
  };
  let status = await call('POST');
  while (status.running || !status.finishedAt) {
    onProgress(status.checked, status.total);
    await new Promise((r) => setTimeout(r, 200));
    status = await call('GET');
  }
  if (status.error) throw new Error(status.error);
  return status.report;
}

async function standalone(onProgress: Progress, lock: DataFolderLock | null): Promise<IntegrityReport | null> {
  const stores = await openStores(loadConfig(), []);
  try {
    return await stores.storedEvents.verifyIntegrity(onProgress);
  } finally {
    await stores.close();
    lock?.release();
  }
}

if (process.argv[2] !== 'verify') {
  console.error(USAGE);
  process.exit(2);
}
const config = loadConfig();
const access = reachData(config, 'npm run audit -- verify');
const running = access.app;
console.log(
  `audit verify: ${running ? `through the running app (pid ${running.pid}, port ${running.port})` : `standalone on the ${config.eventStore} event store`}`,
);
const bar = new cliProgress.SingleBar(
  {
    format: 'hash chains [{bar}] {percentage}% | {value}/{total} events | ETA {eta_formatted}',
    hideCursor: true,
    noTTYOutput: true,
    notTTYSchedule: 1000,
  },
  cliProgress.Presets.shades_classic,
);
bar.start(1, 0);
const progress: Progress = (checked, total) => {
  bar.setTotal(Math.max(total, 1));
  bar.update(checked);
};
try {
  const report = running
    ? await throughApp(running, progress)
    : await standalone(progress, access.app ? null : access.lock);
  bar.update(bar.getTotal());
  bar.stop();
  if (!report) {
    console.log(`The ${config.eventStore} event store keeps no hash chains: its log is append-only on the server.`);
  } else if (!report.firstBroken) {
    console.log(`Intact: ${report.checkedEvents} events in ${report.checkedStreams} streams, every hash chain holds.`);
  } else {
    const b = report.firstBroken;
    console.error(
      `BROKEN: ${b.reason} at ${b.streamId} revision ${b.revision} (position ${b.position}, ${b.type}, event ${b.eventId}).`,
    );
    process.exitCode = 1;
  }
} catch (error) {
  bar.stop();
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
