import type { ChainIntent, ChainTransactionEvent, WalletRecoveryEvent } from '../domains/tokens/events.js';
import { upcasters } from '../domains/upcasters.js';
import { defineProjection } from '../platform/projection-engine/projection.js';

/** One chain transaction a recovery asked for, as its latest attempt stands (an admin's retry replaces a failed one). */
export interface RecoveryStep {
  /** The first attempt's id (`c<chain>-recovery-<requestId>-…`). */
  txId: string;
  /** The latest attempt's id (`<txId>-retry-<n>` once retried). */
  attemptId: string;
  attempts: number;
  kind: ChainIntent['kind'];
  assetId: string | null;
  status: 'requested' | 'submitted' | 'confirmed' | 'failed';
  txHash: string | null;
  failure: string | null;
}

/**
 * Where a recovery is, in the words its screens use: waiting for the investor's proof of a new address (own
 * wallets), for another admin's approval, the chain moving the tokens, done, a chain step failed (an admin may
 * retry it), or cancelled.
 */
export type RecoveryStage = 'awaiting-proof' | 'awaiting-approval' | 'moving' | 'done' | 'failed' | 'cancelled';

/** One document per wallet recovery (issue 32, custody `WalletRecovery*`), with the chain steps it called for. */
export interface WalletRecoveryDoc {
  _id: string;
  personId: string;
  status: 'open' | 'approved' | 'cancelled';
  stage: RecoveryStage;
  custodial: boolean;
  lostAddress: string;
  newAddress: string | null;
  reason: string;
  requestedBy: string;
  requestedAt: string;
  provedAt: string | null;
  approvedBy: string | null;
  approvedAt: string | null;
  cancelledBy: string | null;
  cancelReason: string | null;
  updatedAt: string;
  steps: RecoveryStep[];
}

const EVENT_TYPES = [
  'WalletRecoveryRequested',
  'WalletRecoveryProved',
  'WalletRecoveryApproved',
  'WalletRecoveryCancelled',
  'ChainTransactionRequested',
  'ChainTransactionSubmitted',
  'ChainTransactionReleased',
  'ChainTransactionConfirmed',
  'ChainTransactionFailed',
] as const satisfies (WalletRecoveryEvent | ChainTransactionEvent)['type'][];
type Handled = Extract<WalletRecoveryEvent | ChainTransactionEvent, { type: (typeof EVENT_TYPES)[number] }>;

/** A recovery's chain transactions are named after it (flow.ts `WalletRecoveryApproved`), retries and repairs too. */
const RECOVERY_TX = /^c\d+-recovery-([0-9a-f-]{36})-/;
const RETRY = /-retry-(\d+)$/;
export const recoveryOfTx = (txId: string): string | null => RECOVERY_TX.exec(txId)?.[1] ?? null;
const firstAttempt = (txId: string) => txId.replace(RETRY, '');

/** The stage its decided status and its chain steps put a recovery in. */
export function stageOf(doc: Pick<WalletRecoveryDoc, 'status' | 'custodial' | 'newAddress' | 'steps'>): RecoveryStage {
  switch (doc.status) {
    case 'open':
      return doc.custodial || doc.newAddress ? 'awaiting-approval' : 'awaiting-proof';
    case 'cancelled':
      return 'cancelled';
    case 'approved':
      if (doc.steps.some((s) => s.status === 'failed')) return 'failed';
      // Approved with no steps yet: the outbox has not recorded them (they follow the approval).
      return doc.steps.length > 0 && doc.steps.every((s) => s.status === 'confirmed') ? 'done' : 'moving';
    default: {
      const _exhaustive: never = doc.status;
      return 'moving';
    }
  }
}

const withStep = (doc: WalletRecoveryDoc, attemptId: string, at: string, change: Partial<RecoveryStep>) => {
  const txId = firstAttempt(attemptId);
  const steps = doc.steps.map((s) => (s.txId === txId && s.attemptId === attemptId ? { ...s, ...change } : s));
  return settle({ ...doc, steps, updatedAt: at });
};
const settle = (doc: WalletRecoveryDoc): WalletRecoveryDoc => ({ ...doc, stage: stageOf(doc) });

export const walletRecoveriesProjection = defineProjection<WalletRecoveryDoc, Handled>({
  name: 'wallet-recoveries',
  version: 1,
  upcasters,
  eventTypes: EVENT_TYPES,
  keys(event) {
    switch (event.type) {
      case 'WalletRecoveryRequested':
      case 'WalletRecoveryProved':
      case 'WalletRecoveryApproved':
      case 'WalletRecoveryCancelled':
        return [event.data.requestId];
      default: {
        const requestId = recoveryOfTx(event.data.txId);
        return requestId ? [requestId] : [];
      }
    }
  },
  evolve(doc, event, id) {
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'WalletRecoveryRequested': {
        const d = event.data;
        return settle({
          _id: id,
          personId: d.personId,
          status: 'open',
          stage: 'awaiting-proof',
          custodial: d.custodial,
          lostAddress: d.lostAddress,
          newAddress: null,
          reason: d.reason,
          requestedBy: d.requestedBy,
          requestedAt: at,
          provedAt: null,
          approvedBy: null,
          approvedAt: null,
          cancelledBy: null,
          cancelReason: null,
          updatedAt: at,
          steps: [],
        });
      }
      case 'WalletRecoveryProved':
        return doc && settle({ ...doc, newAddress: event.data.address, provedAt: at, updatedAt: at });
      case 'WalletRecoveryApproved': {
        const d = event.data;
        return (
          doc &&
          settle({
            ...doc,
            status: 'approved',
            newAddress: d.newAddress,
            approvedBy: d.approvedBy,
            approvedAt: at,
            updatedAt: at,
          })
        );
      }
      case 'WalletRecoveryCancelled': {
        const d = event.data;
        return (
          doc &&
          settle({ ...doc, status: 'cancelled', cancelledBy: d.cancelledBy, cancelReason: d.reason, updatedAt: at })
        );
      }
      case 'ChainTransactionRequested': {
        if (!doc) return doc;
        const { txId: attemptId, intent } = event.data;
        const txId = firstAttempt(attemptId);
        const known = doc.steps.find((s) => s.txId === txId);
        const step: RecoveryStep = {
          txId,
          attemptId,
          attempts: (known?.attempts ?? 0) + 1,
          kind: intent.kind,
          assetId: 'assetId' in intent ? intent.assetId : null,
          status: 'requested',
          txHash: null,
          failure: null,
        };
        const steps = known ? doc.steps.map((s) => (s === known ? step : s)) : [...doc.steps, step];
        return settle({ ...doc, steps, updatedAt: at });
      }
      case 'ChainTransactionSubmitted':
        return doc && withStep(doc, event.data.txId, at, { status: 'submitted', txHash: event.data.txHash });
      case 'ChainTransactionReleased':
        // Its batch could not run: back to waiting, to be sent again.
        return doc && withStep(doc, event.data.txId, at, { status: 'requested', txHash: null });
      case 'ChainTransactionConfirmed':
        return doc && withStep(doc, event.data.txId, at, { status: 'confirmed', txHash: event.data.txHash });
      case 'ChainTransactionFailed':
        return (
          doc &&
          withStep(doc, event.data.txId, at, {
            status: 'failed',
            txHash: event.data.txHash,
            failure: event.data.reason,
          })
        );
      default: {
        const _exhaustive: never = event;
        return doc;
      }
    }
  },
});
