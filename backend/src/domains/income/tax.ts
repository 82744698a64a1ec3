import { electedRateBasis, ratesOn, TREATY_COUNTRIES, type ElectedRwtRate, type TaxRates } from './tax-rates.js';

export type IncomeKind = 'dividend' | 'interest' | 'rent' | 'other';
export const INCOME_KINDS = ['dividend', 'interest', 'rent', 'other'] as const satisfies readonly IncomeKind[];
export type Residency = 'resident' | 'non-resident';
export const RESIDENCIES = ['resident', 'non-resident'] as const satisfies readonly Residency[];

/** What tax law needs of a holder to withhold from their income. */
export interface TaxStanding {
  residency: Residency;
  /** Nine digits, check digit valid; null when not given. */
  irdNumber: string | null;
  /** The rate elected for interest (residents with an IRD number). */
  rwtRate: ElectedRwtRate | null;
  /** ISO 3166 alpha-2 of a non-resident's country of residence, when they claim its treaty. */
  treatyCountry: string | null;
}

/**
 * A holder who never gave a tax profile (every off-platform holder, and investors who have not filled it in): a
 * resident without an IRD number — the payer withholds at the highest rate the law gives it for that, never less.
 */
export const NO_PROFILE: TaxStanding = { residency: 'resident', irdNumber: null, rwtRate: null, treatyCountry: null };

/** The withholding tax of one line: RWT for residents, NRWT for non-residents, none on rent and other income. */
export type TaxKind = 'RWT' | 'NRWT' | 'none';

export interface Withholding {
  taxKind: TaxKind;
  /** Cents withheld. */
  tax: number;
  /** The rate applied, hundredths of a percent (for a dividend: on gross + credits for RWT, on the unimputed part for NRWT). */
  rate: number;
}

/** a × rate / 10,000, rounded half up to a whole cent (BigInt: cents × rate may pass 2^53). */
export function percentOf(cents: number, rate: number): number {
  const product = BigInt(cents) * BigInt(rate);
  return Number((product * 2n + 10_000n) / 20_000n);
}

/** The part of a dividend its imputation credits fully impute: credits × (100 % − company rate) / company rate. */
export function fullyImputedPart(gross: number, credits: number, rates: Pick<TaxRates, 'companyRate'>): number {
  const imputed = Number((BigInt(credits) * BigInt(10_000 - rates.companyRate)) / BigInt(rates.companyRate));
  return Math.min(gross, imputed);
}

/** The most imputation credits a dividend may carry (the maximum imputation ratio), rounded down to a cent. */
export function maximumCredits(gross: number, rates: Pick<TaxRates, 'companyRate'>): number {
  return Number((BigInt(gross) * BigInt(rates.companyRate)) / BigInt(10_000 - rates.companyRate));
}

/**
 * The tax withheld from one holder's gross income (cents), with the imputation credits attached to their line.
 * Pure: the rates are the table's entry for the payment date.
 */
export function withholding(
  kind: IncomeKind,
  gross: number,
  credits: number,
  holder: TaxStanding,
  rates: TaxRates,
): Withholding {
  switch (kind) {
    case 'rent':
    case 'other':
      // Neither is resident or non-resident passive income: the holder returns it in their own tax return.
      return { taxKind: 'none', tax: 0, rate: 0 };
    case 'dividend':
      if (holder.residency === 'resident') {
        const rate = rates.rwt.dividend;
        return { taxKind: 'RWT', tax: Math.max(0, percentOf(gross + credits, rate) - credits), rate };
      } else {
        const imputed = fullyImputedPart(gross, credits, rates);
        const rate = underTreaty(holder) ? rates.nrwt.dividendUnimputedTreaty : rates.nrwt.dividendUnimputed;
        const tax = percentOf(gross - imputed, rate) + percentOf(imputed, rates.nrwt.dividendImputed);
        return { taxKind: 'NRWT', tax, rate };
      }
    case 'interest':
      if (holder.residency === 'non-resident') {
        const rate = rates.nrwt.interest;
        return { taxKind: 'NRWT', tax: percentOf(gross, rate), rate };
      } else {
        const rate =
          holder.irdNumber !== null && holder.rwtRate !== null
            ? electedRateBasis(holder.rwtRate)
            : rates.rwt.interestNonDeclaration;
        return { taxKind: 'RWT', tax: percentOf(gross, rate), rate };
      }
    default: {
      const _exhaustive: never = kind;
      throw new Error(`unknown income kind ${String(_exhaustive)}`);
    }
  }
}

const underTreaty = (holder: TaxStanding) =>
  holder.treatyCountry !== null && TREATY_COUNTRIES.has(holder.treatyCountry);

/** The rates for a payment date, or a clear failure: the table has no entry that early. */
export function requireRatesOn(nzDate: string): TaxRates {
  const rates = ratesOn(nzDate);
  if (!rates) throw new Error(`no tax rates for ${nzDate}`);
  return rates;
}

/** The New Zealand tax year (1 April – 31 March) a date falls in, named by the year it ends: 2027 for 2026-04-01. */
export function taxYearOf(nzDate: string): number {
  const year = Number(nzDate.slice(0, 4));
  return nzDate.slice(5) >= '04-01' ? year + 1 : year;
}
