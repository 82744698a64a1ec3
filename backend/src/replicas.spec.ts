import { type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server as NetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generatePrivateKey } from 'viem/accounts';
import { startAnvil, type EmbeddedAnvil } from './platform/chain/anvil.js';
import { ChainKeys } from './platform/chain/keys.js';
import { TRANSFER_MESSAGES } from './messages.js';
import { PostgresEventStore } from './platform/event-store/postgres-event-store.js';
import { scratchDatabase } from './platform/event-store/scratch-database.js';
import { readRuntimeFile } from './platform/operations/runtime-file.js';
import { SqlVault } from './platform/vault/sql-vault.js';
import { Api } from './testing/api.js';
import { bootBuilt, requireBuilt, stopBuilt } from './testing/built-app.js';
import * as offerings from './testing/offerings.js';
import { signUp } from './testing/users.js';
import { noncesByTransaction } from './testing/chain-nonces.js';

/**
 * Issue 29's test: three app processes on one PostgreSQL database and one chain, requests spread over them, the
 * holder of the background jobs SIGKILLed mid-load. Afterwards every job runs on a survivor, nothing is stopped,
 * pending or sent twice, and the survivors' read models are equal.
 */
const scratch = scratchDatabase('kauri_replicas');
const ADMIN = 'replicas-admin@example.nz';

/** An SMTP server that keeps each message's Message-ID (enough SMTP for nodemailer). */
function smtpSink(): Promise<{ server: NetServer; port: number; messageIds: string[] }> {
  const messageIds: string[] = [];
  const server = createServer((socket) => {
    let data = false;
    let buffer = '';
    socket.write('220 sink\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (data) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          data = false;
          messageIds.push(/^Message-ID:\s*(\S+)/im.exec(message)?.[1] ?? '(none)');
          socket.write('250 queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol).toUpperCase();
        buffer = buffer.slice(eol + 2);
        if (line.startsWith('EHLO') || line.startsWith('HELO')) socket.write('250 sink\r\n');
        else if (line === 'DATA') {
          data = true;
          socket.write('354 go on\r\n');
        } else if (line === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
    socket.on('error', () => undefined);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ server, port, messageIds });
    }),
  );
}

interface Replica {
  name: string;
  child: ChildProcess;
  url: string;
  opsToken: string;
  dataDir: string;
}

