import type { Decider } from '../../platform/decider.js';
import { DomainError } from '../../platform/errors.js';
import { WALLET_ADDRESS_INVALID } from '../../messages.js';
import {
  chainTransactionEventSchemas,
  custodyEventSchemas,
  type ChainIntent,
  type ChainTransactionEvent,
  type CustodyEvent,
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
  | { type: 'RequestChainTransaction'; txId: string; chainId: number; intent: ChainIntent; causeEventId: string | null }
  | {
      type: 'SubmitChainTransaction';
      txId: string;
      txHash: string;
      nonce: number;
      from: string;
      to: string | null;
      contractAddress: string | null;
      wallet: string | null;
      raw: string;
    }
  | {
      type: 'ConfirmChainTransaction';
      txId: string;
      txHash: string;
      blockNumber: number;
      contractAddress: string | null;
      suite: { token: string; identityRegistry: string; compliance: string } | null;
    }
  | { type: 'FailChainTransaction'; txId: string; txHash: string | null; reason: string };

const conflict = (message: string) => new DomainError(message, 409);

export const chainTransaction: Decider<ChainTxCommand, ChainTransactionEvent, ChainTxState> = {
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
      default: {
        const _exhaustive: never = command;
        throw new Error(`unknown command ${JSON.stringify(_exhaustive)}`);
      }
    }
  },
};

/**
 * Who holds which address, on the one stream `custody-wallets`. The next custody index is the number of
 * indexes handed out so far: decided under the stream's expected revision, so it never repeats.
 */
export interface CustodyState {
  nextIndex: number;
  /** personId → the address they use now. */
  wallets: Map<string, string>;
  /** lower-cased address → personId: an address belongs to one person. */
  owners: Map<string, string>;
  /** personId → custody index. */
  indexes: Map<string, number>;
}
export type CustodyCommand =
  | { type: 'AssignCustodyWallet'; personId: string; index: number; address: string }
  | { type: 'RegisterOwnWallet'; personId: string; address: string; registeredBy: string };

export const WALLET_MESSAGES = {
  address: WALLET_ADDRESS_INVALID,
  taken: 'This address is already registered to another person',
  same: 'This address is already your wallet',
} as const;

export const custody: Decider<CustodyCommand, CustodyEvent, CustodyState> = {
  name: 'custody',
  initialState: { nextIndex: 0, wallets: new Map(), owners: new Map(), indexes: new Map() },
  eventSchemas: custodyEventSchemas,
  evolve(state, event) {
    const wallets = new Map(state.wallets);
    const owners = new Map(state.owners);
    const { personId, address } = event.data;
    const previous = wallets.get(personId);
    if (previous) owners.delete(previous.toLowerCase());
    wallets.set(personId, address);
    owners.set(address.toLowerCase(), personId);
    switch (event.type) {
      case 'CustodyWalletAssigned': {
        const indexes = new Map(state.indexes).set(personId, event.data.index);
        return { nextIndex: Math.max(state.nextIndex, event.data.index + 1), wallets, owners, indexes };
      }
      case 'OwnWalletRegistered':
        return { ...state, wallets, owners };
      default: {
        const _exhaustive: never = event;
        return state;
      }
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'AssignCustodyWallet': {
        if (state.wallets.has(command.personId)) return [];
        // The caller derived the address for the index it read; a stale index is retried on fresh state.
        if (command.index !== state.nextIndex) throw conflict(`custody index ${command.index} is taken`);
        const { type: _t, ...data } = command;
        return [{ type: 'CustodyWalletAssigned', data }];
      }
      case 'RegisterOwnWallet': {
        if (!/^0x[0-9a-fA-F]{40}$/.test(command.address) || /^0x0{40}$/.test(command.address))
          throw new DomainError(WALLET_MESSAGES.address, 400, [{ field: 'address', message: WALLET_MESSAGES.address }]);
        const holder = state.owners.get(command.address.toLowerCase());
        if (holder === command.personId) throw new DomainError(WALLET_MESSAGES.same, 409);
        if (holder !== undefined)
          throw new DomainError(WALLET_MESSAGES.taken, 409, [{ field: 'address', message: WALLET_MESSAGES.taken }]);
        return [
          {
            type: 'OwnWalletRegistered',
            data: {
              personId: command.personId,
              address: command.address,
              previousAddress: state.wallets.get(command.personId) ?? null,
              registeredBy: command.registeredBy,
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
