import type { Decider } from '../../platform/decider.js';
import { DomainError } from '../../platform/errors.js';
import { WALLET_PROOF_MESSAGES, WALLET_RECOVERY_MESSAGES } from '../../messages.js';
import { upcasters } from '../upcasters.js';
import { custodyEventSchemas, type CustodyEvent } from './events.js';
import { type IssuedChallenge, WALLET_MESSAGES } from './wallet-challenges.decider.js';

const conflict = (message: string) => new DomainError(message, 409);

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