async function ops<T = any>(replica: Replica, path: string): Promise<T> {
  const res = await fetch(`${replica.url}${path}`, { headers: { authorization: `Ops ${replica.opsToken}` } });
  if (!res.ok) throw new Error(`${replica.name} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The same client (its cookies and read position) talking to another replica. */
function via<T extends Api>(api: T, replica: Replica): T {
  return Object.assign(Object.create(Object.getPrototypeOf(api)), api, { baseUrl: replica.url });
}

async function eventually<T>(what: string, probe: () => Promise<T | null>, ms = 60_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value !== null) return value;
    if (Date.now() > until) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('three replicas on one PostgreSQL database and one chain', () => {
  let anvil: EmbeddedAnvil;
  let sink: Awaited<ReturnType<typeof smtpSink>>;
  const replicas: Replica[] = [];
  const folders: string[] = [];

  beforeAll(async () => {
    requireBuilt();
    await scratch.create();
    anvil = await startAnvil({ dir: null });
    // The platform's signer, in the vault the replicas share, funded on the shared chain.
    const events = await PostgresEventStore.open({ connectionString: scratch.url, maxConnections: 2 });
    const vault = await SqlVault.open(events.database, 'postgres');
    const signer = await new ChainKeys(vault).importSigner(generatePrivateKey());
    await vault.close();
    await events.close();
    await fetch(anvil.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'anvil_setBalance',
        params: [signer.address, '0xd3c21bcecceda1000000'],
      }),
    });
    sink = await smtpSink();
  }, 120_000);

  afterAll(async () => {
    for (const r of replicas) if (r.child.exitCode === null && r.child.signalCode === null) await stopBuilt(r.child);
    await anvil?.stop();
    sink?.server.close();
    await scratch.drop().catch(() => undefined);
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });

  async function boot(name: string): Promise<Replica> {
    const dataDir = await mkdtemp(join(tmpdir(), `kauri-${name}-`));
    folders.push(dataDir);
    const { child, url } = await bootBuilt(dataDir, {
      EVENT_STORE: 'postgres',
      READ_STORE: 'postgres',
      DATABASE_URL: scratch.url,
      CHAIN: 'rpc',
      CHAIN_RPC_URL: anvil.url,
      CHAIN_ID: String(anvil.chainId),
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      ADMIN_EMAILS: ADMIN,
      AUTH_RATE_LIMIT_PER_IP: '1000000',
      AUTH_RATE_LIMIT_PER_ACCOUNT: '3',
    });
    const replica = { name, child, url, dataDir, opsToken: readRuntimeFile(dataDir)!.opsToken };
    replicas.push(replica);
    return replica;
  }

  it('keeps one truth when the holder of the background jobs is killed mid-load', async () => {
    const [a, b, c] = [await boot('a'), await boot('b'), await boot('c')];
    const all = [a, b, c];
    // Every job has one holder among the three (the first to boot took them).
    const jobs = await eventually('jobs held', async () => {
      const status = await ops(c, '/api/operations/jobs');
      const leased = status.jobs.filter((j: any) => j.scope === 'one-replica');
      return leased.every((j: any) => j.holder) && status.replicas.length === 3 ? leased : null;
    });
    const holderId = jobs[0].holder.id;
    expect(new Set(jobs.map((j: any) => j.holder.id))).toEqual(new Set([holderId]));
    const holderPid = jobs[0].holder.pid as number;
    const holder = all.find((r) => r.child.pid === holderPid)!;
    const survivors = all.filter((r) => r !== holder);

    // Set-up through one replica; the investors then spread their requests over all three.
    // Mail goes to the SMTP sink here, so the operator grants the role rather than ADMIN_EMAILS at confirmation.
    const admin = await signUp(a, { email: ADMIN, admin: true });
    const { offeringId, assetId } = await offerings.offeringFor(a, admin, 10_000, '10.00');
    const investors: (Api & { user: { id: string } })[] = [];
    for (let n = 0; n < 3; n++) investors.push(await offerings.verifiedInvestor(a, admin));

    let acknowledged = 0;
    const load = Array.from({ length: 24 }, (_, n) => {
      const replica = all[n % 3]!;
      const investor = via(investors[n % investors.length]!, replica);
      return investor
        .post('/api/invest', { offeringId, tokensRequested: 2, investmentAmount: 20 })
        .then((r) => {
          if (r.status === 201) acknowledged++;
        })
        .catch(() => null);
    });
    const registrations = Array.from({ length: 9 }, (_, n) =>
      fetch(`${all[n % 3]!.url}/api/register-interest`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(interestForm(n)),
      }).catch(() => null),
    );
    await new Promise((r) => setTimeout(r, 300));
    const killedAt = Date.now();
    holder.child.kill('SIGKILL');
    await Promise.all([...load, ...registrations]);
    expect(acknowledged).toBeGreaterThan(0);

    // Another replica holds every job within the lease timeout (the killed one's connection closed with it).
    const takenOver = await eventually(
      'jobs taken over',
      async () => {
        const status = await ops(survivors[0]!, '/api/operations/jobs');
        const leased = status.jobs.filter((j: any) => j.scope === 'one-replica');
        return leased.every((j: any) => j.holder && j.holder.pid !== holderPid) ? Date.now() : null;
      },
      15_000,
    );
    expect(takenOver - killedAt).toBeLessThan(10_000);

    // The chain settles: nothing pending, no drift, on each survivor.
    for (const r of survivors) {
      await eventually(`${r.name} settled`, async () => {
        const { chain } = await (
          await fetch(`${r.url}/api/health`, { headers: { authorization: `Ops ${r.opsToken}` } })
        ).json();
        return chain.ok && chain.pending === 0 && chain.drift === 0 ? chain : null;
      });
    }

    // Transfers between investors settle in a stablecoin: on a network with none configured, a proposal is refused
    // before it promises anything (it was accepted, then refused at the approval as if there were no chain).
    const proposal = await via(investors[1]!, survivors[0]!).post('/api/transfers', {
      assetId,
      toInvestorId: investors[2]!.user.id,
      tokens: 1,
      pricePerToken: '10.00',
    });
    expect([proposal.status, proposal.body.message]).toEqual([409, TRANSFER_MESSAGES.noSettlementCoin]);

    // No projection stopped; the survivors' read models are equal once both are at the log's head.
    for (const r of survivors) {
      const projections = await ops<any[]>(r, '/api/operations/projections');
      expect(projections.filter((p) => p.status !== 'live')).toEqual([]);
    }
    const sums = await eventually('same checkpoints', async () => {
      const [x, y] = await Promise.all(survivors.map((r) => ops(r, '/api/operations/projections/checksums')));
      return JSON.stringify(x.checkpoints) === JSON.stringify(y.checkpoints) ? [x, y] : null;
    });
    expect(sums[0].readModels).toEqual(sums[1].readModels);

    // Every chain transaction went through once, at a nonce of its own.
    const store = await PostgresEventStore.open({ connectionString: scratch.url, maxConnections: 2 });
    const txEvents = await store.readAll({ streamPrefixes: ['chain-tx-'], maxCount: 100_000 });
    await store.close();
    // One nonce per chain transaction (a batch's members share its hash and nonce).
    const { hashes, pairs } = noncesByTransaction(txEvents);
    expect(pairs).toBe(hashes);
    const byTx = new Map<string, string[]>();
    for (const e of txEvents) byTx.set(e.streamId, [...(byTx.get(e.streamId) ?? []), e.type]);
    for (const types of byTx.values()) expect(types.at(-1)).toBe('ChainTransactionConfirmed');

    // No mail went out twice (each carries its outbox's Message-ID).
    expect(sink.messageIds.length).toBeGreaterThan(0);
    expect(new Set(sink.messageIds).size).toBe(sink.messageIds.length);

    // A sign-out on one survivor is refused on the other right after its answer.
    const [one, other] = survivors as [Replica, Replica];
    const person = await signUp(one);
    const session = `kauri.sid=${person.cookie('kauri.sid')}`;
    const asPerson = (r: Replica) => fetch(`${r.url}/api/user`, { headers: { cookie: session } });
    expect((await asPerson(other)).status).toBe(200);
    const out = await via(person, one).post('/api/logout');
    expect(out.status).toBe(200);
    expect((await asPerson(other)).status).toBe(401);

    // So is a revoked role: the admin whose role one replica revokes is no admin on the other right after.
    const revoked = await signUp(one, { admin: true });
    expect((await via(revoked, other).get('/api/admin/registrations')).status).toBe(200);
    const revocation = await fetch(`${one.url}/api/operations/roles`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Ops ${one.opsToken}` },
      body: JSON.stringify({ email: revoked.user.email, role: 'admin', action: 'revoke' }),
    });
    expect(revocation.status).toBe(200);
    expect(
      (
        await fetch(`${other.url}/api/admin/registrations`, {
          headers: { cookie: `kauri.sid=${revoked.cookie('kauri.sid')}` },
        })
      ).status,
    ).toBe(403);

    // Failed sign-ins count once across replicas: three wrong passwords over the two, then the pair backs off.
    const target = await signUp(one);
    for (let n = 0; n < 3; n++) {
      const wrong = await fetch(`${survivors[n % 2]!.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: target.user.email, password: 'not the password' }),
      });
      expect(wrong.status).toBe(401);
    }
    const fourth = await fetch(`${other.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: target.user.email, password: 'not the password' }),
    });
    expect(fourth.status).toBe(429);
  }, 240_000);
});

function interestForm(n: number) {
  return {
    firstName: 'Aroha',
    lastName: `Replica${n}`,
    email: `interest-${n}-${process.pid}@example.nz`,
    phone: '0211234567',
    dateOfBirth: '1980-01-01',
    city: 'Nelson',
    country: 'nz',
    occupation: 'Nurse',
    investmentInterest: ['residential'],
    investmentAmount: '10k-50k',
    experience: 'beginner',
    agreeToTerms: true,
    agreeToContact: true,
  };
}
