/**
 * Wallet recovery (issue 32) on the real app with the embedded chain: an investor who lost the key of their own
 * wallet gets their tokens on a new address — an admin records the identity re-verification with a reason, the
 * investor proves control of the new address (a signed challenge), another admin approves; then the chain moves
 * both tokens (`recoveryAddress` on the first, a forced transfer on the other), frozen tokens stay frozen.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Address } from 'viem';
import { WALLET_RECOVERY_MESSAGES } from '../../messages.js';
import { fourEyesOnChain } from '../../testing/four-eyes-chain.js';
import * as offerings from '../../testing/offerings.js';
import { newWallet, registerOwnWallet } from '../../testing/wallets.js';
import { ChainReconciler } from './chain-balances.js';
import { CUSTODY_STREAM } from './events.js';

const reason = 'Passport and live video call re-verified by the compliance team';

describe('recovering a lost wallet, four eyes, on the chain', () => {
  const onTheChain = fourEyesOnChain();
  const { settled, onChain, freeze } = onTheChain;
  let server: typeof onTheChain.server;
  let adminA: typeof onTheChain.adminA;
  let adminB: typeof onTheChain.adminB;
  let outbox: typeof onTheChain.outbox;
  beforeAll(() => {
    ({ server, adminA, adminB, outbox } = onTheChain);
  });
  const recoveryEvents = async () =>
    (await server.eventStore.readStream(CUSTODY_STREAM)).filter((e) => e.type.startsWith('WalletRecovery')).length;

  it('moves both tokens to the proven new address; the lost one holds 0; freezes kept; chain and register agree', async () => {
    const first = await offerings.offeringFor(server, adminA, 1000, '10.00');
    const second = await offerings.offeringFor(server, adminA, 1000, '10.00');
    const investor = await offerings.verifiedInvestor(server, adminA);
    const lost = newWallet();
    expect((await registerOwnWallet(investor, lost)).status).toBe(201);
    await settled();
    for (const { offeringId } of [first, second])
      expect(
        (await investor.post('/api/invest', { offeringId, tokensRequested: 50, investmentAmount: 500 })).status,
      ).toBe(201);
    await settled();
    const holderId = investor.user.id;
    await freeze(first.assetId, { holderId, action: 'freeze', scope: 'tokens', tokens: 5, reason: 'Dispute over 5' });
    await freeze(second.assetId, { holderId, action: 'freeze', scope: 'tokens', tokens: 10, reason: 'Court order 10' });
    await freeze(second.assetId, { holderId, action: 'freeze', scope: 'address', reason: 'Ownership disputed' });
    expect(await onChain(second.assetId, lost.address)).toEqual({ balance: 50n, frozenTokens: 10n, address: true });

    // Refused with each field's message, nothing recorded: bad input, the investor, nothing to recover.
    const bad = await adminA.post('/api/admin/wallet-recoveries', { personId: 'constructor', reason: '  ' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(
      expect.arrayContaining([{ field: 'reason', message: WALLET_RECOVERY_MESSAGES.reason }]),
    );
    expect((await investor.post('/api/admin/wallet-recoveries', { personId: holderId, reason })).status).toBe(403);
    const stranger = await offerings.verifiedInvestor(server, adminA);
    await settled();
    expect(await adminA.post('/api/admin/wallet-recoveries', { personId: stranger.user.id, reason })).toMatchObject({
      status: 409,
      body: { message: WALLET_RECOVERY_MESSAGES.noTokens },
    });
    expect(await recoveryEvents()).toBe(0);

    // Admin A records the re-verification; approval before the proof, or by A, is refused.
    const asked = await adminA.post('/api/admin/wallet-recoveries', { personId: holderId, reason });
    expect(asked).toMatchObject({
      status: 201,
      body: { personId: holderId, status: 'open', custodial: false, lostAddress: lost.address, newAddress: null },
    });
    const id = asked.body.id as string;
    expect(await adminB.post(`/api/admin/wallet-recoveries/${id}/approve`, {})).toMatchObject({
      status: 409,
      body: { message: WALLET_RECOVERY_MESSAGES.proofRequired },
    });

    // The investor proves control of the new address (a signature by another key is refused).
    const fresh = newWallet();
    const challenge = await investor.post('/api/wallet/challenge', { address: fresh.address });
    expect(challenge.status).toBe(201);
    const message = challenge.body.message as string;
    const forged = await investor.post(`/api/wallet/recoveries/${id}/proof`, {
      address: fresh.address,
      message,
      signature: await newWallet().signMessage({ message }),
    });
    expect(forged.status).toBe(400);
    expect(
      (
        await stranger.post(`/api/wallet/recoveries/${id}/proof`, {
          address: fresh.address,
          message,
          signature: await fresh.signMessage({ message }),
        })
      ).status,
    ).toBe(404);
    const proved = await investor.post(`/api/wallet/recoveries/${id}/proof`, {
      address: fresh.address,
      message,
      signature: await fresh.signMessage({ message }),
    });
    expect(proved).toMatchObject({ status: 201, body: { newAddress: fresh.address, status: 'open' } });

    // Four eyes: never A (who asked), never the investor; B approves.
    expect(await adminA.post(`/api/admin/wallet-recoveries/${id}/approve`, {})).toMatchObject({
      status: 403,
      body: { message: WALLET_RECOVERY_MESSAGES.fourEyes },
    });
    expect((await investor.post(`/api/admin/wallet-recoveries/${id}/approve`, {})).status).toBe(403);
    expect((await adminB.post(`/api/admin/wallet-recoveries/${randomUUID()}/approve`, {})).status).toBe(404);
    const approved = await adminB.post(`/api/admin/wallet-recoveries/${id}/approve`, {});
    expect(approved).toMatchObject({ status: 201, body: { status: 'approved', newAddress: fresh.address } });
    await settled();

    // On chain: the new address holds everything, the lost one nothing; frozen tokens stay frozen.
    expect(await onChain(first.assetId, fresh.address)).toEqual({ balance: 50n, frozenTokens: 5n, address: false });
    expect(await onChain(second.assetId, fresh.address)).toEqual({ balance: 50n, frozenTokens: 10n, address: true });
    for (const { assetId } of [first, second]) expect((await onChain(assetId, lost.address)).balance).toBe(0n);
    // `recoveryAddress` on the first token, a forced transfer (and the freezes again) on the other.
    const tx = (suffix: string) => outbox.state.txs.get(`c31337-recovery-${id}-${suffix}`)?.status;
    expect([
      tx('key'),
      tx(`recover-${first.assetId}`),
      tx(`transfer-${second.assetId}`),
      tx(`freeze-tokens-${second.assetId}`),
      tx(`freeze-address-${second.assetId}`),
    ]).toEqual(['confirmed', 'confirmed', 'confirmed', 'confirmed', 'confirmed']);
    expect(outbox.state.registered.get(holderId)).toBe(fresh.address);
    expect((await investor.get('/api/wallet')).body).toMatchObject({ address: fresh.address, registered: true });
    const holdings = (await investor.get('/api/holdings')).body.holdings as {
      tokensHeld: number;
      onChainBalance: number;
    }[];
    expect(holdings.map((h) => [h.tokensHeld, h.onChainBalance])).toEqual([
      [50, 50],
      [50, 50],
    ]);
    expect(await server.app.get(ChainReconciler).reconcile()).toMatchObject({ drift: 0, pending: 0 });
    // Approved once.
    expect((await adminB.post(`/api/admin/wallet-recoveries/${id}/approve`, {})).status).toBe(409);
  });

  it('recovers a platform-held wallet to a new platform-held one: no proof, four eyes, balance moved', async () => {
    const { offeringId, assetId } = await offerings.offeringFor(server, adminA, 1000, '10.00');
    const investor = await offerings.verifiedInvestor(server, adminA);
    expect(
      (await investor.post('/api/invest', { offeringId, tokensRequested: 30, investmentAmount: 300 })).status,
    ).toBe(201);
    await settled();
    const lost = (await investor.get('/api/wallet')).body.address as Address;
    const asked = await adminB.post('/api/admin/wallet-recoveries', { personId: investor.user.id, reason });
    expect(asked).toMatchObject({ status: 201, body: { custodial: true, lostAddress: lost } });
    const id = asked.body.id as string;
    const wallet = newWallet();
    const challenge = await investor.post('/api/wallet/challenge', { address: wallet.address });
    const message = challenge.body.message as string;
    const proof = await investor.post(`/api/wallet/recoveries/${id}/proof`, {
      address: wallet.address,
      message,
      signature: await wallet.signMessage({ message }),
    });
    expect(proof).toMatchObject({ status: 409, body: { message: WALLET_RECOVERY_MESSAGES.custodial } });
    expect((await adminB.post(`/api/admin/wallet-recoveries/${id}/approve`, {})).status).toBe(403);
    const approved = await adminA.post(`/api/admin/wallet-recoveries/${id}/approve`, {});
    expect(approved).toMatchObject({ status: 201, body: { status: 'approved', custodial: true } });
    const fresh = approved.body.newAddress as Address;
    expect(fresh).not.toBe(lost);
    await settled();
    expect(await onChain(assetId, fresh)).toEqual({ balance: 30n, frozenTokens: 0n, address: false });
    expect((await onChain(assetId, lost)).balance).toBe(0n);
    expect((await investor.get('/api/wallet')).body).toMatchObject({ address: fresh, registered: true });
    expect(await server.app.get(ChainReconciler).reconcile()).toMatchObject({ drift: 0, pending: 0 });
  });
});
