/**
 * A transfer that cannot be made is never silent (issue 27): the holding says why, operations see it (health and the
 * admin's list), and an admin has a way out — retrying once the cause is dealt with, the recipient's wallet put back
 * in the identity registry first when the chain says it is not there. On the real app with the embedded chain.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Address } from 'viem';
import { TRANSFER_BLOCKED } from '../../messages.js';
import type { ViemChain } from '../../platform/chain/viem-chain.js';
import type { Api } from '../../testing/api.js';
import { startTestServer } from '../../testing/api.js';
import * as offerings from '../../testing/offerings.js';
import { signUp } from '../../testing/users.js';
import { ChainOutbox } from './chain-outbox.js';
import { platformOf } from './flow.js';

describe('a transfer the chain refuses', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let admin: Api & { user: { id: string } };
  let outbox: ChainOutbox;
  beforeAll(async () => {
    server = await startTestServer({ env: { CHAIN: 'anvil', AUTH_RATE_LIMIT_PER_IP: '1000' } });
    admin = await signUp(server, { admin: true });
    outbox = server.app.get(ChainOutbox);
  });
  afterAll(() => server.close());
  const settled = async () => expect(await outbox.settled()).toBe(true);

  it('shows on the holding and to operations, and an admin retry makes it once the wallet is registered again', async () => {
    const { offeringId } = await offerings.offeringFor(server, admin, 1000, '10.00');
    const investor = await offerings.verifiedInvestor(server, admin);
    await settled();
    // The investor's wallet leaves the registry behind the platform's back (an operator's mistake, say).
    const chain = server.chain as ViemChain;
    const registry = platformOf(outbox.state)!.identityRegistry;
    const wallet = (await investor.get('/api/wallet')).body.address as Address;
    await chain.send({ op: 'delete-identity', registry, wallet });
    expect(await chain.read('IdentityRegistry', registry, 'contains', [wallet])).toBe(false);

    expect((await investor.post('/api/invest', { offeringId, tokensRequested: 5, investmentAmount: 50 })).status).toBe(
      201,
    );
    await settled();
    const [holding] = (await investor.get('/api/holdings')).body.holdings;
    expect(holding).toMatchObject({
      status: 'confirmed',
      chainTxStatus: 'failed',
      onChainBalance: 0,
      onChainExpected: 5,
      chainProblem: expect.stringMatching(new RegExp(`^${TRANSFER_BLOCKED.failed}: .+`)),
    });
    // Operations: health counts it; the admin's list names the refused transfer and the lock-up stuck behind it.
    const health = (await server.ops.get('/api/health')).body.chain;
    // Drift: 5 too many with the owner, 5 too few with the investor; the lock-up is pending behind the transfer.
    expect(health).toMatchObject({ drift: 10, pending: 1, problems: 2 });
    const { problems } = (await admin.get('/api/admin/chain/problems')).body;
    const transferId = `c31337-transfer-${holding.id}`;
    expect(problems).toEqual([
      expect.objectContaining({
        txId: transferId,
        kind: 'forced-transfer',
        investmentId: holding.id,
        personId: investor.user.id,
        status: 'failed',
        retryable: true,
      }),
      expect.objectContaining({
        txId: `c31337-lockup-${holding.id}`,
        status: 'stuck',
        reason: `waiting for the transfer`,
        retryable: false,
      }),
    ]);
    // Only admins; only a failed transaction; a made-up id is 404.
    expect((await investor.get('/api/admin/chain/problems')).status).toBe(403);
    expect((await investor.post(`/api/admin/chain/transactions/${transferId}/retry`, {})).status).toBe(403);
    const notFailed = await admin.post('/api/admin/chain/transactions/c31337-platform-factory/retry', {});
    expect(notFailed).toMatchObject({ status: 409, body: { message: TRANSFER_BLOCKED.retryNotFailed } });
    expect((await admin.post('/api/admin/chain/transactions/nope/retry', {})).status).toBe(404);

    const retried = await admin.post(`/api/admin/chain/transactions/${transferId}/retry`, {});
    expect(retried).toMatchObject({ status: 201, body: { txId: `${transferId}-retry-1`, repaired: true } });
    await settled();
    expect(await chain.read('IdentityRegistry', registry, 'contains', [wallet])).toBe(true);
    const [after] = (await investor.get('/api/holdings')).body.holdings;
    expect(after).toMatchObject({ chainTxStatus: 'confirmed', onChainBalance: 5, chainProblem: null });
    expect((await server.ops.get('/api/health')).body.chain).toMatchObject({ drift: 0, pending: 0, problems: 0 });
    expect((await admin.get('/api/admin/chain/problems')).body.problems).toEqual([]);
    const again = await admin.post(`/api/admin/chain/transactions/${transferId}/retry`, {});
    expect(again).toMatchObject({ status: 409, body: { message: TRANSFER_BLOCKED.alreadyRetried } });
  });
});
