import type { Decider } from '../../platform/decider.js';
import { DomainError } from '../../platform/errors.js';
import { WALLET_ADDRESS_INVALID, WALLET_PROOF_MESSAGES } from '../../messages.js';
import { upcasters } from '../upcasters.js';
import { walletChallengeEventSchemas, type WalletChallengeEvent } from './events.js';

const conflict = (message: string) => new DomainError(message, 409);

/** A challenge as issued (from `wallet-challenges-<personId>`), handed to the custody decider on the command. */
export interface IssuedChallenge {
  address: string;
  nonce: string;
  message: string;
  expiresAt: string;
}

export const WALLET_MESSAGES = {
  address: WALLET_ADDRESS_INVALID,
  taken: WALLET_PROOF_MESSAGES.taken,
  same: WALLET_PROOF_MESSAGES.same,
} as const;

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
        if (!/^0x[0-9a-fA-F]{40}$/.test(command.address))
          throw new DomainError(WALLET_MESSAGES.address, 400, [{ field: 'address', message: WALLET_MESSAGES.address }]);
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
