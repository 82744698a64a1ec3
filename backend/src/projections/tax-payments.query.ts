import type { ReadModels } from '../platform/read-store/read-models.js';
import { distributionsProjection, type DistributionDoc } from './distributions.js';
import { taxPaymentsProjection, type TaxPaymentDoc } from './tax-payments.js';

/** Withheld tax of one month and kind: the platform's liability until paid to Inland Revenue (cents). */
export interface WithheldTaxPeriod {
  period: string;
  taxKind: 'RWT' | 'NRWT';
  /** Withheld from the lines paid (their distribution's payment date in the month, as in the month's report). */
  withheld: number;
  lines: number;
  /** Paid to Inland Revenue and confirmed by a second admin. */
  paid: number;
  /** Recorded by an admin, awaiting another's confirmation. */
  awaiting: number;
  outstanding: number;
  /** Inland Revenue's due date: the 20th of the month after. */
  dueDate: string;
}

const nextMonth20th = (period: string) => {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01-20` : `${year}-${String(month + 1).padStart(2, '0')}-20`;
};

/**
 * The withheld-tax ledger, from paid lines and the payments recorded. Pure: the distributions and payments are
 * given. Periods newest first, RWT before NRWT.
 */
export function withheldTaxLedger(
  distributions: readonly Pick<DistributionDoc, 'status' | 'paymentDate' | 'lines'>[],
  payments: readonly Pick<TaxPaymentDoc, 'period' | 'taxKind' | 'amount' | 'status'>[],
): WithheldTaxPeriod[] {
  const rows = new Map<string, WithheldTaxPeriod>();
  const row = (period: string, taxKind: 'RWT' | 'NRWT') => {
    const key = `${period}-${taxKind}`;
    let found = rows.get(key);
    if (!found) {
      found = {
        period,
        taxKind,
        withheld: 0,
        lines: 0,
        paid: 0,
        awaiting: 0,
        outstanding: 0,
        dueDate: nextMonth20th(period),
      };
      rows.set(key, found);
    }
    return found;
  };
  for (const d of distributions) {
    if (d.status !== 'paying' && d.status !== 'paid') continue;
    for (const line of d.lines)
      if (line.payment.status === 'paid' && line.taxKind !== 'none' && line.withholdingTax > 0) {
        const r = row(d.paymentDate.slice(0, 7), line.taxKind);
        r.withheld += line.withholdingTax;
        r.lines += 1;
      }
  }
  for (const p of payments) {
    const r = row(p.period, p.taxKind);
    if (p.status === 'confirmed') r.paid += p.amount;
    else if (p.status === 'recorded') r.awaiting += p.amount;
  }
  for (const r of rows.values()) r.outstanding = r.withheld - r.paid;
  return [...rows.values()].sort((a, b) =>
    a.period === b.period ? a.taxKind.localeCompare(b.taxKind) : a.period < b.period ? 1 : -1,
  );
}

/** The withheld-tax ledger's queries (admins' distributions screen, and the payment's refusal above it). */
export class WithheldTaxQueries {
  constructor(private readonly reads: ReadModels) {}

  payment(paymentId: string): Promise<TaxPaymentDoc | null> {
    return this.reads.of(taxPaymentsProjection).get(paymentId);
  }

  async ledger(): Promise<{ periods: WithheldTaxPeriod[]; payments: TaxPaymentDoc[] }> {
    const [distributions, payments] = await Promise.all([
      this.reads.of(distributionsProjection).find({ status: { $in: ['paying', 'paid'] } }),
      this.reads.of(taxPaymentsProjection).find({}),
    ]);
    return {
      periods: withheldTaxLedger(distributions, payments),
      payments: [...payments].sort((a, b) => (a.recordedAt < b.recordedAt ? 1 : -1)),
    };
  }

  /** Cents withheld from the lines paid in a period, of one kind. */
  async withheld(period: string, taxKind: 'RWT' | 'NRWT'): Promise<number> {
    const distributions = await this.reads.of(distributionsProjection).find({ status: { $in: ['paying', 'paid'] } });
    return (
      withheldTaxLedger(distributions, []).find((r) => r.period === period && r.taxKind === taxKind)?.withheld ?? 0
    );
  }
}
