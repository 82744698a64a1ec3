/**
 * Distributions over random registers (issue 31): off-platform holders added, changed and removed and platform
 * investors issued tokens on days before and after the record date, random tax profiles, kinds, amounts and
 * imputation credits. For every declaration: Σ gross = the declared amount to the cent, gross = net + tax on every
 * line, each line's tax equals the rate table's, the credits sum to what was attached, and the lines' holdings equal
 * the cap table's own as-of replay of the asset stream at the end of the record date (projections, not the decider).
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { DISTRIBUTION_MESSAGES as M } from '../../messages.js';
import { fold } from '../../platform/decider.js';
import { nzEndOfDay } from '../../platform/nz-time.js';
import { project } from '../../platform/projection-engine/projection.js';
import { assetsProjection } from '../../projections/assets.js';
import { capTableOf, registersProjection } from '../../projections/registers.js';
import { recorded } from '../../testing/recorded.js';
import { assetStream, type TokenTerms } from '../assets/events.js';
import type { AssetStreamEvent } from '../register/events.js';
import { register, type RegisterCommand } from '../register/register.decider.js';
import { distribution } from './distribution.decider.js';
import { registerAt } from './entitlements.js';
import type { DistributionDeclared } from './events.js';
import { maximumCredits, withholding, NO_PROFILE, type IncomeKind, type TaxStanding } from './tax.js';
import { ELECTED_RWT_RATES, ratesOn } from './tax-rates.js';

const assetId = 'a-1';
const ownerId = 'owner-1';
const HOLDERS = ['h-0', 'h-1', 'h-2', 'h-3'];
const INVESTORS = ['p-0', 'p-1', 'p-2'];
const DAYS = ['2026-06-01', '2026-06-02', '2026-06-03', '2026-06-04', '2026-06-05'];
const terms = (totalSupply: number): TokenTerms => ({
  symbol: 'HVA',
  name: 'Harbour View',
  totalSupply,
  decimals: 0,
  price: 1_000,
  minInvestment: 1,
  maxInvestment: 10_000_000,
  network: 'polygon',
  lockUpMonths: 0,
  feePercent: 0,
});

type Step =
  | { kind: 'add'; holder: number; tokens: number }
  | { kind: 'change'; holder: number; tokens: number }
  | { kind: 'remove'; holder: number }
  | { kind: 'issue'; investor: number; tokens: number };

const step = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), holder: fc.nat(3), tokens: fc.integer({ min: 1, max: 400 }) }),
  fc.record({ kind: fc.constant('change' as const), holder: fc.nat(3), tokens: fc.integer({ min: 1, max: 400 }) }),
  fc.record({ kind: fc.constant('remove' as const), holder: fc.nat(3) }),
  fc.record({ kind: fc.constant('issue' as const), investor: fc.nat(2), tokens: fc.integer({ min: 1, max: 300 }) }),
);
// A moment on one of the days, New Zealand time (noon there is 00:00Z in winter).
const timed = fc.record({ step, day: fc.nat(DAYS.length - 1), minute: fc.nat(23 * 60) });

const standing: fc.Arbitrary<TaxStanding> = fc.oneof(
  fc.record({
    residency: fc.constant('resident' as const),
    irdNumber: fc.option(fc.constant('049091850'), { nil: null }),
    rwtRate: fc.constantFrom(...ELECTED_RWT_RATES),
    treatyCountry: fc.constant(null),
  }),
  fc.record({
    residency: fc.constant('non-resident' as const),
    irdNumber: fc.constant(null),
    rwtRate: fc.constant(null),
    treatyCountry: fc.option(fc.constantFrom('AU', 'GB', 'US', 'BR'), { nil: null }),
  }),
);

function commandOf(s: Step, n: number): RegisterCommand[] {
  switch (s.kind) {
    case 'add':
      return [
        {
          type: 'AddInvestor',
          assetId,
          ownerId,
          investorId: HOLDERS[s.holder]!,
          name: 'Aroha Ngata',
          email: null,
          tokens: s.tokens,
          maxInvestors: null,
        },
      ];
    case 'change':
      return [
        {
          type: 'ChangeInvestorHolding',
          assetId,
          ownerId,
          investorId: HOLDERS[s.holder]!,
          name: 'Aroha Ngata',
          email: null,
          tokens: s.tokens,
          reason: 'Sold to another holder',
        },
      ];
    case 'remove':
      return [{ type: 'RemoveInvestor', assetId, ownerId, investorId: HOLDERS[s.holder]!, reason: 'Sold out' }];
    case 'issue': {
      const offeringId = `o-${n}`;
      const offering = {
        name: 'Series A',
        description: '',
        tokenPrice: '10.00',
        minimumInvestment: '0.00',
        lockupDays: 0,
        createdBy: 'admin-1',
      };
      return [
        { type: 'AllocateToOffering', assetId, offeringId, tokens: s.tokens, offering },
        {
          type: 'SettleOffering',
          assetId,
          offeringId,
          facts: [
            {
              revision: 0,
              kind: 'confirmed',
              investmentId: `i-${n}`,
              investorId: INVESTORS[s.investor]!,
              tokens: s.tokens,
            },
          ],
        },
      ];
    }
    default: {
      const _exhaustive: never = s;
      return [];
    }
  }
}

/** The asset's stream as the log holds it: each accepted event at its moment, in order of time. */
function history(supply: number, steps: { step: Step; day: number; minute: number }[]) {
  const start: AssetStreamEvent[] = [
    {
      type: 'AssetDrafted',
      data: {
        assetId,
        ownerId,
        name: 'Harbour View',
        description: 'Apartments',
        assetType: 'property',
        address: null,
        totalValue: 1_000_000,
        tokenCount: supply,
      },
    },
    {
      type: 'TokenizationApproved',
      data: { assetId, ownerId, approvedBy: 'admin-1', terms: terms(supply), value: 1_000_000 },
    },
  ];
  const times: string[] = ['2026-05-31T00:00:00.000Z', '2026-05-31T00:00:00.000Z'];
  const ordered = [...steps].sort((a, b) => a.day - b.day || a.minute - b.minute);
  const events = [...start];
  ordered.forEach((s, n) => {
    const at = new Date(Date.parse(`${DAYS[s.day]}T00:00:00+12:00`) + s.minute * 60_000).toISOString();
    // The app adds a holder under a fresh id: an id already on the register is only ever changed or removed.
    if (s.step.kind === 'add' && fold(register, events).holders.has(HOLDERS[s.step.holder]!)) return;
    for (const command of commandOf(s.step, n)) {
      try {
        const decided = register.decide(command, fold(register, events));
        events.push(...decided);
        times.push(...decided.map(() => at));
      } catch {
        // refused by the register (beyond the supply, unknown holder): nothing recorded
      }
    }
  });
  const log = recorded(assetStream(assetId), events).map((e, i) => ({
    ...e,
    metadata: { ...e.metadata, occurredAt: times[i]! },
  }));
  return { events, log };
}

