import { describe, expect, it } from '@jest/globals';
import { DomainError } from '../../platform/errors.js';
import { OWN_REQUEST, TAX_PAYMENT_MESSAGES as M } from '../../messages.js';
import { specify } from '../../testing/decider-spec.js';
import type { TaxPaymentEvent } from './events.js';
import { PAYMENT_EXISTS, taxPayment, type TaxPaymentCommand } from './tax-payment.decider.js';

const ADMIN = 'a9b8c7d6-e5f4-4a3b-9c2d-1e0f9a8b7c6d';
const OTHER = 'b1b2b3b4-c5c6-4d7d-8e8e-9f9f0a0a1b1b';
const PAYMENT = '0b6c1b9e-1f3c-4f6a-9a61-2c3d4e5f6a71';
const NOW = '2026-12-10T01:00:00.000Z';
const { given } = specify(taxPayment);

const record = (fields: Partial<Extract<TaxPaymentCommand, { type: 'RecordTaxPayment' }>> = {}): TaxPaymentCommand => ({
  type: 'RecordTaxPayment',
  paymentId: PAYMENT,
  period: '2026-11',
  taxKind: 'RWT',
  amount: '120.50',
  paidOn: '2026-12-09',
  irReference: 'IR 123-456-789',
  adminId: ADMIN,
  withheld: 20_000,
  today: '2026-12-10',
  now: NOW,
  ...fields,
});

function refusal(result: { error: Error | null }) {
  expect(result.error).toBeInstanceOf(DomainError);
  const e = result.error as DomainError;
  return { status: e.status, message: e.message, fields: e.errors?.map((f) => f.field) };
}

