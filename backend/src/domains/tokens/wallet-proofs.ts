import { Inject, Injectable } from '@nestjs/common';
import type { Address, Hex } from 'viem';
import { AggregateRepository } from '../../platform/aggregate-repository.js';
import type { ChainPort } from '../../platform/chain/chain.js';
import { DomainError } from '../../platform/errors.js';
import { CHAIN } from '../../platform/injection-keys.js';
import { WALLET_PROOF_MESSAGES } from '../../messages.js';
import { ChainOutbox } from './chain-outbox.js';
import { type IssuedChallenge, WALLET_MESSAGES, walletChallenges } from './wallet-challenges.decider.js';
import { walletChallengeStream } from './events.js';
import { platformOwnAddresses } from './flow.js';
import type { RegisterWalletDto } from './tokens.dto.js';

/** Nobody holds a key for these: the zero address and the customary burn address. */
const BURN_ADDRESSES = new Set([
  '0x0000000000000000000000000000000000000000',
  '0x000000000000000000000000000000000000dead',
]);
/**
 * What a signature agrees to, written in the message (EIP-4361's statement): registering a wallet, or receiving a
 * recovery's tokens. A message signed for one is refused for the other, so a person always signs what happens.
 */
export const WALLET_PROOF_STATEMENTS = {
  wallet: 'Register this address as my wallet on Kauri.',
  recovery: 'Move my Kauri tokens to this address, my new wallet, in a wallet recovery.',
} as const;
export type WalletProofPurpose = keyof typeof WALLET_PROOF_STATEMENTS;

export const refuse = (field: string, message: string, status: 400 | 404 | 409 | 422 = 400) =>
  new DomainError(message, status, [{ field, message }]);

/**
 * Proof of control of an address (issue 27), for registering an own wallet and for a wallet recovery's new address:
 * which addresses are acceptable, and the issued challenge a signed message answers.
 */
@Injectable()
export class WalletProofs {
  constructor(
    private readonly outbox: ChainOutbox,
    private readonly repository: AggregateRepository,
    @Inject(CHAIN) private readonly chain: ChainPort | null,
  ) {}

  /** The challenge issued to this person that the body's message and signature answer for `address`, or a 400. */
  async signedChallenge(
    personId: string,
    address: Address,
    body: RegisterWalletDto,
    purpose: WalletProofPurpose,
  ): Promise<IssuedChallenge> {
    const { parseSiweMessage } = await import('viem/siwe');
    const { verifyMessage } = await import('viem');
    const { nonce, statement } = parseSiweMessage(body.message);
    const { state } = await this.repository.load(walletChallenges, walletChallengeStream(personId));
    // A nonce from outside indexes a Map, never a plain object.
    const challenge = nonce ? (state.issued.get(nonce) ?? null) : null;
    // The message is checked against the issued one before the signature, so a wrong message says so.
    if (!challenge || challenge.message !== body.message || challenge.address !== address)
      throw refuse('message', WALLET_PROOF_MESSAGES.messageUnknown);
    if (statement !== WALLET_PROOF_STATEMENTS[purpose]) throw refuse('message', WALLET_PROOF_MESSAGES.messagePurpose);
    const signed = await verifyMessage({ address, message: body.message, signature: body.signature as Hex }).catch(
      () => false,
    );
    if (!signed) throw refuse('signature', WALLET_PROOF_MESSAGES.signatureWrong);
    return challenge;
  }

  requireChain(): ChainPort {
    if (!this.chain) throw new DomainError(WALLET_PROOF_MESSAGES.noChain, 409);
    return this.chain;
  }

  /**
   * The checksummed address, or a 4xx: malformed, zero or burn, one of the platform's own, a contract (an identity
   * registry entry must be an account its holder signs with), or another person's.
   */
  async acceptableAddress(chain: ChainPort, text: string, personId: string): Promise<Address> {
    // viem is loaded on first use (an app without a chain never loads it); EIP-55 checks need its keccak.
    const { getAddress, isAddress } = await import('viem');
    if (!isAddress(text, { strict: true })) throw refuse('address', WALLET_MESSAGES.address);
    const address = getAddress(text);
    if (BURN_ADDRESSES.has(address.toLowerCase())) throw refuse('address', WALLET_PROOF_MESSAGES.burn);
    // The signer is known once the chain is open (a boot opens it in the background).
    await chain.ready();
    if (platformOwnAddresses(this.outbox.state, chain.signer).has(address.toLowerCase()))
      throw refuse('address', WALLET_PROOF_MESSAGES.platform, 422);
    if (await chain.hasCode(address)) throw refuse('address', WALLET_PROOF_MESSAGES.contract, 422);
    // Early, for a clear answer before anyone signs; the custody stream decides it for good.
    const holder = this.outbox.state.walletOwners.get(address.toLowerCase());
    if (holder !== undefined && holder !== personId) throw refuse('address', WALLET_PROOF_MESSAGES.taken, 409);
    return address;
  }
}
