import { randomUUID } from 'node:crypto';
import { expect, test } from '@jest/globals';
import { systemContext } from '../../platform/command-context.js';
import { MemoryEventStore } from '../../platform/event-store/memory-event-store.js';
import { paymentLineOf, StablecoinPayments } from './stablecoin-payments.js';

test('a distribution line’s transfer is known by its transaction id, an admin’s retry of it too; nothing else is', () => {
  const id = '0b6c1b9e-1f3c-4f6a-9a61-2c3d4e5f6a71';
  expect(paymentLineOf(`c31337-dist-${id}-line-4`)).toEqual({ distributionId: id, line: 4 });
  expect(paymentLineOf(`c31337-dist-${id}-line-12-retry-2`)).toEqual({ distributionId: id, line: 12 });
  expect(paymentLineOf(`c31337-dist-${id}-mint`)).toBeNull();
  expect(paymentLineOf('c31337-stablecoin')).toBeNull();
  expect(paymentLineOf(`c31337-transfer-${id}`)).toBeNull();
});

test('after a restart it reads from the payment run of the oldest distribution not yet paid, or the head', async () => {
  const store = new MemoryEventStore();
  const put = (stream: string, type: string, data: unknown) =>
    store.append(
      stream,
      [{ type, data, metadata: { ...systemContext('test', 'corr'), eventId: randomUUID() } as never }],
      'any',
    );
  const manager = new StablecoinPayments(null, store, null as never, null as never, null as never);
  await put('x-1', 'Other', {});
  expect(await manager.resumeFrom()).toBe(await store.headPosition());
  const a = await put('distribution-a', 'DistributionPaymentStarted', { distributionId: 'a' });
  await put('chain-tx-1', 'ChainTransactionConfirmed', {});
  await put('distribution-b', 'DistributionPaymentStarted', { distributionId: 'b' });
  expect(await manager.resumeFrom()).toBe(a.position);
  const bPaid = await put('distribution-a', 'DistributionPaid', { distributionId: 'a' });
  const b = (await store.readStream('distribution-b'))[0]!;
  expect(await manager.resumeFrom()).toBe(b.position);
  await put('distribution-b', 'DistributionPaid', { distributionId: 'b' });
  expect(await manager.resumeFrom()).toBe(await store.headPosition());
  expect(bPaid.position).toBeLessThan(await store.headPosition());
});
