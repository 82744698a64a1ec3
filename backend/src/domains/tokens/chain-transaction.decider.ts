import type { Decider } from '../../platform/decider.js';
import { DomainError } from '../../platform/errors.js';
import { upcasters } from '../upcasters.js';
import {
  chainTransactionEventSchemas,
  type ChainIntent,
  type ChainTransactionConfirmed,
  type ChainTransactionEvent,
  type ChainTransactionFailed,
  type ChainTransactionSubmitted,
} from './events.js';

/**
 * One chain transaction's life, on `chain-tx-<txId>`: requested → submitted → confirmed | failed. Each step is
 * allowed once, from the step before it, so two senders (or a sender and a restart) can never both submit.
 */
export type ChainTxStatus = 'none' | 'requested' | 'submitted' | 'confirmed' | 'failed';
export interface ChainTxState {
  status: ChainTxStatus;
  txHash: string | null;
}
export type ChainTxCommand =
  | {
      type: 'RequestChainTransaction';
      txId: string;
      chainId: number;
      intent: ChainIntent;
      causeEventId: string | null;
      retryOf?: string;
    }
  // Submit, confirm, fail: the step as it is recorded (the decider checks it against the state, then records it).
  | ({ type: 'SubmitChainTransaction' } & ChainTransactionSubmitted['data'])
  | ({ type: 'ConfirmChainTransaction' } & ChainTransactionConfirmed['data'])
  | ({ type: 'FailChainTransaction' } & ChainTransactionFailed['data'])
  | { type: 'ReleaseChainTransaction'; txId: string; txHash: string; reason: string; maxBatch: number };

const conflict = (message: string) => new DomainError(message, 409);

export const chainTransaction: Decider<ChainTxCommand, ChainTransactionEvent, ChainTxState> = {
  upcasters,
  name: 'chain-transaction',
  initialState: { status: 'none', txHash: null },
  eventSchemas: chainTransactionEventSchemas,
  evolve(state, event) {
    switch (event.type) {
      case 'ChainTransactionRequested':
        return { status: 'requested', txHash: null };
      case 'ChainTransactionSubmitted':
        return { status: 'submitted', txHash: event.data.txHash };
      case 'ChainTransactionConfirmed':
        return { ...state, status: 'confirmed' };
      case 'ChainTransactionFailed':
        return { ...state, status: 'failed' };
      case 'ChainTransactionReleased':
        return { status: 'requested', txHash: null };
      default: {
        const _exhaustive: never = event;
        return state;
      }
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'RequestChainTransaction': {
        // Asked again for the same cause: already on record, nothing new.
        if (state.status !== 'none') return [];
        const { type: _t, ...data } = command;
        return [{ type: 'ChainTransactionRequested', data }];
      }
      case 'SubmitChainTransaction': {
        // A batch member claimed again after a restart (its batch was recorded, the claim may have been): once.
        if (command.batchId !== undefined && state.status !== 'requested' && state.txHash === command.txHash) return [];
        if (state.status !== 'requested') throw conflict(`transaction ${command.txId} is ${state.status}`);
        const { type: _t, ...data } = command;
        return [{ type: 'ChainTransactionSubmitted', data }];
      }
      case 'ConfirmChainTransaction': {
        if (state.status === 'confirmed' && state.txHash === command.txHash) return [];
        if (state.status !== 'submitted' || state.txHash !== command.txHash)
          throw conflict(`transaction ${command.txId} is ${state.status}, not submitted as ${command.txHash}`);
        const { type: _t, ...data } = command;
        return [{ type: 'ChainTransactionConfirmed', data }];
      }
      case 'FailChainTransaction': {
        if (state.status === 'failed') return [];
        // Refused by simulation before any nonce (txHash null), or reverted/dropped after submission.
        const expected = command.txHash === null ? 'requested' : 'submitted';
        if (state.status !== expected || (command.txHash !== null && state.txHash !== command.txHash))
          throw conflict(`transaction ${command.txId} is ${state.status}`);
        const { type: _t, ...data } = command;
        return [{ type: 'ChainTransactionFailed', data }];
      }
      case 'ReleaseChainTransaction': {
        // Released already (and not sent again since): nothing new.
        if (state.status === 'requested') return [];
        if (state.status !== 'submitted' || state.txHash !== command.txHash)
          throw conflict(`transaction ${command.txId} is ${state.status}, not submitted as ${command.txHash}`);
        const { type: _t, ...data } = command;
        return [{ type: 'ChainTransactionReleased', data }];
      }
      default: {
        const _exhaustive: never = command;
        throw new Error(`unknown command ${JSON.stringify(_exhaustive)}`);
      }
    }
  },
};
