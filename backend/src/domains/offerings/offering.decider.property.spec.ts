import fc from 'fast-check';
import {
  anyId,
  anyTime,
  checkDecider,
  commandsOf,
  often,
  PROTOTYPE_NAMES,
  REUSED_IDS,
  someNumber,
  someText,
} from '../../testing/decider-properties.js';
import type { OfferingEvent } from './events.js';
import { INVESTMENT_NOT_FOUND, offering, type OfferingCommand } from './offering.decider.js';

/** NZD per token an offering is created at (one per run); investments pay a whole number of them, or something odd. */
const PRICES = [10, 0.01, 25_000, 40_000];
const oddPrice = fc.constantFrom('abc', '-1', 'NaN', '1e3', '', '0', '1,000');
/** Investment ids from a small pool, so that settling names an investment made (or one never made) often. */
const investmentId = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('constructor', '__proto__', ...REUSED_IDS) },
  { weight: 1, arbitrary: fc.uuid({ version: 4 }) },
);

const commands = fc.constantFrom(...PRICES).chain((each) => {
  const priceText = each.toFixed(2);
  const price = often(fc.constant(priceText), oddPrice);
  const create = fc.record({
    type: fc.constant('CreateOffering' as const),
    offeringId: anyId,
    assetId: anyId,
    ownerId: anyId,
    assetActive: often(fc.constant(true), fc.constant(false)),
    limits: fc.constant(null),
    name: someText(fc.constant('Harbour View Series A')),
    description: someText(fc.constant('')),
    totalTokens: someNumber(fc.integer({ min: 1, max: 100 })),
    tokenPrice: price,
    minimumInvestment: fc.oneof({ weight: 4, arbitrary: fc.constant('0') }, { weight: 1, arbitrary: price }),
    lockupDays: someNumber(fc.integer({ min: 0, max: 3650 })),
    adminId: anyId,
  });
  const invest = fc
    .record({
      offeringId: anyId,
      investmentId,
      investorId: anyId,
      investorIsWholesale: often(fc.constant(true), fc.constant(false)),
      // Sometimes a revocation is why (the refusal names it); never a reason to accept.
      investorRevokedAt: fc.option(anyTime, { nil: null }),
      termsMinimumCents: fc.constant(null),
      linkedElsewhereCents: someNumber(fc.integer({ min: 0, max: 200_000_00 })),
      tokens: someNumber(fc.integer({ min: 1, max: 12 })),
      odd: someNumber(fc.constant(Number.NaN)),
      now: anyTime,
    })
    .map(
      ({ odd, ...rest }): OfferingCommand => ({
        type: 'Invest',
        ...rest,
        // Mostly the amount that matches tokens × price; sometimes whatever arrived.
        amount: Number.isNaN(odd) ? rest.tokens * each : odd,
      }),
    );
  const settle = fc
    .record({
      offeringId: anyId,
      investmentId,
      adminId: anyId,
      reason: someText(fc.constant('No funds')),
      confirm: fc.boolean(),
    })
    .map(
      ({ confirm, reason, ...ids }): OfferingCommand =>
        confirm ? { type: 'ConfirmInvestment', ...ids } : { type: 'CancelInvestment', ...ids, reason },
    );
  const close = fc.record({ type: fc.constant('CloseOffering' as const), offeringId: anyId, adminId: anyId });
  const next: fc.Arbitrary<OfferingCommand> = fc.oneof(
    { weight: 2, arbitrary: create },
    { weight: 12, arbitrary: invest },
    { weight: 6, arbitrary: settle },
    { weight: 1, arbitrary: close },
  );
  // Mostly a run opens with an offering as an admin would create it, so that investing gets somewhere.
  const usual = create.map((c) => ({ ...c, assetActive: true, name: 'A', totalTokens: 60, tokenPrice: priceText }));
  return commandsOf(next, { opening: [often(usual, create)] });
});

const sum = (events: readonly OfferingEvent[], type: OfferingEvent['type']) =>
  events.reduce((total, e) => total + (e.type === type && 'tokens' in e.data ? e.data.tokens : 0), 0);

describe('Offering decider, properties', () => {
  it('whatever is asked, with whatever ids and numbers: events fit, numbers stay whole, never oversold', () => {
    checkDecider(offering, {
      commands,
      wholeNumbers: (s) =>
        s.status === 'none'
          ? []
          : [
              ...[s.totalTokens, s.tokensTaken, s.priceCents, s.minimumCents, s.lockupDays],
              ...[...s.pending.values()].map((p) => p.tokens),
            ],
      invariant(state, history) {
        if (state.status === 'none') {
          // Nothing is recorded on an offering before it is created.
          expect(history).toEqual([]);
          return;
        }
        // Confirmed and pending tokens, counted from the events themselves, never exceed the offering's.
        const taken = sum(history, 'InvestmentRequested') - sum(history, 'InvestmentCancelled');
        expect(taken).toBe(state.tokensTaken);
        expect(state.tokensTaken).toBeLessThanOrEqual(state.totalTokens);
        const pending = [...state.pending.values()].reduce((total, p) => total + p.tokens, 0);
        expect(pending).toBeLessThanOrEqual(state.tokensTaken);
        // An investment is requested once, and settled (confirmed or cancelled) at most once after that.
        const ids = (...types: OfferingEvent['type'][]) =>
          history.flatMap((e) => (types.includes(e.type) && 'investmentId' in e.data ? [e.data.investmentId] : []));
        const requested = ids('InvestmentRequested');
        const settled = ids('InvestmentConfirmed', 'InvestmentCancelled');
        expect(new Set(requested).size).toBe(requested.length);
        expect(new Set(settled).size).toBe(settled.length);
        expect(settled.filter((id) => !requested.includes(id))).toEqual([]);
      },
    });
  });

  it('confirm or cancel of an investment named constructor, __proto__, toString, …: not found', () => {
    const created: OfferingEvent = {
      type: 'OfferingCreated',
      data: {
        ...{ offeringId: 'o1', assetId: 'a1', ownerId: 'w1', name: 'Harbour View', description: '', totalTokens: 10 },
        ...{ tokenPrice: '10.00', minimumInvestment: '0.00', lockupDays: 0, createdBy: 'admin' },
      },
    };
    const state = offering.evolve(offering.initialState, created);
    for (const investmentId of PROTOTYPE_NAMES) {
      const ids = { offeringId: 'o1', investmentId, adminId: 'admin' };
      expect(() => offering.decide({ type: 'ConfirmInvestment', ...ids }, state)).toThrow(INVESTMENT_NOT_FOUND);
      expect(() => offering.decide({ type: 'CancelInvestment', ...ids, reason: 'x' }, state)).toThrow(
        INVESTMENT_NOT_FOUND,
      );
    }
  });
});
