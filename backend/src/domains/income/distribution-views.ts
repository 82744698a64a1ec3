import { csvLine } from '../../platform/csv.js';
import { nzDate } from '../../platform/nz-time.js';
import type { DistributionDoc, DistributionLineDoc } from '../../projections/distributions.js';
import { fromCents, nzdText, toCents } from '../offerings/money.js';
import type { DistributionDeclared, DistributionLine } from './events.js';
import { formatIrdNumber } from './ird-number.js';
import type {
  DistributionDto,
  DistributionLineDto,
  DistributionPreviewDto,
  DistributionTotalsDto,
  IncomeDto,
  IncomeLineDto,
  TaxYearDto,
} from './income.dto.js';
import { taxYearOf, type IncomeKind } from './tax.js';

/** Hundredths of a percent as people write a rate: 1750 → '17.5', 3300 → '33'. */
export const percentText = (basis: number) => String(basis / 100);

/** A line's name: the account's for a platform investor, the cap table's for an off-platform holder. */
export type Names = ReadonlyMap<string, string>;
export const OWNER_LINE = 'Owner (retained)';
export const UNNAMED_HOLDER = 'Off-platform holder';

const nameOf = (line: DistributionLine, names: Names) =>
  line.holderKind === 'owner' ? OWNER_LINE : ((line.investorId && names.get(line.investorId)) ?? UNNAMED_HOLDER);

const NOT_STARTED = { method: null, status: 'unpaid' as const, txHash: null, reference: null, paidAt: null };

export function lineView(line: DistributionLine | DistributionLineDoc, names: Names): DistributionLineDto {
  const payment =
    'payment' in line
      ? {
          method: line.payment.method,
          status: line.payment.status,
          txHash: line.payment.txHash,
          reference: line.payment.reference,
          paidAt: line.payment.paidAt,
        }
      : line.holderKind === 'owner'
        ? { ...NOT_STARTED, method: 'retained' as const, status: 'retained' as const }
        : NOT_STARTED;
  return {
    holderKind: line.holderKind,
    investorId: line.investorId,
    name: nameOf(line, names),
    tokens: line.tokens,
    gross: fromCents(line.gross),
    imputationCredits: fromCents(line.imputationCredits),
    withholdingTax: fromCents(line.withholdingTax),
    taxKind: line.taxKind,
    taxRate: percentText(line.taxRate),
    net: fromCents(line.net),
    payment,
  };
}

const sum = (lines: readonly DistributionLine[], pick: (l: DistributionLine) => number) =>
  lines.reduce((total, l) => total + pick(l), 0);

export function totalsView(lines: readonly DistributionLine[]): DistributionTotalsDto {
  return {
    gross: fromCents(sum(lines, (l) => l.gross)),
    withheld: fromCents(sum(lines, (l) => l.withholdingTax)),
    net: fromCents(sum(lines, (l) => l.net)),
    imputationCredits: fromCents(sum(lines, (l) => l.imputationCredits)),
  };
}

export function previewView(data: DistributionDeclared['data'], names: Names): DistributionPreviewDto {
  return {
    kind: data.kind,
    amount: fromCents(data.amount),
    imputationCredits: fromCents(data.imputationCredits),
    recordDate: data.recordDate,
    paymentDate: data.paymentDate,
    ratesFrom: data.ratesFrom,
    fundingDue: fromCents(data.fundingDue),
    lines: data.lines.map((l) => lineView(l, names)),
    totals: totalsView(data.lines),
  };
}

export function distributionView(
  doc: DistributionDoc,
  assetName: string,
  names: Names,
  chainExplorerUrl: string | null = null,
): DistributionDto {
  return {
    id: doc._id,
    assetId: doc.assetId,
    assetName,
    status: doc.status,
    kind: doc.kind,
    amount: fromCents(doc.amount),
    imputationCredits: fromCents(doc.imputationCredits),
    recordDate: doc.recordDate,
    paymentDate: doc.paymentDate,
    ratesFrom: doc.ratesFrom,
    fundingDue: fromCents(doc.fundingDue),
    declaredAt: doc.declaredAt,
    approvedAt: doc.approvedAt,
    fundedAt: doc.fundedAt,
    paidAt: doc.paidAt,
    fundingFailure: doc.fundingFailure,
    fundingPending: doc.fundingPending,
    cancelReason: doc.cancelReason,
    refundDue: fromCents(doc.refundDue),
    recordCheck: doc.recordCheck ?? null,
    refund: doc.refund ?? { status: doc.refundDue > 0 ? 'pending' : 'none', reference: null, failure: null },
    lines: doc.lines.map((l) => lineView(l, names)),
    totals: totalsView(doc.lines),
    chainExplorerUrl,
  };
}

