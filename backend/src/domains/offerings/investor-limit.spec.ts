/**
 * The investor limit over a real log: a request that crashed after reserving leaves its amount held only until
 * the hold is over; the investor's next reservation then settles it against the offering's stream — released
 * if the investment was never recorded, filled if it was (the crash came between recording and filling).
 */
import { randomUUID } from 'node:crypto';
import { AggregateRepository } from '../../platform/aggregate-repository.js';
import { systemContext } from '../../platform/command-context.js';
import { MemoryEventStore } from '../../platform/event-store/memory-event-store.js';
import { RESERVATION_HOLD_MS } from '../../platform/reservations.js';
import { offeringStream, type OfferingEvent } from './events.js';
import { InvestorLimitStream } from './investor-limit.js';
import { investorLimitStream } from './investor-limit.events.js';

const START = Date.parse('2026-11-27T09:00:00Z');
const at = (ms = 0) => systemContext('test', randomUUID(), new Date(START + ms).toISOString());
const quiet = { error: () => undefined };
const assetId = randomUUID();
const offeringId = randomUUID();
const MAX = 185_000_00;

/** An offering's events as its decider records them, appended straight to the log (what a crashed request left). */
async function record(store: MemoryEventStore, events: OfferingEvent[]): Promise<void> {
  const stream = offeringStream(offeringId);
  const revision = (await store.readStream(stream)).length - 1;
  const { actor, correlationId, now: occurredAt } = at();
  await store.append(
    stream,
    events.map((e) => ({
      ...e,
      metadata: { eventId: randomUUID(), schemaVersion: 1, occurredAt, actor, correlationId, causationId: null },
    })),
    revision < 0 ? 'no_stream' : revision,
  );
}

const created: OfferingEvent = {
  type: 'OfferingCreated',
  data: {
    offeringId,
    assetId,
    ownerId: randomUUID(),
    name: 'Harbour View',
    description: '',
    totalTokens: 1_000,
    tokenPrice: '1000.00',
    minimumInvestment: '1000.00',
    lockupDays: 0,
    createdBy: randomUUID(),
  },
};
const requested = (investmentId: string, investorId: string, tokens: number): OfferingEvent => ({
  type: 'InvestmentRequested',
  data: {
    offeringId,
    assetId,
    ownerId: created.data.ownerId,
    investmentId,
    investorId,
    tokens,
    amount: `${tokens * 1_000}.00`,
    tokenPrice: '1000.00',
    transferableFrom: at().now,
  },
});

describe('investor limits on a shared log', () => {
  const store = new MemoryEventStore();
  const limits = new InvestorLimitStream(new AggregateRepository(store, quiet));
  const reserve = (investorId: string, investmentId: string, amountCents: number, ms: number) =>
    limits.reserve(
      { assetId, investorId, investmentId, offeringId, amountCents, maximumCents: MAX, now: at(ms).now },
      [offeringId],
      at(ms),
    );
  beforeAll(() => record(store, [created]));

  it('given a request that crashed before recording its investment, then its amount holds for the hold, then is released', async () => {
    const investorId = randomUUID();
    await reserve(investorId, 'crashed', 150_000_00, 0);
    await expect(reserve(investorId, 'next', 50_000_00, 60_000)).rejects.toMatchObject({ status: 409 });
    await reserve(investorId, 'next', 50_000_00, RESERVATION_HOLD_MS);
    const events = await store.readStream(investorLimitStream(assetId, investorId));
    expect(events.map((e) => [e.type, (e.data as { investmentId?: string }).investmentId ?? null])).toEqual([
      ['InvestorLimitOpened', null],
      ['InvestmentAmountReserved', 'crashed'],
      ['InvestmentAmountReleased', 'crashed'],
      ['InvestmentAmountReserved', 'next'],
    ]);
    expect(events[2]!.data).toMatchObject({ reason: 'abandoned' });
  });

  it('given a request that crashed after recording its investment, then the next reservation fills it and it still counts', async () => {
    const investorId = randomUUID();
    await reserve(investorId, 'recorded', 100_000_00, 0);
    await record(store, [requested('recorded', investorId, 100)]);
    await expect(reserve(investorId, 'next', 85_000_01, RESERVATION_HOLD_MS)).rejects.toMatchObject({
      status: 409,
      message:
        'The most one investor may hold in this asset is NZD 185,000.00; you hold NZD 100,000.00 and may invest up to NZD 85,000.00',
    });
    await reserve(investorId, 'next', 85_000_00, RESERVATION_HOLD_MS);
    const types = (await store.readStream(investorLimitStream(assetId, investorId))).map((e) => e.type);
    expect(types).toEqual([
      'InvestorLimitOpened',
      'InvestmentAmountReserved',
      'InvestmentAmountFilled',
      'InvestmentAmountReserved',
    ]);
  });

  it('given investments recorded before the stream existed, then the first reservation counts them', async () => {
    const investorId = randomUUID();
    await record(store, [requested('before', investorId, 180)]);
    await expect(reserve(investorId, 'first', 5_000_01, 0)).rejects.toMatchObject({ status: 409 });
    await reserve(investorId, 'first', 5_000_00, 0);
    const [opened] = await store.readStream(investorLimitStream(assetId, investorId));
    expect(opened).toMatchObject({
      type: 'InvestorLimitOpened',
      data: { investments: [{ investmentId: 'before', offeringId, amountCents: 180_000_00 }] },
    });
  });
});
