import type { TransferEvent } from '../domains/transfers/events.js';
import { lapsed } from '../domains/transfers/transfer.decider.js';
import { defineProjection } from '../platform/projection-engine/projection.js';
import { upcasters } from '../domains/upcasters.js';

/** One document per transfer between investors (domains/transfers): both parties' lists and the owner's. */
export interface TransferDoc {
  _id: string;
  assetId: string;
  ownerId: string;
  fromInvestorId: string;
  toInvestorId: string;
  tokens: number;
  priceCents: number;
  status: 'proposed' | 'accepted' | 'approved' | 'settled' | 'cancelled' | 'expired' | 'failed' | 'abandoned';
  txHash: string | null;
  refusal: string | null;
  /** Why an admin abandoned its failed settlement (status `abandoned`); null otherwise. */
  abandonReason: string | null;
  proposedAt: string;
  expiresAt: string;
  updatedAt: string;
}

/**
 * The status a person reads at `now`: a proposal past its expiry reads expired at once, as the decider refuses it
 * from then on (`lapsed`) and the register no longer counts its promise, though the sweep records `TransferExpired`
 * up to a minute later (found by an outside probe: lapsed proposals listed as proposed, their accept refused).
 */
export const statusAt = (doc: Pick<TransferDoc, 'status' | 'expiresAt'>, now: string): TransferDoc['status'] =>
  (doc.status === 'proposed' || doc.status === 'accepted') && lapsed(doc, now) ? 'expired' : doc.status;

const EVENT_TYPES = [
  'TransferProposed',
  'TransferAccepted',
  'TransferApproved',
  'TransferSettlementRequested',
  'TransferSettled',
  'TransferFailed',
  'TransferSettlementRetried',
  'TransferAbandoned',
  'TransferCancelled',
  'TransferExpired',
] as const satisfies TransferEvent['type'][];
type Handled = Extract<TransferEvent, { type: (typeof EVENT_TYPES)[number] }>;

export const transfersProjection = defineProjection<TransferDoc, Handled>({
  name: 'transfers',
  version: 3,
  upcasters,
  eventTypes: EVENT_TYPES,
  keys: (event) => [event.data.transferId],
  evolve(doc, event, id) {
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'TransferProposed': {
        const d = event.data;
        return {
          _id: id,
          assetId: d.assetId,
          ownerId: d.ownerId,
          fromInvestorId: d.fromInvestorId,
          toInvestorId: d.toInvestorId,
          tokens: d.tokens,
          priceCents: d.priceCents,
          status: 'proposed',
          txHash: null,
          refusal: null,
          abandonReason: null,
          proposedAt: d.proposedAt,
          expiresAt: d.expiresAt,
          updatedAt: at,
        };
      }
      case 'TransferAccepted':
        return doc && { ...doc, status: 'accepted', updatedAt: at };
      case 'TransferApproved':
        return doc && { ...doc, status: 'approved', updatedAt: at };
      case 'TransferSettlementRequested':
        return doc;
      case 'TransferSettled':
        return doc && { ...doc, status: 'settled', txHash: event.data.txHash, updatedAt: at };
      case 'TransferFailed':
        return (
          doc && { ...doc, status: 'failed', txHash: event.data.txHash, refusal: event.data.reason, updatedAt: at }
        );
      case 'TransferSettlementRetried':
        // Settling again: the failure's reason and hash give way to the new attempt's.
        return doc && { ...doc, status: 'approved', txHash: null, refusal: null, updatedAt: at };
      case 'TransferAbandoned':
        // The failure's reason stays beside the admin's: why it failed, and why it was given up.
        return doc && { ...doc, status: 'abandoned', abandonReason: event.data.reason, updatedAt: at };
      case 'TransferCancelled':
        return doc && { ...doc, status: 'cancelled', updatedAt: at };
      case 'TransferExpired':
        return doc && { ...doc, status: 'expired', updatedAt: at };
      default: {
        const _exhaustive: never = event;
        return doc;
      }
    }
  },
});
