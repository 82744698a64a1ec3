import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, closeSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readRuntimeFile } from '../platform/operations/runtime-file.js';
import { BENCH_CHAIN } from './boot.bench.js';
import type { FilledHistory } from './history.js';
import { RawClient } from './raw-client.js';
import { SERVE_NODE_FLAGS } from '../serve-flags.js';

/**
 * The read path over HTTP: the built app (`dist/main.js`, the embedded default, logging at `info` to a file as
 * in production) beside a bare node:http server answering the same paths with the same bytes, both in their own
 * process, driven by a keep-alive load generator in this one (raw-client.ts: cheaper per request than either server,
 * and its own CPU time is printed beside theirs). Two reads: the public `GET /api/early-access`
 * and `GET /api/holdings` of a signed-in investor (session cookie) who holds three investments.
 * Throughput: CONNECTIONS requests always in flight for DURATION_MS (after a warm-up). Latency: an open loop at
 * RATE requests a second, each timed from when it was due (so a stall counts for every request it delayed).
 */
export interface HttpFigures {
  path: string;
  /** Requests a second, the median of the runs; and each run's. */
  appRps: number;
  bareRps: number;
  runs: { app: number; bare: number }[];
  /**
   * The app against the bare server: the median of each run's ratio (app and bare measured back to back), the
   * figure the targets are judged by. A shared machine's speed drifts between runs, by half at times; within a
   * pair it moves far less, so a paired ratio holds where the ratio of the two medians does not.
   */
  ratio: number;
  /** The app's p99 against the bare server's, the median of each run's ratio (the same pairing). */
  p99Ratio: number;
  /** At RATE requests a second, in milliseconds (the median run's). */
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  bareP99Ms: number;
  /** Server process CPU time (user + system) per request in the throughput runs, µs (median run); null off Linux. */
  appCpuUs: number | null;
  bareCpuUs: number | null;
  /**
   * The load generator's own CPU time per request in the bare server's throughput runs (µs, median run), and the
   * share of one core it kept busy there: near 1 would mean the client, not the bare server, set the baseline.
   */
  clientCpuUs: number;
  clientBusy: number;
  errors: number;
}

export const CONNECTIONS = 32;
export const RATE = 500;
const DURATION_MS = 3000;
const WARM_UP_MS = 1000;
const RUNS = 5;

const DIST = fileURLToPath(new URL('../', import.meta.url));
/** The app as `npm start` runs it (scripts/start.mjs): the bundle, with source maps on. */
const APP = [...SERVE_NODE_FLAGS, fileURLToPath(new URL('../../bundle/main.js', import.meta.url))];

/**
 * How long a server may take to answer at all. The app's first boot on a seeded folder builds every read model from
 * the log: 180 s for 1,000,000 events on this machine on 2026-11-28 at night, past the 120 s allowed before.
 */
