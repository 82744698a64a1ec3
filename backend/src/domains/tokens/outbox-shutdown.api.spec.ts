/**
 * Shutting down while a chain transaction is on its way: the outbox waits for its own events to be folded by its
 * subscription, which shutdown stops first. A receipt that arrives after that must not leave the app hanging.
 */
import { expect, it } from '@jest/globals';
import type { ViemChain } from '../../platform/chain/viem-chain.js';
import { startTestServer } from '../../testing/api.js';
import { approvedAsset } from '../../testing/offerings.js';
import { signUp } from '../../testing/users.js';
import { ChainOutbox } from './chain-outbox.js';

it('closes while a transaction is mined during shutdown', async () => {
  const server = await startTestServer({ env: { CHAIN: 'anvil', AUTH_RATE_LIMIT_PER_IP: '1000' } });
  const chain = server.chain as ViemChain;
  const outbox = server.app.get(ChainOutbox);
  const admin = await signUp(server, { admin: true });
  // A slow chain: the node keeps the deployment's first transaction in its pool.
  await chain.automine(false);
  await approvedAsset(server, admin, 1_000);
  for (let n = 0; n < 500 && ![...outbox.state.txs.values()].some((tx) => tx.status === 'submitted'); n++)
    await new Promise((r) => setTimeout(r, 20));
  expect([...outbox.state.txs.values()].some((tx) => tx.status === 'submitted')).toBe(true);

  // Shutdown stops the subscription; then the block comes, and the outbox records the receipt.
  const closing = server.close();
  await chain.automine(true);
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    closing.then(() => 'closed'),
    new Promise((r) => (timer = setTimeout(() => r('still open after 15 s'), 15_000))),
  ]);
  clearTimeout(timer);
  expect(outcome).toBe('closed');
}, 60_000);
