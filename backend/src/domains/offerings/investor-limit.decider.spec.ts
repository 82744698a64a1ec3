import { specify } from '../../testing/decider-spec.js';
import { RESERVATION_HOLD_MS } from '../../platform/reservations.js';
import { investorLimit, type InvestorLimitCommand } from './investor-limit.decider.js';
import type { InvestorLimitEvent, ReleaseReason } from './investor-limit.events.js';

const who = { assetId: 'a-1', investorId: 'investor-1' };
const { given } = specify(investorLimit);
const at = '2026-11-27T09:00:00.000Z';
const later = (ms: number) => new Date(Date.parse(at) + ms).toISOString();
const MAX = 185_000_00;

type Reserve = Extract<InvestorLimitCommand, { type: 'ReserveInvestment' }>;
const reserve = (investmentId: string, amountCents: number, over: Partial<Reserve> = {}): InvestorLimitCommand => ({
  type: 'ReserveInvestment',
  ...who,
  investmentId,
  offeringId: 'o-1',
  amountCents,
  maximumCents: MAX,
  now: at,
  recorded: new Map(),
  cancelled: new Set(),
  ...over,
});
const opened = (...investments: [string, number][]): InvestorLimitEvent => ({
  type: 'InvestorLimitOpened',
  data: {
    ...who,
    investments: investments.map(([investmentId, amountCents]) => ({ investmentId, offeringId: 'o-2', amountCents })),
  },
});
const reserved = (investmentId: string, amountCents: number, expiresAt = later(RESERVATION_HOLD_MS)) =>
  ({
    type: 'InvestmentAmountReserved',
    data: { ...who, investmentId, offeringId: 'o-1', amountCents, expiresAt },
  }) satisfies InvestorLimitEvent;
const filled = (investmentId: string, amountCents: number, offeringId = 'o-1') =>
  ({
    type: 'InvestmentAmountFilled',
    data: { ...who, investmentId, offeringId, amountCents },
  }) satisfies InvestorLimitEvent;
const released = (investmentId: string, reason: ReleaseReason) =>
  ({ type: 'InvestmentAmountReleased', data: { ...who, investmentId, reason } }) satisfies InvestorLimitEvent;
const maximum = (held: string, left: string) =>
  `The most one investor may hold in this asset is NZD 185,000.00; you hold NZD ${held} and may invest up to NZD ${left}`;

