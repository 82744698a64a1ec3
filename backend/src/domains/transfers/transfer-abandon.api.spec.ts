/**
 * Abandoning a transfer whose settlement failed for good (found by an outside probe: it stayed `failed` for ever,
 * health degraded and the seller's DvP offer open on chain), on the real app with the embedded chain, restarted on
 * the same stores and chain state: the seller's wallet frozen on chain refuses the take, so the offer and both
 * allowances to the DvP manager are left open; an admin who is not a party abandons it with a reason; the outbox
 * cancels the offer and sets both allowances back to 0, once; the register is untouched, health no longer counts it,
 * the parties see "abandoned" with the reason, the audit names the decision, and a restart sends nothing again.
 */
import { describe, expect, it } from '@jest/globals';
import { type Address, encodeAbiParameters, keccak256 } from 'viem';
import { TRANSFER_MESSAGES as M } from '../../messages.js';
import { transferOnChain } from '../../testing/transfers.js';
import { untilWithin } from '../../testing/until.js';

const REASON = 'The seller’s wallet is frozen on chain by the issuer for good: this sale will never settle';
const TOKENS = 20;
const AMOUNT_CENTS = TOKENS * 1250;

describe('abandoning a transfer whose settlement failed for good', () => {
  // Restarted below on the same log, read store, vault (the signer's and custody keys) and chain state.
  const app = transferOnChain();
  const { outbox, settled, chain, token, coin, manager, walletOf, capTable } = app;
  const until = untilWithin(90_000);

  /** Offers on the DvP manager still open for this sale (its maker, tokens and coin), over every id it gave. */
  async function openOffers(): Promise<number> {
    const counter = await chain().read<bigint>('DVDTransferManager', manager(), 'txNonce');
    let open = 0;
    for (let n = 0n; n < counter; n++) {
      const id = keccak256(
        encodeAbiParameters(
          [
            { type: 'uint256' },
            { type: 'address' },
            { type: 'address' },
            { type: 'uint256' },
            { type: 'address' },
            { type: 'address' },
            { type: 'uint256' },
          ],
          [n, walletOf(app.seller), token(), BigInt(TOKENS), walletOf(app.buyer), coin(), BigInt(AMOUNT_CENTS)],
        ),
      );
      const [counterpart] = await chain().read<readonly [Address]>('DVDTransferManager', manager(), 'token1ToDeliver', [
        id,
      ]);
      if (!/^0x0{40}$/.test(counterpart)) open++;
    }
    return open;
  }
  const allowances = async () => [
    await chain().read<bigint>('Token', token(), 'allowance', [walletOf(app.seller), manager()]),
    await chain().read<bigint>('KauriTestNZD', coin(), 'allowance', [walletOf(app.buyer), manager()]),
  ];
  const chainEventsOf = async (transferId: string) =>
    (
      await app.server.eventStore.readAll({
        eventTypes: ['ChainTransactionRequested', 'ChainTransactionSubmitted', 'ChainTransactionConfirmed'],
        maxCount: 1_000_000,
      })
    ).filter((e) => (e.data as { txId: string }).txId.includes(`-xfer-${transferId}-`));

  it('is refused but from failed, by anyone but an admin, and without a reason; then the chain is undone once, for good', async () => {
    const { admin, owner, seller, buyer, assetId } = app;
    // A proposal is not abandoned (either party cancels it).
    const open = await seller.post('/api/transfers', {
      assetId,
      toInvestorId: buyer.user.id,
      tokens: 1,
      pricePerToken: '1.00',
    });
    const refusedOpen = await admin.post(`/api/transfers/${open.body.id}/abandon`, { reason: REASON });
    expect([refusedOpen.status, refusedOpen.body.message]).toEqual([409, M.abandonOpen]);
    expect((await seller.post(`/api/transfers/${open.body.id}/cancel`)).body).toMatchObject({ status: 'cancelled' });

    const id = await app.accepted(TOKENS);
    // The cause, for good: the seller's wallet frozen on chain behind the register's back (the take's transferFrom
    // refuses), after the allowances and the offer are made.
    await outbox().stopSending();
    expect((await owner.post(`/api/transfers/${id}/approve`)).body).toMatchObject({ status: 'approved' });
    const settling = await admin.post(`/api/transfers/${id}/abandon`, { reason: REASON });
    expect([settling.status, settling.body.message]).toEqual([409, M.abandonSettling]);
    await chain().send({ op: 'set-frozen', token: token(), wallet: walletOf(seller), frozen: true });
    outbox().startSending();
    await settled();
    const failed = await app.readAs(id, 'failed');
    expect(failed.refusal).toMatch(/^The settlement was refused on chain at the exchange of tokens for payment: /);
    const held = await capTable();
    const heldOnChain = await chain().balanceOf(token(), walletOf(seller));
    const coinOfBuyer = await chain().balanceOf(coin(), walletOf(buyer));
    // Left open: the seller's offer and both allowances; health degraded by the failed take.
    expect(await openOffers()).toBe(1);
    expect(await allowances()).toEqual([BigInt(TOKENS), BigInt(AMOUNT_CENTS)]);
    const before = (await app.server.ops.get('/api/health')).body;
    expect(before.status).toBe('degraded');
    expect(before.chain.problems).toBeGreaterThanOrEqual(1);

    // Admins only; a reason required; nothing recorded for a refusal.
    const stream = async () => (await app.server.eventStore.readStream(`transfer-${id}`)).length;
    const recorded = await stream();
    expect((await owner.post(`/api/transfers/${id}/abandon`, { reason: REASON })).status).toBe(403);
    expect((await seller.post(`/api/transfers/${id}/abandon`, { reason: REASON })).status).toBe(403);
    const blank = await admin.post(`/api/transfers/${id}/abandon`, { reason: '   ' });
    expect(blank).toMatchObject({
      status: 400,
      body: { errors: [{ field: 'reason', message: M.abandonReason }] },
    });
    const long = await admin.post(`/api/transfers/${id}/abandon`, { reason: 'x'.repeat(1001) });
    expect(long.status).toBe(400);
    expect(await stream()).toBe(recorded);

    const abandoned = await admin.post(`/api/transfers/${id}/abandon`, { reason: REASON });
    expect(abandoned).toMatchObject({ status: 200, body: { id, status: 'abandoned' } });
    await settled();
    const undo = [`xfer-${id}-cancel`, `xfer-${id}-seller-revoke`, `xfer-${id}-buyer-revoke`];
    expect(undo.map((suffix) => outbox().state.txs.get(`c${chain().chainId}-${suffix}`)?.status)).toEqual([
      'confirmed',
      'confirmed',
      'confirmed',
    ]);
    // Undone on chain: the offer closed, both allowances 0; nothing moved (the tokens stay the seller's, the coin
    // the faucet gave the buyer stays theirs), the register untouched.
    expect(await openOffers()).toBe(0);
    expect(await allowances()).toEqual([0n, 0n]);
    expect(await chain().balanceOf(token(), walletOf(seller))).toBe(heldOnChain);
    expect(await chain().balanceOf(coin(), walletOf(buyer))).toBe(coinOfBuyer);
    expect(await capTable()).toEqual(held);
    const moved = (await app.server.eventStore.readAll({ streamPrefixes: [`asset-${assetId}`] })).filter(
      (e) => e.type === 'TokensTransferred',
    );
    expect(moved).toHaveLength(0);
    // Health no longer counts it.
    const health = await until(
      'health ok',
      async () => (await app.server.ops.get('/api/health')).body,
      (h) => h.status === 'ok',
    );
    expect(health.chain).toMatchObject({ problems: 0, drift: 0, pending: 0 });
    // Both parties and the owner read it abandoned, with why it failed and why it was given up.
    for (const who of [seller, buyer, owner])
      expect((await who.get(`/api/transfers/${id}`)).body).toMatchObject({
        status: 'abandoned',
        abandonReason: REASON,
        refusal: failed.refusal,
      });
    // The audit's timeline names the decision: the seller's transfer, decided by the admin.
    const audit = await admin.get(`/api/audit/events?stream=transfer-${id}&type=TransferAbandoned`);
    expect(audit.body.events).toEqual([
      expect.objectContaining({
        type: 'TransferAbandoned',
        data: expect.objectContaining({ reason: REASON, abandonedBy: admin.user.id }),
        decision: { requestedBy: seller.user.id, decidedBy: admin.user.id },
      }),
    ]);
    // Ended: no retry, no second abandonment.
    expect((await admin.post(`/api/transfers/${id}/retry`)).body.message).toBe(M.retryAbandoned);
    expect((await admin.post(`/api/transfers/${id}/abandon`, { reason: REASON })).body.message).toBe(
      M.alreadyAbandoned,
    );

    // A restart on the same log and chain sends nothing again: the undo is recorded, and the fold knows it.
    const sent = (await chainEventsOf(id)).length;
    await app.restart();
    await settled();
    expect((await chainEventsOf(id)).length).toBe(sent);
    expect(await openOffers()).toBe(0);
    expect(await allowances()).toEqual([0n, 0n]);
    const after = await until(
      'health ok after the restart',
      async () => (await app.server.ops.get('/api/health')).body,
      (h) => h.status === 'ok',
    );
    expect(after.chain).toMatchObject({ problems: 0, drift: 0 });
    expect((await seller.get(`/api/transfers/${id}`)).body).toMatchObject({ status: 'abandoned' });
  }, 400_000);
});
