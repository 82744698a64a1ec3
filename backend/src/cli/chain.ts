import cliProgress from 'cli-progress';
import type { RunningApp } from '../app.js';
import { loadConfig } from '../platform/config.js';
import type { RuntimeInfo } from '../platform/operations/runtime-file.js';
import { DataFolderBusyError } from '../platform/operations/data-lock.js';
import { embeddedData, reachData, refuse } from './data-folder.js';
import type { ChainFlowRebuild, ChainFlowStatus } from '../domains/tokens/chain-outbox.js';
import type { SnapshotHead } from '../domains/tokens/flow-checkpoint.js';

/**
 * npm run chain -- reconcile        compare on-chain balances (Transfer logs) with the register; exit 1 on drift
 * npm run chain -- import-signer    store the platform's signer key for CHAIN_RPC_URL (read from standard input)
 * npm run chain -- status           the chain outbox's fold: its position, the log's head and lag, its snapshot
 * npm run chain -- rebuild          drop the fold's snapshot and fold the log from position 0
 *
 * With an app running on the same DATA_DIR, reconcile asks it (its health, which reconciles); otherwise it boots
 * the app's stores and chain in this process, lets the outbox send what is pending, and compares. Status and rebuild
 * work through the running app's operations API (/api/operations/chain-outbox, its runtime file's ops token);
 * without one, status reads the stored snapshot and the log, and rebuild boots the app in this process to rebuild.
 * The app's modules and the stores are imported only on the paths that open them: through the running app the tool
 * is an HTTP client, and importing the app (NestJS, the domains, viem) cost it about 3 CPU-seconds.
 */
const USAGE = 'usage: npm run chain -- reconcile | import-signer | status | rebuild';
const WAIT_MS = 120_000;

interface ChainHealth {
  ok: boolean;
  kind: string;
  chainId: number | null;
  head: number | null;
  drift: number | null;
  pending: number | null;
  /** Transactions that will not happen by themselves (an admin retries them). */
  problems?: number | null;
  detail?: string;
}

/** How long pending transactions may stay as they are before the tool stops waiting for them. */
const STILL_MS = 15_000;

