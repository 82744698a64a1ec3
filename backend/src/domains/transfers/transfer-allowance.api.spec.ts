/**
 * Two transfers of one seller on one asset share one allowance to the DvP manager (an ERC-20 allowance is one figure
 * per wallet, token and spender, and `approve` sets it). Found by an outside probe: T1's take failed (its buyer
 * revoked after the approval), T2 of the same seller then settled — its allowance set the figure to its own 1 token,
 * and its take used it —, T1's buyer was certified again, an admin retried T1, and its take reverted "arithmetic
 * underflow" (5 taken against an allowance of 0). On the real app with the embedded chain: now every allowance sets
 * what all the seller's transfers on that token still need, and the retry sets T1's again before its take; both
 * settle, once each, and the chain's balances are the register's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Address } from 'viem';
import { TRANSFER_MESSAGES as M } from '../../messages.js';
import { nzLongDate } from '../../platform/nz-time.js';
import { type Api, startTestServer } from '../../testing/api.js';
import { assetWithHolder } from '../../testing/income.js';
import { certifying, verifiedInvestor } from '../../testing/offerings.js';
import { untilWithin } from '../../testing/until.js';
import { signUp } from '../../testing/users.js';
import { ChainReconciler } from '../tokens/chain-balances.js';
import { ChainOutbox } from '../tokens/chain-outbox.js';
import { dvdManagerOf, stablecoinOf, suiteOf } from '../tokens/flow.js';

type Person = Api & { user: { id: string } };
type Investor = Awaited<ReturnType<typeof verifiedInvestor>>;

const STATEMENT = 'I no longer wish to be treated as a wholesale investor, from today.';
/** What the seller holds after buying in the offering (`assetWithHolder`). */
const HELD = 100;

