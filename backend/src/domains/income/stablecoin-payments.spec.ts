import { randomUUID } from 'node:crypto';
import { describe, expect, it, test } from '@jest/globals';
import { AggregateRepository } from '../../platform/aggregate-repository.js';
import { systemContext } from '../../platform/command-context.js';
import { MemoryEventStore } from '../../platform/event-store/memory-event-store.js';
import type { JobRunner } from '../../platform/jobs/job-runner.js';
import { FollowedLog } from '../../testing/log-followers.js';
import { distributionStream } from './events.js';
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

describe('stablecoin payments: a kept checkpoint', () => {
  const jobs = { declare: () => undefined } as unknown as JobRunner;
  const payments = (log: FollowedLog) =>
    new StablecoinPayments(
      null,
      log.events,
      new AggregateRepository(log.events, log.logger),
      log.logger,
      jobs,
      log.reads,
    );
  /** A distribution of two lines, both paid in the stablecoin, its payment run started. */
  const paying = async (log: FollowedLog, id: string) => {
    const stream = distributionStream(id);
    await log.put(stream, 'DistributionDeclared', {
      distributionId: id,
      assetId: 'asset-1',
      ownerId: 'owner-1',
      paymentDate: '2026-11-30',
      fundingDue: '2026-11-30',
      lines: [{ net: 16_500 }, { net: 16_500 }],
    });
    return log.put(stream, 'DistributionPaymentStarted', {
      distributionId: id,
      assetId: 'asset-1',
      startedBy: 'admin-1',
      methods: [
        { line: 0, method: 'stablecoin', wallet: '0x00000000000000000000000000000000000000a1', net: 16_500 },
        { line: 1, method: 'stablecoin', wallet: '0x00000000000000000000000000000000000000a2', net: 16_500 },
      ],
    });
  };
  const confirmed = (log: FollowedLog, id: string, line: number) =>
    log.put(`chain-tx-${id}-${line}`, 'ChainTransactionConfirmed', {
      txId: `c31337-dist-${id}-line-${line}`,
      txHash: `0x${String(line + 1).repeat(64)}`,
      blockNumber: 7,
      contractAddress: null,
      suite: null,
    });
  const count = (type: string) => (types: string[]) => types.filter((t) => t === type).length;

  it('a restart reads the confirmations after the checkpoint the last run stored, not from the oldest run unpaid', async () => {
    const log = new FollowedLog();
    const started = await paying(log, 'd-1');
    const first = await confirmed(log, 'd-1', 0);
    const before = payments(log);
    before.follower.start();
    await log.until(distributionStream('d-1'), (types) => count('StablecoinPaymentConfirmed')(types) === 1);
    await before.follower.stop();
    expect(log.subscribedFrom).toEqual([started]);
    expect(await log.checkpointOf('stablecoin-payments')).toBe(first);

    await confirmed(log, 'd-1', 1);
    const after = payments(log);
    after.follower.start();
    await log.until(distributionStream('d-1'), (types) => types.includes('DistributionPaid'));
    await after.follower.stop();
    // The oldest run unpaid would still be d-1's (started earlier): the checkpoint is after its first confirmation.
    expect(log.subscribedFrom).toEqual([started, first]);
    await log.close();
  });

  it('a crash after recording a line and before checkpointing reads its confirmation again; the line is paid once', async () => {
    const log = new FollowedLog();
    const started = await paying(log, 'd-1');
    await confirmed(log, 'd-1', 0);
    const before = payments(log);
    before.follower.start();
    await log.until(distributionStream('d-1'), (types) => count('StablecoinPaymentConfirmed')(types) === 1);
    await before.follower.stop();
    // The crash: the line recorded, the checkpoint still where the run started.
    await log.checkpointAt('stablecoin-payments', started);

    const last = await confirmed(log, 'd-1', 1);
    const after = payments(log);
    after.follower.start();
    await log.until(distributionStream('d-1'), (types) => types.includes('DistributionPaid'));
    await after.follower.stop();
    expect(log.subscribedFrom.at(-1)).toBe(started);
    expect(count('StablecoinPaymentConfirmed')(await log.typesOf(distributionStream('d-1')))).toBe(2);
    expect(await log.checkpointOf('stablecoin-payments')).toBe(last);
    await log.close();
  });
});
