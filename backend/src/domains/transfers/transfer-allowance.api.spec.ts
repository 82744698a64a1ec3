/**
 * Two transfers of one seller on one asset share one allowance to the DvP manager (an ERC-20 allowance is one figure
 * per wallet, token and spender, and `approve` sets it). Found by an outside probe: T1's take failed (its buyer
 * revoked after the approval), T2 of the same seller then settled — its allowance set the figure to its own 1 token,
 * and its take used it —, T1's buyer was certified again, an admin retried T1, and its take reverted "arithmetic
 * underflow" (5 taken against an allowance of 0). On the real app with the embedded chain: now every allowance sets
 * what all the seller's transfers on that token still need, and the retry sets T1's again before its take; both
 * settle, once each, and the chain's balances are the register's.
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import { TRANSFER_MESSAGES as M } from '../../messages.js';
import { nzLongDate } from '../../platform/nz-time.js';
import { certifying, verifiedInvestor } from '../../testing/offerings.js';
import { transferOnChain } from '../../testing/transfers.js';
import { ChainReconciler } from '../tokens/chain-balances.js';

type Investor = Awaited<ReturnType<typeof verifiedInvestor>>;

const STATEMENT = 'I no longer wish to be treated as a wholesale investor, from today.';
/** What the seller holds after buying in the offering (`assetWithHolder`). */
const HELD = 100;

describe('two transfers of one seller sharing the allowance to the DvP manager', () => {
  const x = transferOnChain();
  /** A second buyer of the same seller (the fixture's buyer is the first). */
  let second: Investor;
  const statusOf = (suffix: string) => x.outbox().state.txs.get(`c${x.chain().chainId}-xfer-${suffix}`)?.status;

  beforeAll(async () => {
    second = await verifiedInvestor(x.server, x.admin);
    await x.settled();
  }, 300_000);

  it('T1 fails at its take, T2 settles, T1 retried after its buyer is certified again settles: each once, chain = register', async () => {
    const { server, admin, owner, seller, buyer: first, assetId } = x;
    /** The transfer once it has settled or failed, as the seller reads it (expected to have ended `status`). */
    const outcome = async (id: string, status: 'settled' | 'failed') => {
      const read = await x.readAs(id, 'settled', 'failed');
      expect(read).toMatchObject({ status });
      return read;
    };
    // T1: 5 tokens, its DvP steps held until the buyer revoked, so its take is stopped (as transfer-revoked does).
    const t1 = await x.accepted(5);
    await x.outbox().stopSending();
    expect((await owner.post(`/api/transfers/${t1}/approve`)).body).toMatchObject({ status: 'approved' });
    const revoked = await first.post('/api/wholesale-verification/revoke', { statement: STATEMENT });
    expect(revoked).toMatchObject({ status: 201, body: { status: 'revoked' } });
    x.outbox().startSending();
    await x.settled();
    expect((await outcome(t1, 'failed')).refusal).toBe(
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
    const t2 = await x.accepted(1, second);
    expect((await owner.post(`/api/transfers/${t2}/approve`)).body).toMatchObject({ status: 'approved' });
    await x.settled();
    await outcome(t2, 'settled');
    const manager = x.manager();
    const sellerAllowance = () =>
      x.chain().read<bigint>('Token', x.token(), 'allowance', [x.walletOf(seller), manager]);
    expect(await sellerAllowance()).toBe(5n);

    // T1's buyer certified again (registered on chain again), and an admin retries T1: it settles.
    const { verificationId, position } = await certifying(server, first);
    const approved = await admin.put(
      `/api/admin/wholesale-verification/${verificationId}`,
      { status: 'verified' },
      { 'x-read-after': String(position) },
    );
    expect(approved.status).toBe(200);
    await x.settled();
    const retry = await admin.post(`/api/transfers/${t1}/retry`);
    expect(retry).toMatchObject({ status: 200, body: { id: t1, status: 'approved' } });
    await x.settled();
    await outcome(t1, 'settled');
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
      expect(await x.chain().balanceOf(x.token(), x.walletOf(person))).toBe(BigInt(tokens));
    const capTable = new Map(await x.capTable());
    expect([seller, first, second].map((p) => capTable.get(p.user.id))).toEqual([HELD - 6, 5, 1]);
    expect(await server.app.get(ChainReconciler).reconcile()).toMatchObject({ drift: 0, pending: 0 });
    // Nothing left with the manager: every take used exactly what was set for it.
    expect(await sellerAllowance()).toBe(0n);
    for (const buyer of [first, second])
      expect(await x.chain().read<bigint>('KauriTestNZD', x.coin(), 'allowance', [x.walletOf(buyer), manager])).toBe(
        0n,
      );
  }, 600_000);
});
