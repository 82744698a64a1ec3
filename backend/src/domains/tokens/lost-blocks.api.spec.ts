/**
 * The chain loses blocks the log records as mined — the embedded node killed between two saves of its state and
 * started again from the older file, here the node's own `evm_revert` to a snapshot taken before them — on the real
 * app with its embedded chain. The lost transactions took their nonces with them: without more, every later
 * transaction of the signer waited behind the gap for ever (found by an outside probe). The outbox sends the lost ones
 * again, the very bytes recorded, and then the new ones: everything settles once, the chain equal to the register.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Address, Hex } from 'viem';
import type { ViemChain } from '../../platform/chain/viem-chain.js';
import { startTestServer } from '../../testing/api.js';
import { assetWithHolder, confirmedPurchase } from '../../testing/income.js';
import { signUp } from '../../testing/users.js';
import { ChainReconciler } from './chain-balances.js';
import { ChainOutbox } from './chain-outbox.js';
import { suiteOf } from './flow.js';

type Server = Awaited<ReturnType<typeof startTestServer>>;

describe('blocks the chain lost', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startTestServer({ env: { CHAIN: 'anvil', AUTH_RATE_LIMIT_PER_IP: '1000' } });
  });
  afterAll(() => server.close());

  async function rpc<T>(method: string, params: unknown[] = []): Promise<T> {
    const response = await fetch((server.chain as ViemChain).url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    return ((await response.json()) as { result: T }).result;
  }

  it('are sent again from the log’s bytes, and what comes after settles once: chain equal to the register', async () => {
    const admin = await signUp(server, { admin: true });
    const { assetId, offeringId, investor } = await assetWithHolder(server, admin);
    const outbox = server.app.get(ChainOutbox);
    expect(await outbox.settled()).toBe(true);
    const snapshot = await rpc<string>('evm_snapshot');

    // Mined and recorded confirmed (concurrent: sent as batches, whose bytes are on the batch's record, as a rule), then
    // lost with the node's last blocks.
    const lostInvestments = await Promise.all(
      [7, 7, 7, 7].map((tokens) => confirmedPurchase(investor, offeringId, tokens)),
    );
    expect(await outbox.settled()).toBe(true);
    const lost = [...outbox.state.txs.values()].filter(
      (tx) => tx.intent.kind === 'forced-transfer' && lostInvestments.includes(tx.intent.investmentId),
    );
    expect(lost.map((tx) => tx.status)).toEqual(['confirmed', 'confirmed', 'confirmed', 'confirmed']);
    expect(await rpc('evm_revert', [snapshot])).toBe(true);
    for (const tx of lost) expect(await server.chain!.receipt(tx.txHash as Hex)).toBeNull();

    await confirmedPurchase(investor, offeringId, 5);
    expect(await outbox.settled(30_000)).toBe(true);
    for (const tx of lost) expect(await server.chain!.receipt(tx.txHash as Hex)).toMatchObject({ status: 'success' });
    const token = suiteOf(outbox.state, assetId)!.token;
    const wallet = outbox.state.wallets.get(investor.user.id)! as Address;
    expect(await server.chain!.balanceOf(token, wallet)).toBe(133n);
    expect(await server.app.get(ChainReconciler).reconcile()).toMatchObject({ drift: 0, pending: 0, problems: 0 });
  });
});