describe('two transfers of one seller sharing the allowance to the DvP manager', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'kauri-transfer-allowance-'));
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let admin: Person;
  let owner: Person;
  let seller: Person;
  let first: Investor;
  let second: Investor;
  let assetId: string;
  const until = untilWithin(90_000);
  const outbox = () => server.app.get(ChainOutbox);
  const settled = async () => expect(await outbox().settled(120_000)).toBe(true);
  const chain = () => server.chain!;
  const token = () => suiteOf(outbox().state, assetId)!.token;
  const walletOf = (person: Person) => outbox().state.wallets.get(person.user.id)! as Address;
  const statusOf = (suffix: string) => outbox().state.txs.get(`c${chain().chainId}-xfer-${suffix}`)?.status;
  /** The transfer once it has settled or failed, as the seller reads it (expected to have ended `status`). */
  const transferRead = async (id: string, status: 'settled' | 'failed') => {
    const read = await until(
      'the transfer’s outcome',
      async () => (await seller.get(`/api/transfers/${id}`)).body,
      (b) => b.status !== 'approved',
    );
    expect(read).toMatchObject({ status });
    return read;
  };
  /** Proposed by the seller and accepted by the buyer. */
  const accepted = async (buyer: Person, tokens: number) => {
    const proposed = await seller.post('/api/transfers', {
      assetId,
      toInvestorId: buyer.user.id,
      tokens,
      pricePerToken: '12.50',
    });
    expect([proposed.status, proposed.body.message]).toEqual([201, undefined]);
    const id = proposed.body.id as string;
    expect((await buyer.post(`/api/transfers/${id}/accept`)).body).toMatchObject({ status: 'accepted' });
    return id;
  };

  beforeAll(async () => {
    server = await startTestServer({ env: { CHAIN: 'anvil', DATA_DIR: dataDir, AUTH_RATE_LIMIT_PER_IP: '1000' } });
    admin = await signUp(server, { admin: true });
    ({ owner, assetId, investor: seller } = await assetWithHolder(server, admin));
    first = await verifiedInvestor(server, admin);
    second = await verifiedInvestor(server, admin);
    await settled();
  }, 300_000);
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('T1 fails at its take, T2 settles, T1 retried after its buyer is certified again settles: each once, chain = register', async () => {
    // T1: 5 tokens, its DvP steps held until the buyer revoked, so its take is stopped (as transfer-revoked does).
    const t1 = await accepted(first, 5);
    await outbox().stopSending();
    expect((await owner.post(`/api/transfers/${t1}/approve`)).body).toMatchObject({ status: 'approved' });
    const revoked = await first.post('/api/wholesale-verification/revoke', { statement: STATEMENT });
    expect(revoked).toMatchObject({ status: 201, body: { status: 'revoked' } });
    outbox().startSending();
    await settled();
    expect((await transferRead(t1, 'failed')).refusal).toBe(
      M.settlementStopped('revoked', nzLongDate(revoked.body.revokedAt)),
    );
    expect(['seller-allow', 'buyer-allow', 'initiate', 'take'].map((s) => statusOf(`${t1}-${s}`))).toEqual([
      'confirmed',
      'confirmed',
      'confirmed',
      'failed',
    ]);

    // T2: 1 token of the same seller to another buyer, settled. Its allowance left T1's 5 in place (before: it set
    // 1, its take used it, and the seller's allowance was 0).
    const t2 = await accepted(second, 1);
    expect((await owner.post(`/api/transfers/${t2}/approve`)).body).toMatchObject({ status: 'approved' });
    await settled();
    await transferRead(t2, 'settled');
    const manager = dvdManagerOf(outbox().state)!;
    const sellerAllowance = () => chain().read<bigint>('Token', token(), 'allowance', [walletOf(seller), manager]);
    expect(await sellerAllowance()).toBe(5n);

    // T1's buyer certified again (registered on chain again), and an admin retries T1: it settles.
    const { verificationId, position } = await certifying(server, first);
    const approved = await admin.put(
      `/api/admin/wholesale-verification/${verificationId}`,
      { status: 'verified' },
      { 'x-read-after': String(position) },
    );
    expect(approved.status).toBe(200);
    await settled();
    const retry = await admin.post(`/api/transfers/${t1}/retry`);
    expect(retry).toMatchObject({ status: 200, body: { id: t1, status: 'approved' } });
    await settled();
    await transferRead(t1, 'settled');
    // The retry set both allowances again (what the parties' transfers need now), then took.
    expect(['seller-allow-retry-1', 'buyer-allow-retry-1', 'take-retry-1'].map((s) => statusOf(`${t1}-${s}`))).toEqual([
      'confirmed',
      'confirmed',
      'confirmed',
    ]);

    // Each settled once in the register, and the chain holds what the register says.
    const moved = (await server.eventStore.readAll({ streamPrefixes: [`asset-${assetId}`] }))
      .filter((e) => e.type === 'TokensTransferred')
      .map((e) => (e.data as { transferId: string }).transferId);
    expect(moved.sort()).toEqual([t1, t2].sort());
    for (const [person, tokens] of [
      [seller, HELD - 6],
      [first, 5],
      [second, 1],
    ] as const)
      expect(await chain().balanceOf(token(), walletOf(person))).toBe(BigInt(tokens));
    const lines = (await owner.get(`/api/assets/${assetId}/cap-table`)).body.lines as {
      investorId: string | null;
      tokens: number;
    }[];
    const capTable = new Map(lines.filter((l) => l.investorId).map((l) => [l.investorId, l.tokens]));
    expect([seller, first, second].map((p) => capTable.get(p.user.id))).toEqual([HELD - 6, 5, 1]);
    expect(await server.app.get(ChainReconciler).reconcile()).toMatchObject({ drift: 0, pending: 0 });
    // Nothing left with the manager: every take used exactly what was set for it.
    expect(await sellerAllowance()).toBe(0n);
    const coin = stablecoinOf(outbox().state)!;
    for (const buyer of [first, second])
      expect(await chain().read<bigint>('KauriTestNZD', coin, 'allowance', [walletOf(buyer), manager])).toBe(0n);
  }, 600_000);
});