describe('Investor limit decider (the token terms’ maximum per investor, across an asset’s offerings)', () => {
  it('given investments from before the stream, when the first reservation comes, then they are counted in (opened)', () => {
    const recorded = new Map([['i-old', { offeringId: 'o-2', amountCents: 100_000_00 }]]);
    const refused = given([]).when(reserve('i-1', 86_000_00, { recorded }));
    expect(refused.error).toMatchObject({
      status: 409,
      title: 'Investment Failed',
      message: maximum('100,000.00', '85,000.00'),
      errors: [{ field: 'investmentAmount', message: maximum('100,000.00', '85,000.00') }],
    });
    expect(given([]).when(reserve('i-1', 85_000_00, { recorded })).events).toEqual([
      opened(['i-old', 100_000_00]),
      reserved('i-1', 85_000_00),
    ]);
  });

  it('given reservations not yet filled, then they count as much as filled ones: a second request sees the first', () => {
    const history = [opened(), reserved('i-1', 100_000_00), filled('i-1', 100_000_00), reserved('i-2', 80_000_00)];
    expect(given(history).when(reserve('i-3', 5_000_00)).events).toEqual([reserved('i-3', 5_000_00)]);
    expect(given(history).when(reserve('i-3', 5_000_01)).error?.message).toBe(maximum('180,000.00', '5,000.00'));
  });

  it('given the first reservation with nothing held, then the message says only what may be invested', () => {
    expect(given([opened()]).when(reserve('i-1', MAX + 1)).error?.message).toBe(
      'The most one investor may hold in this asset is NZD 185,000.00; you may invest up to NZD 185,000.00',
    );
  });

  it('when the offering refuses the investment, then its amount is given back; a recorded one never is by a refusal', () => {
    const release = (investmentId: string, reason: 'refused' | 'cancelled'): InvestorLimitCommand => ({
      type: 'ReleaseInvestment',
      ...who,
      investmentId,
      reason,
    });
    const history = [opened(), reserved('i-1', 150_000_00)];
    expect(given(history).when(release('i-1', 'refused')).events).toEqual([released('i-1', 'refused')]);
    const after = [...history, released('i-1', 'refused')];
    expect(given(after).when(reserve('i-2', MAX)).events).toEqual([reserved('i-2', MAX)]);
    expect(given(after).when(release('i-1', 'refused')).events).toEqual([]);
    const recorded = [...history, filled('i-1', 150_000_00)];
    expect(given(recorded).when(release('i-1', 'refused')).events).toEqual([]);
    // Staff cancel it: freed.
    expect(given(recorded).when(release('i-1', 'cancelled')).events).toEqual([released('i-1', 'cancelled')]);
  });

  it('given a cancellation whose release was never written, when the investor reserves, then it is settled from the offering stream', () => {
    const history = [opened(), reserved('i-1', 150_000_00), filled('i-1', 150_000_00)];
    expect(given(history).when(reserve('i-2', 50_000_00)).error).toMatchObject({ status: 409 });
    expect(given(history).when(reserve('i-2', 50_000_00, { cancelled: new Set(['i-1']) })).events).toEqual([
      released('i-1', 'cancelled'),
      reserved('i-2', 50_000_00),
    ]);
  });

  it('given a reservation a crash left, then it holds until its hold is over, and the next reservation after settles it', () => {
    const history = [opened(), reserved('i-1', 150_000_00)];
    // Within the hold it counts, whatever the offering streams say.
    expect(given(history).when(reserve('i-2', 50_000_00, { now: later(60_000) })).error).toMatchObject({ status: 409 });
    // After it: the investment is on no offering stream, so the amount is released as abandoned.
    const after = later(RESERVATION_HOLD_MS);
    expect(given(history).when(reserve('i-2', 50_000_00, { now: after })).events).toEqual([
      released('i-1', 'abandoned'),
      reserved('i-2', 50_000_00, later(2 * RESERVATION_HOLD_MS)),
    ]);
    // Or the investment was recorded and only the fill was lost: filled, and it still counts.
    const recorded = new Map([['i-1', { offeringId: 'o-1', amountCents: 150_000_00 }]]);
    const filledLate = given(history).when(reserve('i-2', 35_000_00, { now: after, recorded }));
    expect(filledLate.events).toEqual([
      filled('i-1', 150_000_00),
      reserved('i-2', 35_000_00, later(2 * RESERVATION_HOLD_MS)),
    ]);
    expect(given(history).when(reserve('i-2', 35_000_01, { now: after, recorded })).error).toMatchObject({
      status: 409,
    });
  });

  it('given an amount released as abandoned whose investment was recorded after all, then it counts again', () => {
    const history = [opened(), reserved('i-1', 150_000_00), released('i-1', 'abandoned')];
    const recorded = new Map([['i-1', { offeringId: 'o-1', amountCents: 150_000_00 }]]);
    expect(given(history).when(reserve('i-2', 50_000_00, { recorded })).error?.message).toBe(
      maximum('150,000.00', '35,000.00'),
    );
    const fill: InvestorLimitCommand = {
      type: 'FillInvestment',
      ...who,
      investmentId: 'i-1',
      offeringId: 'o-1',
      amountCents: 150_000_00,
    };
    expect(given(history).when(fill).events).toEqual([filled('i-1', 150_000_00)]);
    expect(given([...history, filled('i-1', 150_000_00)]).when(fill).events).toEqual([]);
  });

  it('refuses an investment id already held; odd ids are ordinary keys', () => {
    expect(given([opened(), reserved('i-1', 1_000_00)]).when(reserve('i-1', 1_000_00)).error).toMatchObject({
      status: 409,
      message: 'This investment is already recorded',
    });
    // Ids such as `constructor` are ordinary Map keys.
    expect(given([opened()]).when(reserve('constructor', 1_000_00)).events).toHaveLength(1);
  });
});
