import { describe, expect, it } from '@jest/globals';
import { type DistributionDoc, distributionsProjection } from './distributions.js';

const ID = '3c1e5a7b-2d4f-4a6b-8c0d-1e2f3a4b5c6d';
const base = { distributionId: ID, assetId: 'asset-1', attemptId: 'attempt-1' };
const declared = {
  type: 'DistributionDeclared',
  data: {
    distributionId: ID,
    assetId: 'asset-1',
    ownerId: 'owner-1',
    kind: 'rent',
    amount: 10_000,
    imputationCredits: 0,
    recordDate: '2026-11-20',
    recordInstant: '2026-11-20T10:59:59.999Z',
    paymentDate: '2026-11-30',
    ratesFrom: '2026-04-01',
    supply: 4,
    fundingDue: 7_500,
    declaredAt: '2026-11-27T00:00:00.000Z',
    lines: [],
  },
};

/** Given these events, the distribution's document. */
const given = (...events: { type: string; data: object }[]): DistributionDoc | null =>
  events.reduce(
    (doc, e) => distributionsProjection.evolve(doc, { ...e, metadata: {} } as never, ID),
    null as DistributionDoc | null,
  );

describe('distributions: a funding card payment under way', () => {
  const intent = { type: 'DistributionFundingIntentCreated', data: { ...base, reference: 'pi_1' } };

  it('is pending from its recorded payment until it is funded', () => {
    expect(given(declared)).toMatchObject({ fundingPending: false });
    expect(given(declared, intent)).toMatchObject({ fundingPending: true, status: 'proposed' });
    const funded = {
      type: 'DistributionFunded',
      data: { ...base, amount: 7_500, reference: 'pi_1', fundedAt: '2026-11-28T00:00:00.000Z' },
    };
    expect(given(declared, intent, funded)).toMatchObject({ fundingPending: false, status: 'funded', funded: 7_500 });
  });

  it('is no longer pending once it failed, and says why', () => {
    const failed = { type: 'DistributionFundingFailed', data: { ...base, reason: 'Your card was declined.' } };
    expect(given(declared, intent, failed)).toMatchObject({
      fundingPending: false,
      fundingFailure: 'Your card was declined.',
    });
  });
});