/** Distributions an investor's income counts: approved by an admin and funded or further, never cancelled. */
export const COUNTED: ReadonlySet<DistributionDoc['status']> = new Set(['funded', 'paying', 'paid']);
/** Shown to the investor (an approved one is on its way); a proposal or a cancelled one is not theirs to see. */
const SHOWN: ReadonlySet<DistributionDoc['status']> = new Set(['approved', 'funded', 'paying', 'paid']);

/** 2027 → 1 April 2026 – 31 March 2027. */
export const taxYearSpan = (taxYear: number) => ({ from: `${taxYear - 1}-04-01`, to: `${taxYear}-03-31` });

/** One investor's income: each line of theirs, newest payment first, and the totals per New Zealand tax year. */
export function incomeOf(
  docs: readonly DistributionDoc[],
  investorId: string,
  assetNames: Names,
  chainExplorerUrl: string | null = null,
): IncomeDto {
  const mine = docs
    .filter((d) => SHOWN.has(d.status))
    .flatMap((d) =>
      d.lines.flatMap((line) =>
        line.holderKind === 'platform' && line.investorId === investorId ? [{ d, line }] : [],
      ),
    )
    .sort((a, b) => (a.d.paymentDate < b.d.paymentDate ? 1 : a.d.paymentDate > b.d.paymentDate ? -1 : 0));
  const lines: IncomeLineDto[] = mine.map(({ d, line }) => {
    const view = lineView(line, new Map());
    return {
      distributionId: d._id,
      assetId: d.assetId,
      assetName: assetNames.get(d.assetId) ?? 'Asset',
      kind: d.kind,
      recordDate: d.recordDate,
      paymentDate: d.paymentDate,
      status: d.status,
      taxYear: taxYearOf(d.paymentDate),
      tokens: line.tokens,
      gross: view.gross,
      imputationCredits: view.imputationCredits,
      withholdingTax: view.withholdingTax,
      taxKind: line.taxKind,
      taxRate: view.taxRate,
      net: view.net,
      payment: view.payment,
    };
  });
  const years = new Map<number, { count: number; gross: number; credits: number; tax: number; net: number }>();
  for (const { d, line } of mine) {
    if (!COUNTED.has(d.status)) continue;
    const year = taxYearOf(d.paymentDate);
    const y = years.get(year) ?? { count: 0, gross: 0, credits: 0, tax: 0, net: 0 };
    years.set(year, {
      count: y.count + 1,
      gross: y.gross + line.gross,
      credits: y.credits + line.imputationCredits,
      tax: y.tax + line.withholdingTax,
      net: y.net + line.net,
    });
  }
  const taxYears: TaxYearDto[] = [...years]
    .sort((a, b) => b[0] - a[0])
    .map(([taxYear, y]) => ({
      taxYear,
      ...taxYearSpan(taxYear),
      distributions: y.count,
      gross: fromCents(y.gross),
      imputationCredits: fromCents(y.credits),
      withholdingTax: fromCents(y.tax),
      net: fromCents(y.net),
    }));
  return { lines, taxYears, chainExplorerUrl };
}

const KIND_NAMES: Record<IncomeKind, string> = {
  dividend: 'Dividend',
  interest: 'Interest',
  rent: 'Rent',
  other: 'Other income',
};
const longDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-NZ', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
const money = (text: string) => `NZD ${nzdText(toCents(text) ?? 0)}`;