describe('withheld tax paid to Inland Revenue', () => {
  it('records a payment with Inland Revenue’s reference; another admin confirms it (four eyes), once', () => {
    const recorded = given([]).when(record()).events!;
    expect(recorded).toEqual([
      {
        type: 'TaxPaymentRecorded',
        data: {
          paymentId: PAYMENT,
          period: '2026-11',
          taxKind: 'RWT',
          amount: 12_050,
          paidOn: '2026-12-09',
          irReference: 'IR 123-456-789',
          recordedBy: ADMIN,
          recordedAt: NOW,
        },
      },
    ]);
    const confirm: TaxPaymentCommand = { type: 'ConfirmTaxPayment', paymentId: PAYMENT, adminId: OTHER, now: NOW };
    expect(refusal(given(recorded).when({ ...confirm, adminId: ADMIN }))).toMatchObject({
      status: 403,
      message: OWN_REQUEST,
    });
    const confirmed = given(recorded).when(confirm).events!;
    expect(confirmed).toEqual([
      {
        type: 'TaxPaymentConfirmed',
        data: { paymentId: PAYMENT, period: '2026-11', taxKind: 'RWT', confirmedBy: OTHER, confirmedAt: NOW },
      },
    ]);
    expect(refusal(given([...recorded, ...confirmed]).when(confirm)).message).toBe(M.notRecorded);
    expect(refusal(given([]).when(confirm))).toMatchObject({ status: 404, message: M.notFound });
  });

  it('refuses, naming each field: the month, the tax, whole cents, a date not in the future nor before the month, a reference', () => {
    expect(
      refusal(
        given([]).when(
          record({ period: '2026-13', taxKind: 'GST', amount: '1.005', paidOn: '2026-12-11', irReference: ' ' }),
        ),
      ).fields,
    ).toEqual(['period', 'taxKind', 'amount', 'paidOn', 'irReference']);
    expect(refusal(given([]).when(record({ paidOn: '2026-10-31' })))).toMatchObject({
      message: M.paidBeforePeriod,
      fields: ['paidOn'],
    });
  });

  it('never more than is withheld and not yet paid, counting payments awaiting confirmation', () => {
    expect(refusal(given([]).when(record({ amount: '200.01' })))).toMatchObject({
      status: 409,
      message: M.moreThanOutstanding('200.00'),
    });
    const first = given([]).when(record({ amount: '150.00' })).events as TaxPaymentEvent[];
    const second = { paymentId: 'c0ffee00-1111-4222-8333-444455556666', irReference: 'IR 987-654-321' };
    expect(refusal(given(first).when(record({ ...second, amount: '50.01' }))).message).toBe(
      M.moreThanOutstanding('50.00'),
    );
    expect(given(first).when(record({ ...second, amount: '50.00' })).events).toHaveLength(1);
  });

  it('a recorded payment found wrong is rejected with a reason (by any admin, its recorder too): it no longer counts, and is recorded again right', () => {
    const recorded = given([]).when(record({ amount: '150.00' })).events as TaxPaymentEvent[];
    const reject = (
      fields: Partial<Extract<TaxPaymentCommand, { type: 'RejectTaxPayment' }>> = {},
    ): TaxPaymentCommand => ({
      type: 'RejectTaxPayment',
      paymentId: PAYMENT,
      adminId: ADMIN,
      reason: 'Entered 150.00; the receipt says 15.00',
      now: NOW,
      ...fields,
    });
    expect(refusal(given(recorded).when(reject({ reason: '  ' })))).toMatchObject({ status: 400, fields: ['reason'] });
    expect(refusal(given([]).when(reject()))).toMatchObject({ status: 404, message: M.notFound });
    const rejected = given(recorded).when(reject()).events!;
    expect(rejected).toEqual([
      {
        type: 'TaxPaymentRejected',
        data: {
          paymentId: PAYMENT,
          period: '2026-11',
          taxKind: 'RWT',
          rejectedBy: ADMIN,
          reason: 'Entered 150.00; the receipt says 15.00',
          rejectedAt: NOW,
        },
      },
    ]);
    const history = [...recorded, ...rejected];
    // Rejected: neither confirmed nor rejected again, and all that is withheld is open again, under the same reference.
    const confirm: TaxPaymentCommand = { type: 'ConfirmTaxPayment', paymentId: PAYMENT, adminId: OTHER, now: NOW };
    expect(refusal(given(history).when(confirm)).message).toBe(M.rejected);
    expect(refusal(given(history).when(reject({ adminId: OTHER }))).message).toBe(M.notAwaiting);
    const again = { paymentId: 'c0ffee00-1111-4222-8333-444455556666', amount: '200.00' };
    expect(given(history).when(record(again)).events).toHaveLength(1);
    // A confirmed payment is never rejected.
    const confirmed = given(recorded).when(confirm).events!;
    expect(refusal(given([...recorded, ...confirmed]).when(reject({ adminId: OTHER }))).message).toBe(M.notAwaiting);
  });

  it('one Inland Revenue reference once per month and kind (any case), unless that payment was rejected', () => {
    const recorded = given([]).when(record({ amount: '10.00' })).events as TaxPaymentEvent[];
    const twice = record({
      paymentId: 'c0ffee00-1111-4222-8333-444455556666',
      amount: '5.00',
      irReference: 'ir 123-456-789',
    });
    expect(refusal(given(recorded).when(twice))).toMatchObject({
      status: 409,
      message: M.sameReference('IR 123-456-789'),
      fields: ['irReference'],
    });
  });

  it('refuses a payment id already recorded, so a confirmed payment is never reset, confirmed again or its amount replaced', () => {
    const recorded = given([]).when(record({ amount: '150.00' })).events as TaxPaymentEvent[];
    const confirmed: TaxPaymentEvent = {
      type: 'TaxPaymentConfirmed',
      data: { paymentId: PAYMENT, period: '2026-11', taxKind: 'RWT', confirmedBy: OTHER, confirmedAt: NOW },
    };
    for (const history of [recorded, [...recorded, confirmed]]) {
      expect(given(history).when(record({ amount: '10.00' }))).toMatchObject({
        events: null,
        error: { message: PAYMENT_EXISTS, status: 409 },
      });
    }
  });
});
