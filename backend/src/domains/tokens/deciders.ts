import type { Decider } from '../../platform/decider.js';
import { DomainError } from '../../platform/errors.js';
import { WALLET_ADDRESS_INVALID, WALLET_PROOF_MESSAGES, WALLET_RECOVERY_MESSAGES } from '../../messages.js';
import {
  chainBatchEventSchemas,
  chainTransactionEventSchemas,
  type ChainBatchEvent,
  type ChainBatchSubmitted,
  custodyEventSchemas,
  walletChallengeEventSchemas,
  type ChainIntent,
  type ChainTransactionEvent,
  type CustodyEvent,
  type WalletChallengeEvent,
} from './events.js';
import { upcasters } from '../upcasters.js';

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
  | {
      type: 'SubmitChainTransaction';
      txId: string;
      txHash: string;
      nonce: number;
      from: string;
      to: string | null;
      contractAddress: string | null;
      wallet: string | null;
      /** Absent for a member of a batch (the batch's stream holds the bytes). */
      raw?: string;
      batchId?: string;
    }
  | {
      type: 'ConfirmChainTransaction';
      txId: string;
      txHash: string;
      blockNumber: number;
      contractAddress: string | null;
      suite: { token: string; identityRegistry: string; compliance: string } | null;
    }
  | { type: 'FailChainTransaction'; txId: string; txHash: string | null; reason: string }
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

/**
 * One batch, on `chain-batch-<batchId>`: which transactions one chain transaction carries, with its nonce, hash and
 * signed bytes. Recorded once; the same record asked for again (a restart) is nothing new.
 */
export interface ChainBatchState {
  txHash: string | null;
}
export type ChainBatchCommand = { type: 'SubmitChainBatch' } & ChainBatchSubmitted['data'];