/** The annual tax statement's text: every counted distribution of the tax year, then the year's totals. */
export function statementLines(
  income: IncomeDto,
  taxYear: number,
  person: { name: string; irdNumber: string | null },
): string[] {
  const { from, to } = taxYearSpan(taxYear);
  const counted = income.lines.filter((l) => l.taxYear === taxYear && COUNTED.has(l.status));
  const year = income.taxYears.find((y) => y.taxYear === taxYear);
  const lines = [
    `Tax year ${longDate(from)} to ${longDate(to)}`,
    `Investor: ${person.name}`,
    `IRD number: ${person.irdNumber ? formatIrdNumber(person.irdNumber) : 'not given (non-declaration rate on interest)'}`,
    '',
  ];
  if (counted.length === 0) lines.push('No investment income was paid to you in this tax year.');
  for (const l of counted) {
    lines.push(
      `${KIND_NAMES[l.kind]} from ${l.assetName}, record date ${longDate(l.recordDate)}, paid ${longDate(l.paymentDate)}${l.status === 'paid' ? '' : ' (to be paid)'}`,
      `   ${l.tokens.toLocaleString('en-NZ')} tokens. Gross ${money(l.gross)}; imputation credits ${money(l.imputationCredits)}; ` +
        `${l.taxKind === 'none' ? 'no tax withheld' : `${l.taxKind} withheld at ${l.taxRate}% ${money(l.withholdingTax)}`}; net ${money(l.net)}`,
    );
  }
  if (year)
    lines.push(
      '',
      `Totals for the year: gross ${money(year.gross)}, imputation credits ${money(year.imputationCredits)}, ` +
        `tax withheld ${money(year.withholdingTax)}, net ${money(year.net)}`,
    );
  lines.push(
    '',
    'Kauri withheld this tax as the payer and pays it to Inland Revenue. Keep this statement for your return.',
  );
  return lines;
}

/** What the payer's report needs of each recipient beyond the line. */
export interface Recipient {
  name: string;
  irdNumber: string | null;
  dateOfBirth: string | null;
}

export const REPORT_HEADER = [
  'Payment date',
  'Declaration date',
  'Record date',
  'Asset',
  'Income type',
  'Recipient',
  'IRD number',
  'Date of birth',
  'Residency',
  'Shares held at record date',
  'Gross (NZD)',
  'Imputation credits (NZD)',
  'Tax type',
  'Tax rate (%)',
  'Tax withheld (NZD)',
  'Date tax withheld',
  'Net paid (NZD)',
];

/**
 * The payer's investment income report for a month: distributions paid (or being paid) with a payment date in it,
 * one row per recipient paid — the owner's own line is not a payment to anyone, and a line not paid yet (a direct
 * credit the bank run has not confirmed) has had no tax withheld yet — and a totals row per tax type: the same lines
 * the withheld-tax ledger counts, so the two agree.
 */
export function payerReportCsv(
  docs: readonly DistributionDoc[],
  month: string,
  recipients: (line: DistributionLineDoc) => Recipient,
  assetNames: Names,
): string {
  const paid = docs
    .filter((d) => (d.status === 'paying' || d.status === 'paid') && d.paymentDate.startsWith(month))
    .sort((a, b) => (a.paymentDate < b.paymentDate ? -1 : a.paymentDate > b.paymentDate ? 1 : 0));
  const rows: string[] = [csvLine(REPORT_HEADER)];
  const totals = new Map<string, { gross: number; credits: number; tax: number; net: number; count: number }>();
  for (const d of paid) {
    for (const line of d.lines) {
      if (line.holderKind === 'owner' || line.payment.status !== 'paid') continue;
      const who = recipients(line);
      rows.push(
        csvLine([
          d.paymentDate,
          nzDate(d.declaredAt),
          d.recordDate,
          assetNames.get(d.assetId) ?? d.assetId,
          KIND_NAMES[d.kind],
          who.name,
          who.irdNumber ? formatIrdNumber(who.irdNumber) : null,
          who.dateOfBirth,
          line.residency,
          line.tokens,
          fromCents(line.gross),
          fromCents(line.imputationCredits),
          line.taxKind,
          percentText(line.taxRate),
          fromCents(line.withholdingTax),
          line.taxKind === 'none' ? null : d.paymentDate,
          fromCents(line.net),
        ]),
      );
      const t = totals.get(line.taxKind) ?? { gross: 0, credits: 0, tax: 0, net: 0, count: 0 };
      totals.set(line.taxKind, {
        gross: t.gross + line.gross,
        credits: t.credits + line.imputationCredits,
        tax: t.tax + line.withholdingTax,
        net: t.net + line.net,
        count: t.count + 1,
      });
    }
  }
  for (const [taxKind, t] of totals)
    rows.push(
      csvLine([
        `Total ${taxKind}`,
        null,
        null,
        null,
        null,
        `${t.count} recipient line${t.count === 1 ? '' : 's'}`,
        null,
        null,
        null,
        null,
        fromCents(t.gross),
        fromCents(t.credits),
        taxKind,
        null,
        fromCents(t.tax),
        null,
        fromCents(t.net),
      ]),
    );
  return rows.join('');
}