describe('distribution property: sums, tax and the as-of replay', () => {
  it('holds for random registers, transfers across the record date and tax profiles', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2_000 }),
        fc.array(timed, { maxLength: 25 }),
        fc.nat(DAYS.length - 1),
        fc.constantFrom<IncomeKind>('dividend', 'interest', 'rent', 'other'),
        fc.integer({ min: 1, max: 100_000_000_00 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.array(standing, { minLength: INVESTORS.length, maxLength: INVESTORS.length }),
        (supply, steps, recordDay, kind, amount, imputed, profiles) => {
          const { log } = history(supply, steps);
          const recordDate = DAYS[recordDay]!;
          const recordInstant = nzEndOfDay(recordDate)!;
          const until = log.filter((e) => e.metadata.occurredAt <= recordInstant);
          const atRecord = registerAt(
            fold(
              register,
              until.map((e) => ({ type: e.type, data: e.data }) as AssetStreamEvent),
            ),
          );
          const rates = ratesOn('2026-06-30')!;
          const credits = kind === 'dividend' ? Math.floor(maximumCredits(amount, rates) * imputed) : 0;
          const standings = new Map(INVESTORS.map((id, i) => [id, profiles[i]!]));
          let declared: DistributionDeclared['data'];
          try {
            const [event] = distribution.decide(
              {
                type: 'DeclareDistribution',
                distributionId: 'd-1',
                assetId,
                ownerId,
                assetOwnerId: ownerId,
                kind,
                amount: `${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, '0')}`,
                imputationCredits: credits
                  ? `${Math.floor(credits / 100)}.${String(credits % 100).padStart(2, '0')}`
                  : null,
                recordDate,
                paymentDate: '2026-06-30',
                recordInstant,
                register: atRecord,
                standings,
                today: '2026-07-01',
                chainSettling: false,
                recordBlock: null,
                now: '2026-07-01T00:00:00.000Z',
              },
              distribution.initialState,
            );
            declared = (event as DistributionDeclared).data;
          } catch (error) {
            // Refused, and rightly so: only the owner held tokens, or every other holder's share rounds to nothing.
            const message = (error as Error).message;
            if (atRecord.holdings.every((h) => h.holderKind === 'owner')) expect(message).toMatch(/nobody to pay/);
            else expect(message).toBe(M.sharesRoundToNothing);
            return;
          }
          const lines = declared.lines;
          expect(lines.reduce((a, l) => a + l.gross, 0)).toBe(amount);
          expect(lines.reduce((a, l) => a + l.imputationCredits, 0)).toBe(credits);
          for (const line of lines) {
            expect(line.gross).toBe(line.net + line.withholdingTax);
            expect(line.net).toBeGreaterThanOrEqual(0);
            // Each gross is within a cent of the exact pro-rata share.
            expect(Math.abs(line.gross - (amount * line.tokens) / supply)).toBeLessThan(1);
            const holderStanding =
              line.holderKind === 'platform'
                ? standings.get(line.investorId!)!
                : line.holderKind === 'off-platform'
                  ? NO_PROFILE
                  : null;
            const expected = holderStanding
              ? withholding(kind, line.gross, line.imputationCredits, holderStanding, rates).tax
              : 0;
            expect(line.withholdingTax).toBe(expected);
          }
          expect(declared.fundingDue).toBe(
            lines.filter((l) => l.holderKind !== 'owner').reduce((a, l) => a + l.gross, 0),
          );

          // The cap table's own replay (the read models folded to the record instant), as GET cap-table?asOf= does.
          const replayedAsset = project(assetsProjection, until).get(assetId)!;
          const replayedRegister = project(registersProjection, until).get(assetId)!;
          const table = capTableOf(replayedAsset, replayedRegister);
          const tableTokens = new Map<string, number>();
          for (const l of table.lines) {
            const key = l.kind === 'offered' || l.kind === 'owner' ? 'owner' : `${l.kind}:${l.investorId}`;
            tableTokens.set(key, (tableTokens.get(key) ?? 0) + l.tokens);
          }
          for (const [key, tokens] of tableTokens) if (tokens === 0) tableTokens.delete(key);
          const fromLines = new Map(
            lines.map((l) => [l.holderKind === 'owner' ? 'owner' : `${l.holderKind}:${l.investorId}`, l.tokens]),
          );
          expect(fromLines).toEqual(tableTokens);
          expect(table.supply).toBe(declared.supply);
        },
      ),
      { numRuns: 300 },
    );
  });
});