function progress() {
  const bar = new cliProgress.SingleBar(
    { format: 'settling chain transactions [{bar}] {value}/{total} | ETA {eta_formatted}', noTTYOutput: true },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  let most = 0;
  return {
    update(pending: number) {
      most = Math.max(most, pending);
      if (!started && most > 0) {
        bar.start(most, 0);
        started = true;
      }
      if (started) {
        bar.setTotal(most);
        bar.update(most - pending);
      }
    },
    stop: () => started && bar.stop(),
  };
}

async function throughApp(app: RuntimeInfo): Promise<ChainHealth> {
  const bar = progress();
  const until = Date.now() + WAIT_MS;
  let chain: ChainHealth;
  // Pending ones that stay as they are (waiting behind something held up) end the wait sooner: no ETA of "never".
  let last = -1;
  let lastChange = Date.now();
  do {
    // As an operator: the chain's figures are not for anyone.
    const res = await fetch(`http://127.0.0.1:${app.port}/api/health`, {
      headers: { authorization: `Ops ${app.opsToken}` },
    });
    chain = ((await res.json()) as { chain: ChainHealth }).chain;
    bar.update(chain.pending ?? 0);
    if (!chain.ok || !chain.pending) break;
    if (chain.pending !== last) [last, lastChange] = [chain.pending, Date.now()];
    else if (Date.now() - lastChange > STILL_MS) break;
    await new Promise((r) => setTimeout(r, 250));
  } while (Date.now() < until);
  bar.stop();
  if (chain.pending) console.log(`  ${chain.pending} chain transaction(s) still pending, not moving`);
  if (chain.problems)
    console.log(
      `  held up: ${chain.problems} chain transaction(s) — an admin retries them once the cause is dealt with (the operations page, GET /api/admin/chain/problems)`,
    );
  return chain;
}

/**
 * Boots the app in this process (stores, chain and all, not listening). Its own boot takes the data folder's lock
 * (as `npm start` does), refusing while another process has it.
 */
async function bootHere(tool: string): Promise<RunningApp> {
  const { createApp } = await import('../app.js');
  let running: RunningApp;
  try {
    running = await createApp({ env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' }, lockAs: tool });
  } catch (error) {
    if (error instanceof DataFolderBusyError) refuse(error);
    throw error;
  }
  try {
    await running.app.init();
    // The app opens its chain and starts its jobs in the background; a tool works with both.
    await running.jobs.started;
    await running.chain?.ready();
  } catch (error) {
    await running.close();
    throw error;
  }
  return running;
}

async function standalone(): Promise<ChainHealth> {
  const running = await bootHere('npm run chain -- reconcile');
  try {
    const chain = running.chain;
    if (!chain) return { ok: true, kind: 'off', chainId: null, head: null, drift: null, pending: null };
    const health = await chain.health();
    if (!health.ok) return { ...health, drift: null, pending: null };
    const { ChainOutbox } = await import('../domains/tokens/chain-outbox.js');
    const { ChainReconciler } = await import('../domains/tokens/chain-balances.js');
    const { chainProblems } = await import('../domains/tokens/flow.js');
    const outbox = running.app.get(ChainOutbox);
    const bar = progress();
    const until = Date.now() + WAIT_MS;
    while (Date.now() < until && !(await outbox.settled(1000))) bar.update(outbox.pending());
    bar.stop();
    const reconciler = running.app.get(ChainReconciler);
    const result = await reconciler.reconcile();
    for (const d of reconciler.drifts)
      console.log(
        `  asset ${d.assetId}: ${d.personId ?? 'unknown holder'} ${d.wallet ?? ''} register ${d.expected}, chain ${d.onChain}`,
      );
    // Transactions that will not happen by themselves: an admin retries them (operations page) once the cause is dealt with.
    for (const p of chainProblems(outbox.state))
      console.log(`  held up: ${p.txId} (${p.kind}, ${p.status}) ${p.reason}${p.retryable ? ' — retryable' : ''}`);
    return { ...health, drift: result.drift, pending: result.pending };
  } finally {
    await running.close();
  }
}

async function importSigner(): Promise<void> {
  const config = loadConfig();
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const key = Buffer.concat(chunks).toString('utf8').trim();
  // No route of the running app takes a key: on embedded data this needs the folder to itself.
  const access = reachData(config, 'npm run chain -- import-signer');
  if (access.app && embeddedData(config)) {
    console.error(
      `The app is running on DATA_DIR ${config.dataDir} (pid ${access.app.pid}, port ${access.app.port}): stop it, then import the signer.`,
    );
    process.exit(1);
  }
  const { openStores } = await import('../platform/stores.js');
  const { ChainKeys } = await import('../platform/chain/keys.js');
  const stores = await openStores(config, ['vault']);
  try {
    const account = await new ChainKeys(stores.vault).importSigner(key);
    // The address only: the key never reaches a log or the terminal.
    console.log(`signer stored in the vault: ${account.address}`);
  } finally {
    await stores.close();
    if (!access.app) access.lock?.release();
  }
}

/** The running app's chain outbox operations (Authorization: Ops <token> from its runtime file). */
async function outboxCall<T>(app: RuntimeInfo, method: 'GET' | 'POST', path = ''): Promise<T> {
  const res = await fetch(`http://127.0.0.1:${app.port}/api/operations/chain-outbox${path}`, {
    method,
    headers: { authorization: `Ops ${app.opsToken}` },
  });
  const body = (await res.json()) as T & { message?: string };
  if (!res.ok) throw new Error(body.message ?? `${res.status} ${res.statusText}`);
  return body;
}

/** Without an app: the snapshots stored in the read store, against the log. */
async function storedStatus(): Promise<void> {
  const config = loadConfig();
  const { openStores } = await import('../platform/stores.js');
  const { FLOW_EVENT_TYPES, FLOW_SNAPSHOTS } = await import('../domains/tokens/flow-checkpoint.js');
  const { FLOW_VERSION } = await import('../domains/tokens/flow.js');
  const stores = await openStores(config, ['readStore']);
  const { storedEvents: events, readStore: reads } = stores;
  try {
    const head = await events.headPosition();
    const heads = await reads.collection<SnapshotHead>(FLOW_SNAPSHOTS).find({ chunks: { $exists: true } });
    if (reads.kind === 'memory')
      console.log('READ_STORE=memory keeps no snapshot between runs: each boot folds the log from position 0');
    if (heads.length === 0)
      console.log(`no snapshot stored: the next boot folds the log from position 0 (head ${head})`);
    for (const snapshot of heads) {
      const next = await events.readAll({
        eventTypes: FLOW_EVENT_TYPES,
        fromPosition: snapshot.position,
        maxCount: 1,
      });
      const usable = snapshot.version === FLOW_VERSION;
      console.log(
        `chain ${snapshot.chainId}: snapshot at position ${snapshot.position} (saved ${snapshot.savedAt}, version ${snapshot.version}${usable ? '' : `, not ${FLOW_VERSION}: ignored, the next boot folds from 0`}), head ${head}, lag ${next.length > 0 ? head - snapshot.position : 0}`,
      );
    }
  } finally {
    await stores.close();
  }
}

function printStatus(status: ChainFlowStatus): void {
  if (!status.enabled) {
    console.log('CHAIN=off: there is no chain outbox');
    return;
  }
  console.table([
    {
      chain: status.chainId,
      position: status.position,
      head: status.head,
      lag: status.lag,
      snapshot: status.snapshotPosition === null ? 'none' : `${status.snapshotPosition} at ${status.snapshotAt}`,
      version: status.version,
      folding: status.folding ? (status.caughtUp ? 'live' : 'catching up') : 'no',
      sending: status.sending,
      'folded since': `${status.eventsFolded} events from ${status.resumedFrom}`,
      rebuilding: status.rebuilding,
    },
  ]);
}

function printRebuild(result: ChainFlowRebuild): void {
  console.log(
    `chain outbox rebuilt: ${result.events} events folded from position 0 to ${result.position} in ${(result.durationMs / 1000).toFixed(1)} s; ${result.agreed ? 'the fold it replaced agreed' : 'the fold it replaced DIFFERED (see the app log)'}`,
  );
}

/** Starts a rebuild in the running app and follows it (progress bar) until its outcome. */
async function rebuildThroughApp(app: RuntimeInfo): Promise<ChainFlowRebuild> {
  const { requestedAt } = await outboxCall<{ requestedAt: string }>(app, 'POST', '/rebuild');
  const bar = new cliProgress.SingleBar(
    { format: 'folding from 0 [{bar}] {value}/{total} positions', noTTYOutput: true, notTTYSchedule: 1000 },
    cliProgress.Presets.shades_classic,
  );
  bar.start(1, 0);
  try {
    for (;;) {
      await new Promise((r) => setTimeout(r, 200));
      const status = await outboxCall<ChainFlowStatus>(app, 'GET');
      if (status.rebuild) {
        bar.setTotal(Math.max(status.rebuild.total, 1));
        bar.update(status.rebuild.position);
      }
      const last = status.lastRebuild;
      if (status.rebuilding || !last || last.finishedAt < requestedAt) continue;
      if (last.outcome === 'failed') throw new Error(`rebuild failed: ${last.error}`);
      return { position: last.position, events: last.events, durationMs: last.durationMs, agreed: last.agreed! };
    }
  } finally {
    bar.stop();
  }
}

/** Without an app: boots it here (chain and all, under the data folder's lock), rebuilds, and stops it. */
async function standaloneRebuild(): Promise<ChainFlowRebuild | null> {
  const running = await bootHere('npm run chain -- rebuild');
  try {
    if (!running.chain) return null;
    const { ChainOutbox } = await import('../domains/tokens/chain-outbox.js');
    return await running.app.get(ChainOutbox).rebuild();
  } finally {
    await running.close();
  }
}

const command = process.argv[2];
if (command === 'status' || command === 'rebuild') {
  const config = loadConfig();
  const access = reachData(config, `npm run chain -- ${command}`, { chain: true });
  // Standalone, a rebuild's boot of the app takes the lock itself; status reads the stores under it.
  if (!access.app && command === 'rebuild') access.lock?.release();
  const app = access.app;
  console.log(
    `chain outbox ${command}: ${app ? `through the running app (pid ${app.pid}, port ${app.port})` : 'standalone'}`,
  );
  try {
    if (command === 'status') {
      if (app) printStatus(await outboxCall<ChainFlowStatus>(app, 'GET'));
      else await storedStatus();
    } else {
      const result = app ? await rebuildThroughApp(app) : await standaloneRebuild();
      if (result) printRebuild(result);
      else console.log('CHAIN=off: there is no chain outbox to rebuild');
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  } finally {
    if (!access.app) access.lock?.release();
  }
} else if (command === 'import-signer') {
  await importSigner();
} else if (command === 'reconcile') {
  const config = loadConfig();
  const access = reachData(config, 'npm run chain -- reconcile', { chain: true });
  // Standalone, the app's boot below takes the lock itself.
  if (!access.app) access.lock?.release();
  const app = access.app;
  console.log(`chain reconcile: ${app ? `through the running app (pid ${app.pid}, port ${app.port})` : 'standalone'}`);
  const chain = app ? await throughApp(app) : await standalone();
  if (chain.kind === 'off') {
    console.log('CHAIN=off: no chain to reconcile');
    process.exit(0);
  }
  if (!chain.ok) {
    console.error(`chain not reachable: ${chain.detail ?? 'unknown'}`);
    process.exit(1);
  }
  console.log(
    `chain ${chain.chainId} (${chain.kind}) at block ${chain.head}: drift ${chain.drift}, pending ${chain.pending}`,
  );
  process.exit(chain.drift === 0 && chain.pending === 0 ? 0 : 1);
} else {
  console.error(USAGE);
  process.exit(2);
}
