import type { DistributionEvent, DistributionLine, PaymentMethod } from '../domains/income/events.js';
import type { DistributionStatus } from '../domains/income/distribution.decider.js';
import type { IncomeKind } from '../domains/income/tax.js';
import { defineProjection } from '../platform/projection-engine/projection.js';
import { upcasters } from '../domains/upcasters.js';

/** A line's payment as the holder and the payer see it. */
export interface LinePayment {
  /** Null until the payment run starts. */
  method: PaymentMethod | null;
  status: 'unpaid' | 'pending' | 'paid' | 'retained' | 'cancelled';
  /** The stablecoin transfer's hash, once sent. */
  txHash: string | null;
  wallet: string | null;
  /** The bank run's reference, for a direct credit. */
  reference: string | null;
  paidAt: string | null;
}

export interface DistributionLineDoc extends DistributionLine {
  payment: LinePayment;
}

/**
 * One document per distribution: its terms, status and every line with its payment. The owner's and the admins'
 * views, each investor's income (`investorIds` lists the platform holders, whose lines `GET /api/income` reads) and
 * the payer's monthly investment income report all read it.
 */
export interface DistributionDoc {
  _id: string;
  assetId: string;
  ownerId: string;
  kind: IncomeKind;
  status: DistributionStatus;
  amount: number;
  imputationCredits: number;
  recordDate: string;
  recordInstant: string;
  paymentDate: string;
  ratesFrom: string;
  supply: number;
  fundingDue: number;
  funded: number;
  fundingReference: string | null;
  fundingFailure: string | null;
  /**
   * A card payment is recorded for the pending funding attempt and not settled yet: processing at the bank, awaiting
   * the card's authentication, or (for a moment) being confirmed. It settles by itself (the webhook, the funding check).
   */
  fundingPending: boolean;
  declaredAt: string;
  /** The block today's holders are checked against, recorded at the declaration (DistributionDeclared). */
  recordBlock: number | null;
  approvedBy: string | null;
  approvedAt: string | null;
  fundedAt: string | null;
  paidAt: string | null;
  cancelledAt: string | null;
  cancelReason: string | null;
  refundDue: number;
  /**
   * The owner's funding given back after a cancellation: `pending` until the provider answers, `failed` (with why)
   * until operations ask again, `none` when nothing was funded.
   */
  refund: { status: 'none' | 'pending' | 'refunded' | 'failed'; reference: string | null; failure: string | null };
  /** When the provider accepted the refund on record (null when there is none): the refund check follows it a while. */
  refundedAt: string | null;
  /** The chain block the lines' holders were checked against as the payment run started (null: no chain, or not yet). */
  recordCheck: { moment: string; blockNumber: number; blockHash: string; blockTime: string } | null;
  investorIds: string[];
  lines: DistributionLineDoc[];
}

const EVENT_TYPES = [
  'DistributionDeclared',
  'DistributionApproved',
  'DistributionFundingStarted',
  'DistributionFundingIntentCreated',
  'DistributionFunded',
  'DistributionFundingFailed',
  'DistributionEntitlementsChecked',
  'DistributionPaymentStarted',
  'DirectCreditConfirmed',
  'StablecoinPaymentConfirmed',
  'DistributionPaid',
  'DistributionCancelled',
  'DistributionRefunded',
  'DistributionRefundFailed',
] as const satisfies DistributionEvent['type'][];

const UNPAID: LinePayment = {
  method: null,
  status: 'unpaid',
  txHash: null,
  wallet: null,
  reference: null,
  paidAt: null,
};

