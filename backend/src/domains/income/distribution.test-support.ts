import { AggregateRepository } from '../../platform/aggregate-repository.js';
import { type CommandContext, systemContext } from '../../platform/command-context.js';
import type { EventStore } from '../../platform/event-store/event-store.js';
import { distribution } from './distribution.decider.js';
import { distributionStream } from './events.js';

/**
 * A rent distribution of `amount` ($100.00 unless given) declared by `ownerId` on asset `assetId` (three tokens off-platform, one the
 * owner's) and approved by another admin: where the funding and refund specs start.
 */
export async function approvedDistribution(
  repository: AggregateRepository,
  distributionId: string,
  ownerId: string,
  context: CommandContext,
  assetId = 'a-1',
  amount = '100.00',
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
      amount,
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
      chainSettling: false,
      recordBlock: null,
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

/**
 * The same distribution written to a running app's log (declaring and approving over HTTP needs an asset and its
 * plan): answers its URL and the `X-Read-After` that has the app read it.
 */
export async function approvedOnApp(
  eventStore: EventStore,
  distributionId: string,
  ownerId: string,
  assetId: string,
  amount?: string,
) {
  const context = systemContext('test', `corr-${distributionId}`, new Date().toISOString());
  const repository = new AggregateRepository(eventStore, { error: () => undefined });
  await approvedDistribution(repository, distributionId, ownerId, context, assetId, amount);
  return {
    url: `/api/assets/${assetId}/distributions/${distributionId}`,
    after: { 'x-read-after': String(await eventStore.headPosition()) },
  };
}