export const chainBatch: Decider<ChainBatchCommand, ChainBatchEvent, ChainBatchState> = {
  name: 'chain-batch',
  upcasters,
  initialState: { txHash: null },
  eventSchemas: chainBatchEventSchemas,
  evolve(_state, event) {
    return { txHash: event.data.txHash };
  },
  decide(command, state) {
    if (state.txHash === command.txHash) return [];
    if (state.txHash !== null) throw conflict(`batch ${command.batchId} is recorded as ${state.txHash}`);
    const { type: _t, ...data } = command;
    return [{ type: 'ChainBatchSubmitted', data }];
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
  /** Challenge nonces already answered: a signed message registers once. */
  usedNonces: Set<string>;
  /** People whose current wallet is platform-held (a custody wallet, not one of their own). */
  custodial: Set<string>;
  /** Wallet recoveries by request id. */
  recoveries: Map<string, WalletRecovery>;
}

/** One wallet recovery (issue 32) as decided so far. */
export interface WalletRecovery {
  requestId: string;
  personId: string;
  lostAddress: string;
  custodial: boolean;
  requestedBy: string;
  /** The investor's new address, once they proved control of it (own wallets only). */
  proven: string | null;
  status: 'open' | 'approved' | 'cancelled';
}

/** A challenge as issued (from `wallet-challenges-<personId>`), handed to the custody decider on the command. */
export interface IssuedChallenge {
  address: string;
  nonce: string;
  message: string;
  expiresAt: string;
}
/** A signed challenge: the message the person signed (signature verified by the caller) and the issued one. */
interface ChallengeAnswer {
  address: string;
  /** The signed message, its signature already verified against `address` by the caller (viem, EIP-191). */
  message: string;
  /** The challenge issued to this person with that message's nonce; null when none was. */
  challenge: IssuedChallenge | null;
  now: string;
}
export type CustodyCommand =
  | { type: 'AssignCustodyWallet'; personId: string; index: number; address: string }
  | ({ type: 'RegisterOwnWallet'; personId: string; registeredBy: string } & ChallengeAnswer)
  | {
      type: 'RequestWalletRecovery';
      requestId: string;
      personId: string;
      reason: string;
      requestedBy: string;
      /** Tokens the person holds on the register now (read by the caller): none, nothing to recover. */
      tokensHeld: number;
    }
  | ({ type: 'ProveWalletRecovery'; requestId: string; personId: string } & ChallengeAnswer)
  | {
      type: 'ApproveWalletRecovery';
      requestId: string;
      approvedBy: string;
      /** A custodial recovery's new wallet: the next HD index (as the caller read it) and its address. */
      custody: { index: number; address: string } | null;
    }
  | { type: 'CancelWalletRecovery'; requestId: string; cancelledBy: string; reason: string };

export const WALLET_MESSAGES = {
  address: WALLET_ADDRESS_INVALID,
  taken: WALLET_PROOF_MESSAGES.taken,
  same: WALLET_PROOF_MESSAGES.same,
} as const;

const refuse = (field: string, message: string, status: 400 | 403 | 404 | 409 | 422 = 400) =>
  new DomainError(message, status, [{ field, message }]);

/** The checks every signed challenge passes (registration, recovery): returns the challenge's nonce. */
function checkAnswer(state: CustodyState, answer: ChallengeAnswer): string {
  if (!/^0x[0-9a-fA-F]{40}$/.test(answer.address) || /^0x0{40}$/.test(answer.address))
    throw refuse('address', WALLET_MESSAGES.address);
  const { challenge } = answer;
  // The message must be exactly one issued to this person for this address (nonce, domain, chain, times).
  if (
    !challenge ||
    challenge.message !== answer.message ||
    challenge.address.toLowerCase() !== answer.address.toLowerCase()
  )
    throw refuse('message', WALLET_PROOF_MESSAGES.messageUnknown);
  if (state.usedNonces.has(challenge.nonce)) throw refuse('message', WALLET_PROOF_MESSAGES.used);
  if (Date.parse(answer.now) > Date.parse(challenge.expiresAt)) throw refuse('message', WALLET_PROOF_MESSAGES.expired);
  return challenge.nonce;
}

/** The person's wallet is `address` from now on. */
function moveWallet(state: CustodyState, personId: string, address: string): Pick<CustodyState, 'wallets' | 'owners'> {
  const wallets = new Map(state.wallets);
  const owners = new Map(state.owners);
  const previous = wallets.get(personId);
  if (previous) owners.delete(previous.toLowerCase());
  wallets.set(personId, address);
  owners.set(address.toLowerCase(), personId);
  return { wallets, owners };
}

function openRecovery(state: CustodyState, requestId: string): WalletRecovery {
  const recovery = state.recoveries.get(requestId);
  if (!recovery) throw refuse('requestId', WALLET_RECOVERY_MESSAGES.notFound, 404);
  if (recovery.status !== 'open') throw refuse('requestId', WALLET_RECOVERY_MESSAGES.notOpen, 409);
  return recovery;
}

export const custody: Decider<CustodyCommand, CustodyEvent, CustodyState> = {
  upcasters,
  name: 'custody',
  initialState: {
    nextIndex: 0,
    wallets: new Map(),
    owners: new Map(),
    indexes: new Map(),
    usedNonces: new Set(),
    custodial: new Set(),
    recoveries: new Map(),
  },
  eventSchemas: custodyEventSchemas,
  evolve(state, event) {
    switch (event.type) {
      case 'CustodyWalletAssigned': {
        const { personId, address, index } = event.data;
        const indexes = new Map(state.indexes).set(personId, index);
        return {
          ...state,
          ...moveWallet(state, personId, address),
          nextIndex: Math.max(state.nextIndex, index + 1),
          indexes,
          custodial: new Set(state.custodial).add(personId),
        };
      }
      case 'OwnWalletRegistered': {
        const { personId, address, nonce } = event.data;
        const custodial = new Set(state.custodial);
        custodial.delete(personId);
        return {
          ...state,
          ...moveWallet(state, personId, address),
          custodial,
          usedNonces: nonce ? new Set(state.usedNonces).add(nonce) : state.usedNonces,
        };
      }
      case 'WalletRecoveryRequested': {
        const { requestId, personId, lostAddress, custodial, requestedBy } = event.data;
        const recovery: WalletRecovery = {
          requestId,
          personId,
          lostAddress,
          custodial,
          requestedBy,
          proven: null,
          status: 'open',
        };
        return { ...state, recoveries: new Map(state.recoveries).set(requestId, recovery) };
      }
      case 'WalletRecoveryProved': {
        const recovery = state.recoveries.get(event.data.requestId);
        if (!recovery) return state;
        return {
          ...state,
          usedNonces: new Set(state.usedNonces).add(event.data.nonce),
          recoveries: new Map(state.recoveries).set(recovery.requestId, { ...recovery, proven: event.data.address }),
        };
      }
      case 'WalletRecoveryApproved': {
        const { requestId, personId, newAddress, custodyIndex } = event.data;
        const recovery = state.recoveries.get(requestId);
        const recoveries = recovery
          ? new Map(state.recoveries).set(requestId, { ...recovery, status: 'approved' as const })
          : state.recoveries;
        const custodial = new Set(state.custodial);
        if (custodyIndex === null) custodial.delete(personId);
        else custodial.add(personId);
        return {
          ...state,
          ...moveWallet(state, personId, newAddress),
          recoveries,
          custodial,
          ...(custodyIndex === null
            ? {}
            : {
                nextIndex: Math.max(state.nextIndex, custodyIndex + 1),
                indexes: new Map(state.indexes).set(personId, custodyIndex),
              }),
        };
      }
      case 'WalletRecoveryCancelled': {
        const recovery = state.recoveries.get(event.data.requestId);
        if (!recovery) return state;
        return {
          ...state,
          recoveries: new Map(state.recoveries).set(recovery.requestId, { ...recovery, status: 'cancelled' }),
        };
      }
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
        const nonce = checkAnswer(state, command);
        const holder = state.owners.get(command.address.toLowerCase());
        if (holder === command.personId) throw refuse('address', WALLET_MESSAGES.same, 409);
        if (holder !== undefined) throw refuse('address', WALLET_MESSAGES.taken, 409);
        return [
          {
            type: 'OwnWalletRegistered',
            data: {
              personId: command.personId,
              address: command.address,
              previousAddress: state.wallets.get(command.personId) ?? null,
              registeredBy: command.registeredBy,
              nonce,
            },
          },
        ];
      }
      case 'RequestWalletRecovery': {
        const { requestId, personId, requestedBy, tokensHeld } = command;
        const reason = command.reason.trim();
        if (reason.length === 0 || reason.length > 1000) throw refuse('reason', WALLET_RECOVERY_MESSAGES.reason);
        // The investor never recovers their own wallet: an admin who is the investor asks another admin.
        if (requestedBy === personId) throw refuse('personId', WALLET_RECOVERY_MESSAGES.own, 403);
        const lostAddress = state.wallets.get(personId);
        if (!lostAddress) throw refuse('personId', WALLET_RECOVERY_MESSAGES.noWallet, 409);
        if (tokensHeld <= 0) throw refuse('personId', WALLET_RECOVERY_MESSAGES.noTokens, 409);
        if (state.recoveries.has(requestId)) throw conflict(`wallet recovery ${requestId} exists`);
        for (const recovery of state.recoveries.values())
          if (recovery.personId === personId && recovery.status === 'open')
            throw refuse('personId', WALLET_RECOVERY_MESSAGES.open, 409);
        return [
          {
            type: 'WalletRecoveryRequested',
            data: { requestId, personId, lostAddress, custodial: state.custodial.has(personId), reason, requestedBy },
          },
        ];
      }
      case 'ProveWalletRecovery': {
        const recovery = openRecovery(state, command.requestId);
        // Only the investor whose wallet it is answers (404, not 403: another's recovery is not theirs to see).
        if (recovery.personId !== command.personId) throw refuse('requestId', WALLET_RECOVERY_MESSAGES.notFound, 404);
        if (recovery.custodial) throw refuse('address', WALLET_RECOVERY_MESSAGES.custodial, 409);
        const nonce = checkAnswer(state, command);
        if (command.address.toLowerCase() === recovery.lostAddress.toLowerCase())
          throw refuse('address', WALLET_RECOVERY_MESSAGES.lost, 409);
        const holder = state.owners.get(command.address.toLowerCase());
        if (holder !== undefined) throw refuse('address', WALLET_MESSAGES.taken, 409);
        return [
          {
            type: 'WalletRecoveryProved',
            data: { requestId: recovery.requestId, personId: recovery.personId, address: command.address, nonce },
          },
        ];
      }
      case 'ApproveWalletRecovery': {
        const recovery = openRecovery(state, command.requestId);
        // Four eyes: never the admin who recorded the re-verification, never the investor.
        if (command.approvedBy === recovery.requestedBy)
          throw refuse('requestId', WALLET_RECOVERY_MESSAGES.fourEyes, 403);
        if (command.approvedBy === recovery.personId) throw refuse('requestId', WALLET_RECOVERY_MESSAGES.investor, 403);
        if (state.wallets.get(recovery.personId)?.toLowerCase() !== recovery.lostAddress.toLowerCase())
          throw refuse('requestId', WALLET_RECOVERY_MESSAGES.moved, 409);
        let newAddress: string;
        let custodyIndex: number | null = null;
        if (recovery.custodial) {
          if (!command.custody) throw new Error('a custodial recovery needs the next custody wallet');
          // The caller derived the address for the index it read; a stale index is retried on fresh state.
          if (command.custody.index !== state.nextIndex)
            throw conflict(`custody index ${command.custody.index} is taken`);
          newAddress = command.custody.address;
          custodyIndex = command.custody.index;
        } else {
          if (!recovery.proven) throw refuse('requestId', WALLET_RECOVERY_MESSAGES.proofRequired, 409);
          newAddress = recovery.proven;
        }
        // Taken by someone else since it was proven.
        if (state.owners.has(newAddress.toLowerCase())) throw refuse('address', WALLET_MESSAGES.taken, 409);
        return [
          {
            type: 'WalletRecoveryApproved',
            data: {
              requestId: recovery.requestId,
              personId: recovery.personId,
              lostAddress: recovery.lostAddress,
              newAddress,
              approvedBy: command.approvedBy,
              custodyIndex,
            },
          },
        ];
      }
      case 'CancelWalletRecovery': {
        const recovery = openRecovery(state, command.requestId);
        const reason = command.reason.trim();
        if (reason.length === 0 || reason.length > 1000) throw refuse('reason', WALLET_RECOVERY_MESSAGES.reason);
        return [
          {
            type: 'WalletRecoveryCancelled',
            data: {
              requestId: recovery.requestId,
              personId: recovery.personId,
              cancelledBy: command.cancelledBy,
              reason,
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

/**
 * The messages issued to one person for proving control of a wallet, on `wallet-challenges-<personId>`. Each nonce
 * is issued once; whether it was answered is decided on the custody stream (`usedNonces`).
 */
export interface WalletChallengeState {
  /** nonce → the challenge. */
  issued: Map<string, IssuedChallenge>;
}
export type WalletChallengeCommand = {
  type: 'IssueWalletChallenge';
  personId: string;
  address: string;
  nonce: string;
  message: string;
  issuedAt: string;
  expiresAt: string;
};

/** Unexpired challenges one person may hold (each switch of wallet uses one). */
export const MAX_OPEN_CHALLENGES = 20;

export const walletChallenges: Decider<WalletChallengeCommand, WalletChallengeEvent, WalletChallengeState> = {
  upcasters,
  name: 'wallet-challenges',
  initialState: { issued: new Map() },
  eventSchemas: walletChallengeEventSchemas,
  evolve(state, event) {
    switch (event.type) {
      case 'WalletChallengeIssued': {
        const { address, nonce, message, expiresAt } = event.data;
        return { issued: new Map(state.issued).set(nonce, { address, nonce, message, expiresAt }) };
      }
      default: {
        const _exhaustive: never = event.type;
        return state;
      }
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'IssueWalletChallenge': {
        if (!/^0x[0-9a-fA-F]{40}$/.test(command.address)) throw refuse('address', WALLET_MESSAGES.address);
        // A random nonce that came up twice would let one signature answer two messages: refuse, the caller retries.
        if (state.issued.has(command.nonce)) throw conflict('nonce already issued');
        if (!(Date.parse(command.expiresAt) > Date.parse(command.issuedAt))) throw conflict('expiry before issue');
        // Each challenge is a stored fact: a person may hold only so many unexpired ones at once.
        const now = Date.parse(command.issuedAt);
        let open = 0;
        for (const issued of state.issued.values()) if (Date.parse(issued.expiresAt) > now) open++;
        if (open >= MAX_OPEN_CHALLENGES) throw new DomainError(WALLET_PROOF_MESSAGES.tooMany, 429);
        const { type: _t, ...data } = command;
        return [{ type: 'WalletChallengeIssued', data }];
      }
      default: {
        const _exhaustive: never = command.type;
        throw new Error(`unknown command ${String(_exhaustive)}`);
      }
    }
  },
};
