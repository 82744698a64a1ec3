import type { Decider } from '../../platform/decider.js';
import { isCalendarDate } from '../../platform/calendar-date.js';
import { DomainError, requireValidFields } from '../../platform/errors.js';
import { requireAnotherDecider } from '../../platform/four-eyes.js';
import { TAX_PAYMENT_MESSAGES as M } from '../../messages.js';
import { fromCents, toCents } from '../offerings/money.js';
import { taxPaymentEventSchemas, WITHHELD_TAX_KINDS, type TaxPaymentEvent } from './events.js';
import { upcasters } from '../upcasters.js';

export interface TaxPaymentState {
  /** Every payment of the period and tax kind: cents, its reference, who recorded it, whether confirmed or rejected. */
  payments: ReadonlyMap<
    string,
    {
      amount: number;
      period: string;
      taxKind: 'RWT' | 'NRWT';
      irReference: string;
      recordedBy: string;
      status: 'recorded' | 'confirmed' | 'rejected';
    }
  >;
}

export type TaxPaymentCommand =
  | {
      type: 'RecordTaxPayment';
      paymentId: string;
      period: string;
      taxKind: string;
      amount: string;
      paidOn: string;
      irReference: string;
      adminId: string;
      /** Cents withheld from the lines paid in the period (the distributions read model's ledger). */
      withheld: number;
      /** Today in New Zealand. */
      today: string;
      now: string;
    }
  | { type: 'ConfirmTaxPayment'; paymentId: string; adminId: string; now: string }
  | { type: 'RejectTaxPayment'; paymentId: string; adminId: string; reason: string; now: string };

const PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/;
const cents = (text: string) => (/^\s*\d{1,13}(\.\d{1,2})?\s*$/.test(text) ? toCents(text.trim()) : null);
const isKind = (v: string): v is 'RWT' | 'NRWT' => (WITHHELD_TAX_KINDS as readonly string[]).includes(v);

export const PAYMENT_EXISTS = 'This tax payment is already recorded';

/**
 * Withheld tax paid to Inland Revenue, per period (month) and tax kind: recorded by an admin with Inland Revenue's
 * reference, confirmed by another (four eyes), or rejected before that (a wrong amount or reference: it then no
 * longer counts, and is recorded again right). Never more than is withheld and not yet paid (counting payments
 * awaiting confirmation); one reference once per month and kind. Pure: what was withheld comes on the command.
 */
export const taxPayment: Decider<TaxPaymentCommand, TaxPaymentEvent, TaxPaymentState> = {
  name: 'tax-payment',
  upcasters,
  eventSchemas: taxPaymentEventSchemas,
  initialState: { payments: new Map() },

  evolve(state, event) {
    const payments = new Map(state.payments);
    switch (event.type) {
      case 'TaxPaymentRecorded':
        payments.set(event.data.paymentId, {
          amount: event.data.amount,
          period: event.data.period,
          taxKind: event.data.taxKind,
          irReference: event.data.irReference,
          recordedBy: event.data.recordedBy,
          status: 'recorded',
        });
        return { payments };
      case 'TaxPaymentConfirmed':
      case 'TaxPaymentRejected': {
        const known = payments.get(event.data.paymentId);
        const status = event.type === 'TaxPaymentConfirmed' ? 'confirmed' : 'rejected';
        if (known) payments.set(event.data.paymentId, { ...known, status });
        return { payments };
      }
      default: {
        const _exhaustive: never = event;
        return state;
      }
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'RecordTaxPayment': {
        // The id is the server's; a second record under it would unconfirm the first and replace its amount.
        if (state.payments.has(command.paymentId)) throw new DomainError(PAYMENT_EXISTS, 409);
        const amount = cents(command.amount);
        const irReference = command.irReference.trim();
        requireValidFields([
          !PERIOD.test(command.period) && { field: 'period', message: M.period },
          !isKind(command.taxKind) && { field: 'taxKind', message: M.taxKind },
          (amount === null || amount < 1) && { field: 'amount', message: M.amount },
          (!isCalendarDate(command.paidOn) || command.paidOn > command.today) && { field: 'paidOn', message: M.paidOn },
          (!irReference || irReference.length > 100) && { field: 'irReference', message: M.irReference },
        ]);
        if (command.paidOn < `${command.period}-01`)
          throw new DomainError(M.paidBeforePeriod, 422, [{ field: 'paidOn', message: M.paidBeforePeriod }]);
        const standing = [...state.payments.values()].filter((p) => p.status !== 'rejected');
        const twice = standing.find((p) => p.irReference.toLowerCase() === irReference.toLowerCase());
        if (twice) {
          const message = M.sameReference(twice.irReference);
          throw new DomainError(message, 409, [{ field: 'irReference', message }]);
        }
        const recorded = standing.reduce((sum, p) => sum + p.amount, 0);
        const open = Math.max(0, command.withheld - recorded);
        if (amount! > open) {
          const message = M.moreThanOutstanding(fromCents(open));
          throw new DomainError(message, 409, [{ field: 'amount', message }]);
        }
        return [
          {
            type: 'TaxPaymentRecorded',
            data: {
              paymentId: command.paymentId,
              period: command.period,
              taxKind: command.taxKind as 'RWT' | 'NRWT',
              amount: amount!,
              paidOn: command.paidOn,
              irReference,
              recordedBy: command.adminId,
              recordedAt: command.now,
            },
          },
        ];
      }
      case 'ConfirmTaxPayment': {
        const payment = state.payments.get(command.paymentId);
        if (!payment) throw new DomainError(M.notFound, 404);
        requireAnotherDecider(command.adminId, [payment.recordedBy]);
        if (payment.status !== 'recorded')
          throw new DomainError(payment.status === 'rejected' ? M.rejected : M.notRecorded, 409);
        const { period, taxKind } = payment;
        return [
          {
            type: 'TaxPaymentConfirmed',
            data: {
              paymentId: command.paymentId,
              period,
              taxKind,
              confirmedBy: command.adminId,
              confirmedAt: command.now,
            },
          },
        ];
      }
      case 'RejectTaxPayment': {
        const payment = state.payments.get(command.paymentId);
        if (!payment) throw new DomainError(M.notFound, 404);
        // Any admin, its recorder too: taking a wrong entry back decides nothing that four eyes guards.
        const reason = command.reason.trim();
        requireValidFields([(!reason || reason.length > 1000) && { field: 'reason', message: M.rejectReason }]);
        if (payment.status !== 'recorded') throw new DomainError(M.notAwaiting, 409);
        const { period, taxKind } = payment;
        return [
          {
            type: 'TaxPaymentRejected',
            data: {
              paymentId: command.paymentId,
              period,
              taxKind,
              rejectedBy: command.adminId,
              reason,
              rejectedAt: command.now,
            },
          },
        ];
      }
      default: {
        const _exhaustive: never = command;
        throw new Error(`unknown command ${JSON.stringify(_exhaustive)}`);
      }
    }
  },
};
