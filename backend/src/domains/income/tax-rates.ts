/**
 * New Zealand withholding tax rates as dated data: each entry applies to payments made on or after its
 * `effectiveFrom` date (New Zealand calendar date) until the next entry's. A rate is in hundredths of a percent
 * (3300 = 33 %), so every figure below is exact. A change in the law is a new entry, never an edit of an old one:
 * a distribution paid before the change keeps the rates of its payment date.
 *
 * Sources (Inland Revenue; Income Tax Act 2007):
 * - RWT on dividends, 33 % less imputation credits attached: ird.govt.nz "RWT on dividends"; the RWT payer's guide
 *   IR 283; ITA 2007 schedule 1 part D clause 6.
 * - RWT on interest at the rate the recipient elects — 10.5, 17.5, 30, 33 or 39 % — and the non-declaration rate of
 *   45 % when the recipient has not given their IRD number: ird.govt.nz "RWT on interest" / "Choosing your RWT
 *   rate"; ITA 2007 schedule 1 part D clauses 2–5 (39 % added from 1 April 2021 by the Taxation (Income Tax Rate and
 *   Other Amendments) Act 2020).
 * - NRWT: 30 % on dividends not fully imputed, 15 % where a double tax agreement limits it; 0 % on fully imputed
 *   dividends where ITA 2007 s RF 11B applies; 15 % on interest (10 % under some agreements, 0 % under AIL — not
 *   applied here): ird.govt.nz "Non-resident withholding tax (NRWT)" and the NRWT payer's guide IR 291; ITA 2007
 *   schedule 1 part D clause 7 and s RF 11B.
 * - Maximum imputation ratio 28/72 (company tax rate 28 % from the 2011–12 income year): ird.govt.nz "Imputation";
 *   ITA 2007 s OB 60.
 * Checked (issue 31) against the pages the team could reach, none of them Inland Revenue's own: the 45 %
 * non-declaration rate "from 1 April 2020" and 33 % RWT on dividends as quoted from Inland Revenue in
 * bbs.skytrade.co.nz (thread 4260483); the elected-rate system in alexanders.net.nz "Resident Withholding Tax (RWT)".
 * The other figures are as cited above and not re-verified (see the income README).
 */
export interface TaxRates {
  /** The first New Zealand date (YYYY-MM-DD) these rates apply to payments on. */
  effectiveFrom: string;
  rwt: {
    /** On the gross dividend plus its imputation credits; the credits are then deducted. */
    dividend: number;
    /** The rates a resident may elect for interest. */
    interestElected: readonly ElectedRwtRate[];
    /** Without an IRD number. */
    interestNonDeclaration: number;
  };
  nrwt: {
    /** On the part of a dividend that is not fully imputed. */
    dividendUnimputed: number;
    dividendUnimputedTreaty: number;
    /** On the fully imputed part. */
    dividendImputed: number;
    interest: number;
  };
  /** The company tax rate that sets the maximum imputation ratio: credits ≤ rate / (100 % − rate) of the dividend. */
  companyRate: number;
}

/** The RWT rates a person may elect for interest, as the form shows them. */
export const ELECTED_RWT_RATES = ['10.5', '17.5', '30', '33', '39'] as const;
export type ElectedRwtRate = (typeof ELECTED_RWT_RATES)[number];

/** An elected rate in hundredths of a percent. */
export const electedRateBasis = (rate: ElectedRwtRate): number => Math.round(Number(rate) * 100);

/** Oldest first. */
export const TAX_RATES: readonly TaxRates[] = [
  {
    // From 1 April 2021: the 39 % RWT rate on interest is added (Taxation (Income Tax Rate and Other Amendments)
    // Act 2020); the other rates are those in force since the 2011–12 income year (company rate 28 %).
    effectiveFrom: '2021-04-01',
    rwt: { dividend: 3300, interestElected: ELECTED_RWT_RATES, interestNonDeclaration: 4500 },
    nrwt: { dividendUnimputed: 3000, dividendUnimputedTreaty: 1500, dividendImputed: 0, interest: 1500 },
    companyRate: 2800,
  },
];

/** The rates in force for a payment on a New Zealand date; null before the first entry (nothing to withhold by). */
export function ratesOn(nzDate: string, table: readonly TaxRates[] = TAX_RATES): TaxRates | null {
  let found: TaxRates | null = null;
  for (const entry of table) if (entry.effectiveFrom <= nzDate) found = entry;
  return found;
}

/**
 * The countries with a double tax agreement with New Zealand in force (ISO 3166 alpha-2), whose dividend article
 * limits NRWT on portfolio dividends to 15 %. Source: ird.govt.nz "Double tax agreements" (the list of agreements
 * in force). Lower rates some agreements give large shareholdings (Australia, the United States: 5 % / 0 %) are
 * not applied.
 */
export const TREATY_COUNTRIES: ReadonlySet<string> = new Set([
  'AE',
  'AT',
  'AU',
  'BE',
  'CA',
  'CH',
  'CL',
  'CN',
  'CZ',
  'DE',
  'DK',
  'ES',
  'FI',
  'FJ',
  'FR',
  'GB',
  'HK',
  'ID',
  'IE',
  'IN',
  'IT',
  'JP',
  'KR',
  'MX',
  'MY',
  'NL',
  'NO',
  'PG',
  'PH',
  'PL',
  'RU',
  'SE',
  'SG',
  'TH',
  'TR',
  'TW',
  'US',
  'VN',
  'WS',
  'ZA',
]);
