import { describe, expect, it } from '@jest/globals';
import type { TaxPaymentEvent } from '../domains/income/events.js';
import { taxPaymentsProjection } from './tax-payments.js';
import { withheldTaxLedger } from './tax-payments.query.js';

const PAYMENT = '0b6c1b9e-1f3c-4f6a-9a61-2c3d4e5f6a71';
const line = (taxKind: 'RWT' | 'NRWT' | 'none', withholdingTax: number, status: 'paid' | 'pending' | 'retained') =>
  ({ taxKind, withholdingTax, payment: { status } }) as never;

describe('withheld tax: payments and the ledger', () => {
  it('a payment is recorded, then confirmed', () => {
    const events = [
      {
        type: 'TaxPaymentRecorded',
        data: {
          paymentId: PAYMENT,
          period: '2026-11',
          taxKind: 'NRWT',
          amount: 500,
          paidOn: '2026-12-05',
          irReference: 'IR 1',
          recordedBy: 'a1',
          recordedAt: '2026-12-05T00:00:00.000Z',
        },
      },
      {
        type: 'TaxPaymentConfirmed',
        data: { paymentId: PAYMENT, period: '2026-11', taxKind: 'NRWT', confirmedBy: 'a2', confirmedAt: 'later' },
      },
    ] as TaxPaymentEvent[];
    const doc = events.reduce(
      (d, e) => taxPaymentsProjection.evolve(d, { ...e, metadata: {} } as never, PAYMENT),
      null as ReturnType<typeof taxPaymentsProjection.evolve>,
    );
    expect(doc).toMatchObject({ _id: PAYMENT, amount: 500, status: 'confirmed', recordedBy: 'a1', confirmedBy: 'a2' });
    // Or rejected before a confirmation: it says who and why.
    const rejected = taxPaymentsProjection.evolve(
      taxPaymentsProjection.evolve(null, { ...events[0]!, metadata: {} } as never, PAYMENT),
      {
        type: 'TaxPaymentRejected',
        data: {
          paymentId: PAYMENT,
          period: '2026-11',
          taxKind: 'NRWT',
          rejectedBy: 'a2',
          reason: 'Wrong reference',
          rejectedAt: 'later',
        },
        metadata: {},
      } as never,
      PAYMENT,
    );
    expect(rejected).toMatchObject({
      status: 'rejected',
      rejectedBy: 'a2',
      rejectReason: 'Wrong reference',
      confirmedBy: null,
    });
  });

  it('withheld from paid lines by the payment date’s month and kind; confirmed payments reduce what is outstanding', () => {
    const ledger = withheldTaxLedger(
      [
        {
          status: 'paid',
          paymentDate: '2026-11-30',
          lines: [line('RWT', 300, 'paid'), line('NRWT', 150, 'paid'), line('none', 0, 'retained')],
        },
        { status: 'paying', paymentDate: '2026-11-02', lines: [line('RWT', 100, 'paid'), line('RWT', 999, 'pending')] },
        { status: 'funded', paymentDate: '2026-11-02', lines: [line('RWT', 777, 'pending')] },
        { status: 'paid', paymentDate: '2026-12-01', lines: [line('NRWT', 40, 'paid')] },
      ],
      [
        { period: '2026-11', taxKind: 'RWT', amount: 250, status: 'confirmed' },
        { period: '2026-11', taxKind: 'RWT', amount: 150, status: 'recorded' },
        // A rejected payment counts for nothing.
        { period: '2026-11', taxKind: 'RWT', amount: 70, status: 'rejected' },
      ],
    );
    expect(ledger).toEqual([
      {
        period: '2026-12',
        taxKind: 'NRWT',
        withheld: 40,
        lines: 1,
        paid: 0,
        awaiting: 0,
        outstanding: 40,
        dueDate: '2027-01-20',
      },
      {
        period: '2026-11',
        taxKind: 'NRWT',
        withheld: 150,
        lines: 1,
        paid: 0,
        awaiting: 0,
        outstanding: 150,
        dueDate: '2026-12-20',
      },
      {
        period: '2026-11',
        taxKind: 'RWT',
        withheld: 400,
        lines: 2,
        paid: 250,
        awaiting: 150,
        outstanding: 150,
        dueDate: '2026-12-20',
      },
    ]);
  });
});
