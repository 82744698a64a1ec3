/**
 * Wallet recovery (issue 32) on the real app with the embedded chain: an investor who lost the key of their own
 * wallet gets their tokens on a new address — an admin records the identity re-verification with a reason, the
 * investor proves control of the new address (a signed challenge), another admin approves; then the chain moves
 * both tokens (`recoveryAddress` on the first, a forced transfer on the other), frozen tokens stay frozen.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Address } from 'viem';
import { TRANSFER_BLOCKED, WALLET_PROOF_MESSAGES, WALLET_RECOVERY_MESSAGES } from '../../messages.js';
import { fourEyesOnChain } from '../../testing/four-eyes-chain.js';
import * as offerings from '../../testing/offerings.js';
import { newWallet, recoveryProof, registerOwnWallet } from '../../testing/wallets.js';
import { ChainReconciler } from './chain-balances.js';
import { CUSTODY_STREAM } from './events.js';
import { identityOf, platformOf } from './flow.js';

const reason = 'Passport and live video call re-verified by the compliance team';

describe('recovering a lost wallet, four eyes, on the chain', () => {
  const onTheChain = fourEyesOnChain();
  const { settled, onChain, freeze } = onTheChain;
  let server: typeof onTheChain.server;
  let adminA: typeof onTheChain.adminA;
  let adminB: typeof onTheChain.adminB;
  let outbox: typeof onTheChain.outbox;
  let chain: typeof onTheChain.chain;
  beforeAll(() => {
    ({ server, adminA, adminB, outbox, chain } = onTheChain);
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
    // The admins' list and the investor's own say what it waits for.
    expect((await adminB.get('/api/admin/wallet-recoveries')).body.recoveries[0]).toMatchObject({
      id,
      investor: { id: holderId },
      requestedBy: { id: adminA.user.id },
      stage: 'awaiting-proof',
      reason,
      lostAddress: lost.address,
      newAddress: null,
      approvedBy: null,
      steps: [],
    });
    expect((await investor.get('/api/admin/wallet-recoveries')).status).toBe(403);
    expect((await stranger.get('/api/wallet/recoveries')).body).toEqual({ recoveries: [] });
    expect((await investor.get('/api/wallet/recoveries')).body.recoveries).toEqual([
      expect.objectContaining({ id, stage: 'awaiting-proof' }),
    ]);
    expect(await adminB.post(`/api/admin/wallet-recoveries/${id}/approve`, {})).toMatchObject({
      status: 409,
      body: { message: WALLET_RECOVERY_MESSAGES.proofRequired },
    });

    // The investor proves control of the new address (a signature by another key is refused).
    const fresh = newWallet();
    // A message issued for registering a wallet does not prove a recovery: each says what its signature agrees to.
    const forWallet = (await investor.post('/api/wallet/challenge', { address: fresh.address })).body.message as string;
    const otherPurpose = await investor.post(`/api/wallet/recoveries/${id}/proof`, {
      address: fresh.address,
      message: forWallet,
      signature: await fresh.signMessage({ message: forWallet }),
    });
    expect([otherPurpose.status, otherPurpose.body.errors]).toEqual([
      400,
      [{ field: 'message', message: WALLET_PROOF_MESSAGES.messagePurpose }],
    ]);
    const badPurpose = await investor.post('/api/wallet/challenge', { address: fresh.address, purpose: 'constructor' });
    expect([badPurpose.status, badPurpose.body.errors]).toEqual([
      400,
      [{ field: 'purpose', message: WALLET_PROOF_MESSAGES.purpose }],
    ]);
    const challenge = await investor.post('/api/wallet/challenge', { address: fresh.address, purpose: 'recovery' });
    expect(challenge.status).toBe(201);
    const message = challenge.body.message as string;
    expect(message).toContain('Move my Kauri tokens to this address, my new wallet, in a wallet recovery.');
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
    expect((await investor.get('/api/wallet/recoveries')).body.recoveries[0]).toMatchObject({
      stage: 'awaiting-approval',
      newAddress: fresh.address,
    });

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
    // The list shows who approved and each chain step confirmed, with its hash.
    const [listed] = (await adminA.get('/api/admin/wallet-recoveries')).body.recoveries;
    expect(listed).toMatchObject({ id, stage: 'done', approvedBy: { id: adminB.user.id }, newAddress: fresh.address });
    expect(listed.steps.map((s: { kind: string }) => s.kind)).toEqual(
      expect.arrayContaining(['add-identity-key', 'recover', 'recovery-transfer', 'recovery-freeze', 'lock-up']),
    );
    for (const step of listed.steps) expect(step).toMatchObject({ status: 'confirmed', txHash: expect.any(String) });
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
    const proof = await investor.post(`/api/wallet/recoveries/${id}/proof`, await recoveryProof(investor, newWallet()));
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

  it('a failed recovery step is shown, retried by an admin, and settles once: drift 0', async () => {
    const { offeringId, assetId } = await offerings.offeringFor(server, adminA, 1000, '10.00');
    const investor = await offerings.verifiedInvestor(server, adminA);
    expect(
      (await investor.post('/api/invest', { offeringId, tokensRequested: 20, investmentAmount: 200 })).status,
    ).toBe(201);
    await settled();
    const personId = investor.user.id;
    const lost = (await investor.get('/api/wallet')).body.address as Address;
    // The lost wallet leaves the registry behind the platform's back: `recoveryAddress` then reverts (it deletes it).
    const registry = platformOf(outbox.state)!.identityRegistry;
    await chain.send({ op: 'delete-identity', registry, wallet: lost });
    const id = (await adminA.post('/api/admin/wallet-recoveries', { personId, reason })).body.id as string;
    const approved = await adminB.post(`/api/admin/wallet-recoveries/${id}/approve`, {});
    expect(approved.status).toBe(201);
    const fresh = approved.body.newAddress as Address;
    await settled();
    const recoverTx = `c31337-recovery-${id}-recover-${assetId}`;
    expect(outbox.state.txs.get(recoverTx)?.status).toBe('failed');
    const shown = (await adminA.get('/api/admin/wallet-recoveries')).body.recoveries.find(
      (r: { id: string }) => r.id === id,
    );
    expect(shown).toMatchObject({ stage: 'failed' });
    expect(shown.steps).toContainEqual(
      expect.objectContaining({ txId: recoverTx, attemptId: recoverTx, status: 'failed', failure: expect.any(String) }),
    );
    expect((await investor.get('/api/wallet/recoveries')).body.recoveries[0]).toMatchObject({ stage: 'failed' });
    const { problems } = (await adminA.get('/api/admin/chain/problems')).body;
    expect(problems).toContainEqual(expect.objectContaining({ txId: recoverTx, kind: 'recover', retryable: true }));

    // Once the cause is dealt with (the lost wallet back in the registry), an admin retries: moved once.
    const identity = identityOf(outbox.state, personId)!;
    await chain.send({ op: 'register-identity', registry, wallet: lost, identity, country: 554 });
    const retried = await adminA.post(`/api/admin/chain/transactions/${recoverTx}/retry`, {});
    expect(retried).toMatchObject({ status: 201, body: { txId: `${recoverTx}-retry-1`, repaired: false } });
    await settled();
    expect(await onChain(assetId, fresh)).toEqual({ balance: 20n, frozenTokens: 0n, address: false });
    expect((await onChain(assetId, lost)).balance).toBe(0n);
    expect(await chain.read('IdentityRegistry', registry, 'contains', [lost])).toBe(false);
    expect(await server.app.get(ChainReconciler).reconcile()).toMatchObject({ drift: 0, pending: 0 });
    const done = (await adminA.get('/api/admin/wallet-recoveries')).body.recoveries.find(
      (r: { id: string }) => r.id === id,
    );
    expect(done).toMatchObject({ stage: 'done' });
    expect(done.steps).toContainEqual(
      expect.objectContaining({ txId: recoverTx, attemptId: `${recoverTx}-retry-1`, attempts: 2, status: 'confirmed' }),
    );
    // Exactly once: the failed attempt cannot be retried again, nor the confirmed one.
    expect((await adminA.post(`/api/admin/chain/transactions/${recoverTx}/retry`, {})).body.message).toBe(
      TRANSFER_BLOCKED.alreadyRetried,
    );
    expect((await adminA.post(`/api/admin/chain/transactions/${recoverTx}-retry-1/retry`, {})).status).toBe(409);
    expect((await adminA.get('/api/admin/chain/problems')).body.problems).toEqual([]);
  });
});
