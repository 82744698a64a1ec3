import { describe, expect, it } from '@jest/globals';
import { AggregateRepository } from '../../platform/aggregate-repository.js';
import type { JobRunner } from '../../platform/jobs/job-runner.js';
import { FollowedLog } from '../../testing/log-followers.js';
import { transferStream } from './events.js';
import { Transfers } from './transfers.service.js';

/**
 * The settlements follow the chain's outcomes from a kept checkpoint (`LogCheckpoint`): a restart reads only what
 * came after it, and what a crash left handled but not checkpointed is delivered again and decides nothing twice.
 */
const NOW = '2026-11-27T01:00:00.000Z';
const jobs = { declare: () => undefined } as unknown as JobRunner;

function settlements(log: FollowedLog): Transfers {
  const repository = new AggregateRepository(log.events, log.logger);
  return new Transfers(repository, null as never, null as never, null, log.events, log.logger, jobs, log.reads);
}

/** A transfer approved and settling: its DvP steps are on chain. */
async function approvedTransfer(log: FollowedLog, transferId: string): Promise<void> {
  const stream = transferStream(transferId);
  await log.put(stream, 'TransferProposed', {
    transferId,
    assetId: 'asset-1',
    ownerId: 'owner-1',
    fromInvestorId: 'seller-1',
    toInvestorId: 'buyer-1',
    tokens: 40,
    priceCents: 1250,
    proposedAt: NOW,
    expiresAt: '2026-12-04T01:00:00.000Z',
  });
  await log.put(stream, 'TransferAccepted', { transferId, buyerId: 'buyer-1', acceptedAt: NOW });
  await log.put(stream, 'TransferApproved', { transferId, approverId: 'owner-1', approvedAt: NOW });
}

const refused = (log: FollowedLog, transferId: string) =>
  log.put(`chain-tx-${transferId}`, 'ChainTransactionFailed', {
    txId: `c31337-xfer-${transferId}-fund`,
    txHash: null,
    reason: 'insufficient balance',
  });
const failedOnce = (types: string[]) => types.filter((t) => t === 'TransferFailed').length === 1;

describe('transfer settlements: a kept checkpoint', () => {
  it('a restart reads the chain’s outcomes after the checkpoint the last run stored', async () => {
    const log = new FollowedLog();
    await approvedTransfer(log, 't-1');
    await approvedTransfer(log, 't-2');
    const outcome = await refused(log, 't-1');
    const first = settlements(log);
    first.settlements.start();
    await log.until(transferStream('t-1'), failedOnce);
    await first.settlements.stop();
    const stored = await log.checkpointOf('transfer-settlements');
    // Every outcome up to the head it read at its start was handled (what it appended itself comes after).
    expect(stored).toBe(outcome);

    await refused(log, 't-2');
    const second = settlements(log);
    second.settlements.start();
    await log.until(transferStream('t-2'), failedOnce);
    await second.settlements.stop();
    expect(log.subscribedFrom).toEqual([0, stored]);
    expect(await log.typesOf(transferStream('t-1'))).toEqual([
      'TransferProposed',
      'TransferAccepted',
      'TransferApproved',
      'TransferFailed',
    ]);
    await log.close();
  });

  it('a crash after handling and before checkpointing delivers the outcome again, and nothing is recorded twice', async () => {
    const log = new FollowedLog();
    await approvedTransfer(log, 't-1');
    await approvedTransfer(log, 't-2');
    const before = await log.store.headPosition();
    await refused(log, 't-1');
    const first = settlements(log);
    first.settlements.start();
    await log.until(transferStream('t-1'), failedOnce);
    // The crash: handled, and the checkpoint still the one stored before it.
    await first.settlements.stop();
    await log.checkpointAt('transfer-settlements', before);

    const last = await refused(log, 't-2');
    const second = settlements(log);
    second.settlements.start();
    // Delivered in order: t-1's outcome again, then t-2's.
    await log.until(transferStream('t-2'), failedOnce);
    await second.settlements.stop();
    expect(log.subscribedFrom.at(-1)).toBe(before);
    expect((await log.typesOf(transferStream('t-1'))).filter((t) => t === 'TransferFailed')).toHaveLength(1);
    expect(await log.checkpointOf('transfer-settlements')).toBe(last);
    await log.close();
  });
});
