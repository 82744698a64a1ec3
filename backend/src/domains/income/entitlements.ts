import { registerTotals, type RegisterState } from '../register/register.decider.js';
import type { DistributionLine, HolderKind } from './events.js';
import { NO_PROFILE, withholding, type IncomeKind, type TaxStanding } from './tax.js';
import type { TaxRates } from './tax-rates.js';

/** One holding at the end of the record date. */
export interface Holding {
  holderKind: HolderKind;
  investorId: string | null;
  tokens: number;
}

/** The register as the as-of replay found it at the end of the record date. */
export interface RegisterAtRecord {
  /** The token existed: the tokenization was approved by then. */
  active: boolean;
  supply: number;
  holdings: Holding[];
}

const byId = (a: [string, number], b: [string, number]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

/**
 * Who held the token, from the register decider's own fold of the asset's stream up to the record instant:
 * off-platform holders, then platform investors (each by id), then the owner, whose line is everything not held
 * by someone else — retained tokens and tokens allocated to an offering but not yet issued (a pending investment
 * is not a holding until it is confirmed).
 */
export function registerAt(state: RegisterState): RegisterAtRecord {
  const totals = registerTotals(state);
  const holdings: Holding[] = [
    ...[...state.holders]
      .sort(byId)
      .map(([investorId, tokens]) => ({ holderKind: 'off-platform' as const, investorId, tokens })),
    ...[...state.investors]
      .sort(byId)
      .map(([investorId, tokens]) => ({ holderKind: 'platform' as const, investorId, tokens })),
  ].filter((h) => h.tokens > 0);
  const owner = totals.ownerRetained + totals.unsold;
  if (owner > 0) holdings.push({ holderKind: 'owner', investorId: null, tokens: owner });
  return { active: state.status === 'active', supply: state.supply, holdings };
}

/**
 * Splits a total of cents pro rata to the weights, in whole cents that sum exactly to the total. The rule: each
 * part gets the floor of total × weight ÷ Σ weights; the cents left over go one each to the parts with the largest
 * remainders (total × weight mod Σ weights), ties to the larger weight, then to the earlier part (holders come
 * before the owner, so a tie never favours the payer's own tokens). BigInt: cents × tokens passes 2^53.
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  const whole = weights.reduce((a, b) => a + BigInt(b), 0n);
  if (whole === 0n) return weights.map(() => 0);
  const t = BigInt(total);
  const parts = weights.map((w, index) => {
    const share = t * BigInt(w);
    return { index, weight: w, floor: share / whole, remainder: share % whole };
  });
  let left = t - parts.reduce((a, p) => a + p.floor, 0n);
  const order = [...parts].sort((a, b) =>
    a.remainder !== b.remainder ? (b.remainder > a.remainder ? 1 : -1) : b.weight - a.weight || a.index - b.index,
  );
  const result = parts.map((p) => p.floor);
  for (const p of order) {
    if (left === 0n) break;
    result[p.index]! += 1n;
    left -= 1n;
  }
  return result.map(Number);
}

/**
 * Every line of a distribution: gross and imputation credits pro rata by tokens, tax per holder from their
 * standing and the rate table. The owner's line is the owner's own income on their retained tokens: it is shown
 * (so the lines sum to the declared amount), never funded, paid or taxed here — the owner returns it themselves.
 */
export function distributionLines(
  kind: IncomeKind,
  amount: number,
  credits: number,
  register: RegisterAtRecord,
  standings: ReadonlyMap<string, TaxStanding>,
  rates: TaxRates,
): DistributionLine[] {
  const weights = register.holdings.map((h) => h.tokens);
  const gross = allocate(amount, weights);
  const imputation = allocate(credits, weights);
  return register.holdings.map((h, i) => {
    const lineGross = gross[i]!;
    const lineCredits = imputation[i]!;
    if (h.holderKind === 'owner')
      return {
        ...h,
        gross: lineGross,
        imputationCredits: lineCredits,
        withholdingTax: 0,
        taxKind: 'none',
        taxRate: 0,
        residency: null,
        hasIrdNumber: false,
        net: lineGross,
      };
    // Off-platform holders have no profile on Kauri: taxed as residents without an IRD number.
    const standing =
      (h.holderKind === 'platform' && h.investorId !== null && standings.get(h.investorId)) || NO_PROFILE;
    const tax = withholding(kind, lineGross, lineCredits, standing, rates);
    return {
      ...h,
      gross: lineGross,
      imputationCredits: lineCredits,
      withholdingTax: tax.tax,
      taxKind: tax.taxKind,
      taxRate: tax.rate,
      residency: standing.residency,
      hasIrdNumber: standing.irdNumber !== null,
      net: lineGross - tax.tax,
    };
  });
}