export const distributionsProjection = defineProjection<DistributionDoc, DistributionEvent>({
  upcasters,
  name: 'distributions',
  version: 6,
  eventTypes: EVENT_TYPES,
  keys: (event) => [event.data.distributionId],
  evolve(doc, event) {
    if (event.type === 'DistributionDeclared') {
      const d = event.data;
      return {
        _id: d.distributionId,
        assetId: d.assetId,
        ownerId: d.ownerId,
        kind: d.kind,
        status: 'proposed',
        amount: d.amount,
        imputationCredits: d.imputationCredits,
        recordDate: d.recordDate,
        recordInstant: d.recordInstant,
        paymentDate: d.paymentDate,
        ratesFrom: d.ratesFrom,
        supply: d.supply,
        fundingDue: d.fundingDue,
        funded: 0,
        fundingReference: null,
        fundingFailure: null,
        fundingPending: false,
        declaredAt: d.declaredAt,
        recordBlock: d.recordBlock ?? null,
        approvedBy: null,
        approvedAt: null,
        fundedAt: null,
        paidAt: null,
        cancelledAt: null,
        cancelReason: null,
        refundDue: 0,
        refund: { status: 'none', reference: null, failure: null },
        refundedAt: null,
        recordCheck: null,
        investorIds: [
          ...new Set(d.lines.flatMap((l) => (l.holderKind === 'platform' && l.investorId ? [l.investorId] : []))),
        ],
        lines: d.lines.map((l) => ({
          ...l,
          payment: l.holderKind === 'owner' ? { ...UNPAID, method: 'retained', status: 'retained' } : UNPAID,
        })),
      };
    }
    if (!doc) return null;
    switch (event.type) {
      case 'DistributionApproved':
        return { ...doc, status: 'approved', approvedBy: event.data.approvedBy, approvedAt: event.data.approvedAt };
      case 'DistributionFundingStarted':
        return { ...doc, fundingFailure: null };
      case 'DistributionFunded':
        return {
          ...doc,
          fundingPending: false,
          status: 'funded',
          funded: event.data.amount,
          fundingReference: event.data.reference,
          fundedAt: event.data.fundedAt,
        };
      case 'DistributionFundingFailed':
        return { ...doc, fundingFailure: event.data.reason, fundingPending: false };
      case 'DistributionFundingIntentCreated':
        return { ...doc, fundingPending: true }; // the payment's id is the handlers' to ask about, not shown
      case 'DistributionEntitlementsChecked': {
        const { moment, blockNumber, blockHash, blockTime } = event.data;
        return { ...doc, recordCheck: { moment, blockNumber, blockHash, blockTime } };
      }
      case 'DistributionPaymentStarted': {
        const methods = new Map(event.data.methods.map((m) => [m.line, m]));
        return {
          ...doc,
          status: 'paying',
          lines: doc.lines.map((line, i) => {
            const m = methods.get(i);
            if (!m || m.method === 'retained') return line;
            // A wallet line of no net has nothing to transfer: paid as the run starts (the decider's rule).
            const status = m.method === 'stablecoin' && line.net === 0 ? 'paid' : 'pending';
            return { ...line, payment: { ...line.payment, method: m.method, wallet: m.wallet, status } };
          }),
        };
      }
      case 'DirectCreditConfirmed': {
        const paid = new Set(event.data.lines);
        const { bankReference, paidAt } = event.data;
        return {
          ...doc,
          lines: doc.lines.map((line, i) =>
            paid.has(i)
              ? { ...line, payment: { ...line.payment, status: 'paid', reference: bankReference, paidAt } }
              : line,
          ),
        };
      }
      case 'StablecoinPaymentConfirmed': {
        const { line: paidLine, txHash, paidAt } = event.data;
        return {
          ...doc,
          lines: doc.lines.map((line, i) =>
            i === paidLine ? { ...line, payment: { ...line.payment, status: 'paid', txHash, paidAt } } : line,
          ),
        };
      }
      case 'DistributionPaid':
        return { ...doc, status: 'paid', paidAt: event.data.paidAt };
      case 'DistributionCancelled':
        return {
          ...doc,
          status: 'cancelled',
          cancelledAt: event.metadata.occurredAt,
          cancelReason: event.data.reason,
          refundDue: event.data.refundDue,
          refund: { status: event.data.refundDue > 0 ? 'pending' : 'none', reference: null, failure: null },
          lines: doc.lines.map((line) =>
            line.payment.status === 'retained' ? line : { ...line, payment: { ...line.payment, status: 'cancelled' } },
          ),
        };
      case 'DistributionRefunded':
        return {
          ...doc,
          refund: { status: 'refunded', reference: event.data.reference, failure: null },
          refundedAt: event.metadata.occurredAt,
        };
      case 'DistributionRefundFailed':
        return { ...doc, refund: { status: 'failed', reference: null, failure: event.data.reason }, refundedAt: null };
      default: {
        const _exhaustive: never = event;
        return doc;
      }
    }
  },
});
