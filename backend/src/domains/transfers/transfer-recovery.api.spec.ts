/**
 * A transfer between investors beside a wallet recovery, and an admin's retry of a failed settlement (issue 32), on
 * the real app with the embedded chain:
 * - a recovery asked for while a transfer of that person settles is cancelled with the reason (the DvP acts on the
 *   wallet the recovery would empty); while a recovery is open, the person's transfers are refused at proposal and
 *   approval; once its tokens are in the new wallet, a transfer settles from there and the lost wallet holds none;
 * - a settlement step the chain refused fails the transfer; an admin's retry (after the cause is dealt with) asks
 *   the failed step again and the transfer settles, recorded once in the register.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Address } from 'viem';
import { TRANSFER_BLOCKED, TRANSFER_MESSAGES as M } from '../../messages.js';
import type { Api } from '../../testing/api.js';
import { transferOnChain } from '../../testing/transfers.js';
import { signUp } from '../../testing/users.js';
import { newWallet, registerOwnWallet } from '../../testing/wallets.js';
import { AggregateRepository } from '../../platform/aggregate-repository.js';
import { systemContext } from '../../platform/command-context.js';
import { custody } from '../tokens/custody.decider.js';
import { CUSTODY_STREAM } from '../tokens/events.js';
import { untilWithin } from '../../testing/until.js';

type Person = Api & { user: { id: string } };

const reason = 'Passport and live video call re-verified by the compliance team';

describe('transfers beside a wallet recovery, and a failed settlement retried', () => {
  // The fixture's admin asks for recoveries; another approves them (four eyes).
  const app = transferOnChain();
  const { settled, token, propose, accepted } = app;
  let adminB: Person;
  beforeAll(async () => {
    adminB = await signUp(app.server, { admin: true });
  });

  const until = untilWithin(90_000);
  const statusOf = (id: string) => app.readAs(id, 'settled', 'failed');
  const recoveryEvents = async (requestId: string) =>
    (await app.server.eventStore.readStream(CUSTODY_STREAM)).filter(
      (e) => (e.data as { requestId?: string }).requestId === requestId,
    );
  const balance = (wallet: string) => app.chain().balanceOf(token(), wallet as Address);
  const registerOf = async () => new Map(await app.capTable());

  it('a recovery asked for while a transfer of theirs settles is refused, or cancelled with the reason if it slipped past; the transfer settles', async () => {
    const { server, admin: adminA, owner, seller, buyer } = app;
    const outbox = app.outbox();
    const id = await accepted(10);
    // Held back from the chain, so the transfer is still settling when the recovery is asked for.
    await outbox.stopSending();
    expect((await owner.post(`/api/transfers/${id}/approve`)).body).toMatchObject({ status: 'approved' });
    await until(
      'the approval read',
      async () => (await seller.get(`/api/transfers/${id}`)).body.status,
      (s) => s === 'approved',
    );
    const custodyBefore = (await server.eventStore.readStream(CUSTODY_STREAM)).length;
    const asked = await adminA.post('/api/admin/wallet-recoveries', { personId: seller.user.id, reason });
    expect(asked).toMatchObject({ status: 409, body: { message: M.settlingRecovery(id) } });
    // The buyer, holding nothing yet, may not switch to a wallet of their own either: the DvP settles into custody.
    const switched = await registerOwnWallet(buyer, newWallet());
    expect(switched).toMatchObject({ status: 409, body: { message: M.settlingWallet(id) } });
    expect((await server.eventStore.readStream(CUSTODY_STREAM)).length).toBe(custodyBefore);

    // One recorded anyway (another replica's read model behind the log): the transfers process manager cancels it.
    const requestId = randomUUID();
    await server.app.get(AggregateRepository).handle(
      custody,
      CUSTODY_STREAM,
      {
        type: 'RequestWalletRecovery',
        requestId,
        personId: seller.user.id,
        reason,
        requestedBy: adminA.user.id,
        tokensHeld: 100,
      },
      systemContext('test', randomUUID()),
    );
    const cancelled = await until(
      'the recovery cancelled',
      () => recoveryEvents(requestId),
      (events) => events.some((e) => e.type === 'WalletRecoveryCancelled'),
    );
    expect(cancelled.at(-1)!.data).toMatchObject({ cancelledBy: 'transfers', reason: M.settlingRecovery(id) });
    expect((await adminB.post(`/api/admin/wallet-recoveries/${requestId}/approve`, {})).status).toBe(409);
    outbox.startSending();
    await settled();
    expect(await statusOf(id)).toMatchObject({ status: 'settled' });
  }, 300_000);

  it('while a recovery is open the transfers of that person are refused; once it is done, one settles from the new wallet', async () => {
    const { server, admin: adminA, owner, seller, buyer, assetId } = app;
    const outbox = app.outbox();
    const waiting = await accepted(5);
    const asked = await adminA.post('/api/admin/wallet-recoveries', { personId: seller.user.id, reason });
    expect(asked.body).toMatchObject({ status: 'open', custodial: true });
    const lost = asked.body.lostAddress as string;
    const refusedProposal = await propose(1);
    expect([refusedProposal.status, refusedProposal.body.message]).toEqual([409, M.recovering('seller')]);
    const refusedApproval = await owner.post(`/api/transfers/${waiting}/approve`);
    expect([refusedApproval.status, refusedApproval.body.message]).toEqual([409, M.recovering('seller')]);
    const refusedAsBuyer = await buyer.post('/api/transfers', {
      assetId,
      toInvestorId: seller.user.id,
      tokens: 1,
      pricePerToken: '1.00',
    });
    expect([refusedAsBuyer.status, refusedAsBuyer.body.message]).toEqual([409, M.recovering('buyer')]);

    const approved = await adminB.post(`/api/admin/wallet-recoveries/${asked.body.id}/approve`, {});
    expect(approved.body).toMatchObject({ status: 'approved', custodial: true });
    const fresh = approved.body.newAddress as string;
    await settled();
    // Settles from the new custody wallet: the lost one holds nothing, and nothing is left with the DvP manager.
    expect((await owner.post(`/api/transfers/${waiting}/approve`)).body).toMatchObject({ status: 'approved' });
    await settled();
    expect(await statusOf(waiting)).toMatchObject({ status: 'settled' });
    const buyerWallet = outbox.state.wallets.get(buyer.user.id)!;
    expect([await balance(lost), await balance(fresh), await balance(buyerWallet)]).toEqual([0n, 85n, 15n]);
    const coin = app.coin();
    expect(await server.chain!.balanceOf(coin, fresh as Address)).toBe(6_250n);
    const held = await until('the cap table', registerOf, (m) => m.get(seller.user.id) === 85);
    expect([held.get(seller.user.id), held.get(buyer.user.id)]).toEqual([85, 15]);
  }, 300_000);

  it('a settlement step the chain refused fails the transfer; an admin retries it once the cause is gone: settled once', async () => {
    const { server, admin: adminA, owner, seller, buyer, assetId } = app;
    const outbox = app.outbox();
    const id = await accepted(20);
    await outbox.stopSending();
    expect((await owner.post(`/api/transfers/${id}/approve`)).body).toMatchObject({ status: 'approved' });
    // The cause: the seller's wallet frozen on chain behind the register's back (the take's transferFrom refuses).
    const sellerWallet = app.walletOf(seller);
    await server.chain!.send({ op: 'set-frozen', token: token(), wallet: sellerWallet, frozen: true });
    outbox.startSending();
    await settled();
    const failed = await statusOf(id);
    expect(failed).toMatchObject({ status: 'failed' });
    expect(failed.refusal).toMatch(/^The settlement was refused on chain at the /);
    const failedTx = [...outbox.state.txs.values()].find(
      (t) => t.status === 'failed' && t.txId.includes(`xfer-${id}-`),
    )!;

    // The asset's screen lists it for admins, with the reason (the retry button's row); nobody else reads that list.
    const listed = await adminA.get(`/api/transfers/asset/${assetId}`);
    expect(listed.body.transfers[0]).toMatchObject({ id, status: 'failed', role: 'admin', refusal: failed.refusal });
    expect((await owner.get(`/api/transfers/asset/${assetId}`)).status).toBe(403);
    // Only admins; the generic chain retry never asks a DvP step again behind the transfer's back.
    expect((await owner.post(`/api/transfers/${id}/retry`)).status).toBe(403);
    const generic = await adminA.post(`/api/admin/chain/transactions/${failedTx.txId}/retry`);
    expect([generic.status, generic.body.message]).toEqual([409, TRANSFER_BLOCKED.retryNotFailed]);

    await server.chain!.send({ op: 'set-frozen', token: token(), wallet: sellerWallet, frozen: false });
    const retried = await adminA.post(`/api/transfers/${id}/retry`);
    expect(retried.body).toMatchObject({ id, status: 'approved' });
    expect((await adminA.post(`/api/transfers/${id}/retry`)).body.message).toBe(M.notFailed);
    await settled();
    const done = await statusOf(id);
    expect(done).toMatchObject({ status: 'settled', refusal: null });
    expect(outbox.state.retries.get(failedTx.txId)).toBe(`${failedTx.txId}-retry-1`);
    const recorded = (await server.eventStore.readAll({ streamPrefixes: [`asset-${assetId}`] })).filter(
      (e) => e.type === 'TokensTransferred' && (e.data as { transferId: string }).transferId === id,
    );
    expect(recorded).toHaveLength(1);
    expect((await adminA.post(`/api/transfers/${id}/retry`)).body.message).toBe(M.notFailed);
    const held = await until('the cap table', registerOf, (m) => m.get(buyer.user.id) === 35);
    expect(await balance(outbox.state.wallets.get(seller.user.id)!)).toBe(BigInt(held.get(seller.user.id)!));
    expect(await balance(outbox.state.wallets.get(buyer.user.id)!)).toBe(35n);
  }, 300_000);
});
