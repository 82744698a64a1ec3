import type { AggregateRepository } from '../../platform/aggregate-repository.js';
import type { CommandContext } from '../../platform/command-context.js';
import { distribution } from './distribution.decider.js';
import { distributionStream } from './events.js';

/**
 * A rent distribution of $100.00 declared by `ownerId` on asset `assetId` (three tokens off-platform, one the
 * owner's) and approved by another admin: where the funding and refund specs start.
 */
export async function approvedDistribution(
  repository: AggregateRepository,
  distributionId: string,
  ownerId: string,
  context: CommandContext,
  assetId = 'a-1',
): Promise<void> {
  const stream = distributionStream(distributionId);
  await repository.handle(
    distribution,
    stream,
    {
      type: 'DeclareDistribution',
      distributionId,
      assetId,
      ownerId,
      assetOwnerId: ownerId,
      kind: 'rent',
      amount: '100.00',
      imputationCredits: null,
      recordDate: '2026-11-20',
      paymentDate: '2026-11-30',
      recordInstant: '2026-11-20T10:59:59.999Z',
      register: {
        active: true,
        supply: 4,
        holdings: [
          { holderKind: 'off-platform', investorId: 'h-1', tokens: 3 },
          { holderKind: 'owner', investorId: null, tokens: 1 },
        ],
      },
      standings: new Map(),
      today: '2026-11-27',
      now: context.now,
    },
    context,
  );
  await repository.handle(
    distribution,
    stream,
    { type: 'ApproveDistribution', distributionId, adminId: 'admin-2', now: context.now },
    context,
  );
}