const START_LIMIT_MS = 600_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Starts a process and resolves once `ready` answers true (polled), or rejects when it exits first. */
async function startProcess(
  args: string[],
  env: Record<string, string>,
  logFile: string,
  ready: () => Promise<boolean>,
) {
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', log, log] });
  closeSync(log);
  let exited: number | null | undefined;
  child.on('exit', (code) => (exited = code));
  const started = Date.now();
  for (;;) {
    if (exited !== undefined) throw new Error(`${args.join(' ')} exited with ${exited}: see ${logFile}`);
    if (await ready().catch(() => false)) return child;
    if (Date.now() - started > START_LIMIT_MS) {
      child.kill('SIGKILL');
      throw new Error(`${args.join(' ')} did not start: see ${logFile}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.on('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

interface Target {
  origin: string;
  path: string;
  headers: Record<string, string>;
  /** The server's process, whose CPU time the throughput runs read. */
  pid?: number;
}

/** Measures the app and the bare server one after the other, in the order given. */
async function inTurn<T>(appFirst: boolean, measure: (server: 'app' | 'bare') => Promise<T>) {
  const first = await measure(appFirst ? 'app' : 'bare');
  const second = await measure(appFirst ? 'bare' : 'app');
  return appFirst ? { app: first, bare: second } : { app: second, bare: first };
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); null where that cannot be read. */
function cpuSeconds(pid: number | undefined): number | null {
  try {
    // Fields after the command name (which may hold spaces, so split after its closing parenthesis): utime is
    // the 14th field of the line, stime the 15th, in clock ticks (100 a second on Linux).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/**
 * Keeps `CONNECTIONS` requests in flight on `client` until `until` (a `performance.now()` time): how many were
 * answered, and how many of those not with 200.
 */
async function keepBusy(client: RawClient, until: number): Promise<{ requests: number; errors: number }> {
  let requests = 0;
  let errors = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        if ((await client.send()) !== 200) errors++;
        requests++;
      }
    }),
  );
  return { requests, errors };
}

/**
 * Completed requests a second with `CONNECTIONS` always in flight; and, given the server's pid, the server's CPU
 * time per request over the timed part (µs).
 */
async function throughput(
  target: Target,
): Promise<{ rps: number; errors: number; cpuUs: number | null; clientCpuUs: number; clientBusy: number }> {
  const client = await RawClient.open(target.origin, target.path, target.headers, CONNECTIONS);
  try {
    const warm = await keepBusy(client, performance.now() + WARM_UP_MS);
    const cpuBefore = cpuSeconds(target.pid);
    const clientBefore = process.cpuUsage();
    const started = performance.now();
    const timed = await keepBusy(client, started + DURATION_MS);
    const seconds = (performance.now() - started) / 1000;
    const clientUsed = process.cpuUsage(clientBefore);
    const cpuAfter = cpuSeconds(target.pid);
    const { requests } = timed;
    const cpuUs = cpuBefore !== null && cpuAfter !== null ? ((cpuAfter - cpuBefore) * 1e6) / requests : null;
    const clientUs = clientUsed.user + clientUsed.system;
    return {
      rps: requests / seconds,
      errors: warm.errors + timed.errors,
      cpuUs,
      clientCpuUs: clientUs / requests,
      clientBusy: clientUs / 1e6 / seconds,
    };
  } finally {
    client.close();
  }
}

/** An open loop at `RATE` requests a second: each latency counts from when the request was due. */
async function latency(target: Target): Promise<{ p50: number; p99: number; max: number; errors: number }> {
  const client = await RawClient.open(target.origin, target.path, target.headers, CONNECTIONS);
  const latencies: number[] = [];
  let errors = 0;
  const one = async (due: number) => {
    if ((await client.send()) !== 200) errors++;
    latencies.push(performance.now() - due);
  };
  try {
    const total = Math.round((RATE * DURATION_MS) / 1000);
    const started = performance.now();
    const inFlight: Promise<void>[] = [];
    for (let sent = 0; sent < total; ) {
      const now = performance.now();
      // Everything due by now goes out at once: a late timer does not lower the rate.
      for (; sent < total && started + (sent * 1000) / RATE <= now; sent++) {
        inFlight.push(one(started + (sent * 1000) / RATE));
      }
      await new Promise((r) => setTimeout(r, 1));
    }
    await Promise.all(inFlight);
  } finally {
    client.close();
  }
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  return { p50: at(0.5), p99: at(0.99), max: latencies.at(-1)!, errors };
}

/**
 * The HTTP reads, measured once the app had done its start-up work (`startUpMs` after its first answer) and then
 * answered SETTLE_MS of reads (`settling`: early access, requests a second in each SETTLE_WINDOW_MS).
 */
export interface HttpBench {
  startUpMs: number;
  settling: number[];
  reads: HttpFigures[];
}

/**
 * After a restart on 1,000,000 events the app answers reads at a third to a half of its later rate for about a
 * minute, its start-up work done or not: V8 is still collecting the heap the read models were loaded into (the
 * garbage collector 15 % of the event loop then, 7 % later; 2026-11-28). A restart's figure, not the read path's: the
 * runs are measured after a minute of reads, whose rates are printed.
 */
const SETTLE_MS = 60_000;
export const SETTLE_WINDOW_MS = 5_000;

/** What the reads waited for, as the bench's printers say it. */
export function settlingSummary({ startUpMs, settling }: Pick<HttpBench, 'startUpMs' | 'settling'>): string {
  const rates = settling.map((r) => r.toLocaleString('en-NZ')).join(', ');
  return (
    `the app's start-up work was done ${startUpMs.toLocaleString('en-NZ')} ms after its first answer; early access then ` +
    `answered ${rates} req/s (${SETTLE_WINDOW_MS / 1000} s each) before the measured runs`
  );
}

/** Keeps CONNECTIONS reads in flight for SETTLE_MS; returns the requests a second of each window. */
async function settle(target: Target): Promise<number[]> {
  const client = await RawClient.open(target.origin, target.path, target.headers, CONNECTIONS);
  const rates: number[] = [];
  try {
    for (let at = 0; at < SETTLE_MS; at += SETTLE_WINDOW_MS) {
      const { requests } = await keepBusy(client, performance.now() + SETTLE_WINDOW_MS);
      rates.push(Math.round(requests / (SETTLE_WINDOW_MS / 1000)));
    }
  } finally {
    client.close();
  }
  return rates;
}

/**
 * Waits until the app has done the work a start begins in the background, and says how long after its first answer
 * that was: every read model loaded into memory (health: `readStore.loading` 0) and the register's first
 * reconciliation finished (health: `register.checkedAt`). Until then reads share the event loop with that work — on
 * 1,000,000 events about half a minute, answering about a third as many requests a second (2026-11-28) — so a read
 * measured then is a restart's figure, not the read path's.
 */
async function startUpDone(origin: string, opsToken: string): Promise<number> {
  const started = performance.now();
  for (;;) {
    // As an operator: anyone else reads the verdict only.
    const res = await fetch(`${origin}/api/health`, { headers: { authorization: `Ops ${opsToken}` } });
    const health = (await res.json()) as {
      readStore?: { loading?: number };
      register?: { checkedAt?: string | null };
    };
    const loaded = (health.readStore?.loading ?? 0) === 0;
    if (loaded && health.register?.checkedAt) return Math.round(performance.now() - started);
    if (performance.now() - started > 300_000) throw new Error('the app did not finish its start-up work in 300 s');
    await new Promise((r) => setTimeout(r, 250));
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Boots the app on `dataDir` (an embedded data folder seeded by seed.ts, whose history has a signed-in investor)
 * and measures both reads against the bare server, RUNS times each, alternating.
 */
export async function benchHttp(
  dataDir: string,
  signedIn: FilledHistory['signedIn'],
  log: (what: string) => void = () => {},
): Promise<HttpBench> {
  const appPort = await freePort();
  const appOrigin = `http://127.0.0.1:${appPort}`;
  const healthy = async (origin: string, path: string) => (await fetch(origin + path)).ok;
  const env = {
    ...BENCH_CHAIN,
    DATA_DIR: dataDir,
    PORT: String(appPort),
    EVENT_STORE: '',
    READ_STORE: '',
    LOG_LEVEL: 'info',
  };
  log('starting the app');
  const app = await startProcess(APP, env, join(dataDir, 'bench-app.log'), () =>
    healthy(appOrigin, '/api/early-access'),
  );
  let bare: ChildProcess | undefined;
  try {
    log('waiting for the app to finish its start-up work');
    const startUpMs = await startUpDone(appOrigin, readRuntimeFile(dataDir)!.opsToken);
    log(`start-up work done after ${startUpMs} ms; ${SETTLE_MS / 1000} s of reads before the measured runs`);
    const settling = await settle({ origin: appOrigin, path: '/api/early-access', headers: {} });
    const reads: { path: string; headers: Record<string, string> }[] = [
      { path: '/api/early-access', headers: {} },
      { path: '/api/holdings', headers: { cookie: `kauri.sid=${signedIn.token}` } },
    ];
    const bodies: Record<string, string> = {};
    for (const { path, headers } of reads) {
      const res = await fetch(appOrigin + path, { headers });
      if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
      bodies[path] = await res.text();
    }
    if (!JSON.parse(bodies['/api/holdings']!).holdings?.length) throw new Error('the investor holds nothing');
    const bodiesFile = join(dataDir, 'bench-bodies.json');
    writeFileSync(bodiesFile, JSON.stringify(bodies));
    const barePort = await freePort();
    const bareOrigin = `http://127.0.0.1:${barePort}`;
    bare = await startProcess(
      [`${DIST}bench/bare-server.js`, bodiesFile, String(barePort)],
      {},
      join(dataDir, 'bench-bare.log'),
      () => healthy(bareOrigin, '/api/early-access'),
    );

    const servers = { app: { origin: appOrigin, pid: app.pid }, bare: { origin: bareOrigin, pid: bare.pid } };
    const figures: HttpFigures[] = [];
    for (const { path, headers } of reads) {
      const runs: { app: number; bare: number }[] = [];
      const cpu: { app: number | null; bare: number | null }[] = [];
      const client: { us: number; busy: number }[] = [];
      const lat: Awaited<ReturnType<typeof latency>>[] = [];
      const bareLat: Awaited<ReturnType<typeof latency>>[] = [];
      let errors = 0;
      for (let run = 1; run <= RUNS; run++) {
        log(`GET ${path}: run ${run}/${RUNS}`);
        // Which server goes first alternates, so that neither is always measured on a machine just warmed (or
        // slowed) by the other.
        const appFirst = run % 2 === 0;
        const { app: a, bare: b } = await inTurn(appFirst, (s) => throughput({ ...servers[s], path, headers }));
        runs.push({ app: a.rps, bare: b.rps });
        cpu.push({ app: a.cpuUs, bare: b.cpuUs });
        client.push({ us: b.clientCpuUs, busy: b.clientBusy });
        const timed = await inTurn(appFirst, (s) => latency({ ...servers[s], path, headers }));
        lat.push(timed.app);
        bareLat.push(timed.bare);
        errors += a.errors + b.errors + timed.app.errors;
      }
      const mid = [...lat].sort((x, y) => x.p99 - y.p99)[Math.floor(lat.length / 2)]!;
      figures.push({
        path,
        appRps: median(runs.map((r) => r.app)),
        bareRps: median(runs.map((r) => r.bare)),
        runs,
        ratio: median(runs.map((r) => r.app / r.bare)),
        p99Ratio: median(lat.map((l, n) => l.p99 / bareLat[n]!.p99)),
        p50Ms: mid.p50,
        p99Ms: mid.p99,
        maxMs: mid.max,
        bareP99Ms: median(bareLat.map((l) => l.p99)),
        appCpuUs: cpu.some((c) => c.app === null) ? null : median(cpu.map((c) => c.app!)),
        bareCpuUs: cpu.some((c) => c.bare === null) ? null : median(cpu.map((c) => c.bare!)),
        clientCpuUs: median(client.map((c) => c.us)),
        clientBusy: median(client.map((c) => c.busy)),
        errors,
      });
    }
    return { startUpMs, settling, reads: figures };
  } finally {
    if (bare) await stop(bare);
    await stop(app);
  }
}
