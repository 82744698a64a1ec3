import { randomBytes } from 'node:crypto';
import { randomUUID } from 'node:crypto';
import { Body, Controller, Get, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AggregateRepository } from '../../platform/aggregate-repository.js';
import type { ChainPort } from '../../platform/chain/chain.js';
import type { CommandContext } from '../../platform/command-context.js';
import { DomainError } from '../../platform/errors.js';
import { Authenticated, CurrentUser, hasRole, Roles, type SignedInUser } from '../../platform/http/auth.js';
import { IdParam } from '../../platform/http/ids.js';
import { ApiCreated, ApiOk } from '../../platform/http/api-response.js';
import { Ctx } from '../../platform/http/request-context.js';
import type { Config } from '../../platform/config.js';
import { CHAIN, CONFIG } from '../../platform/injection-keys.js';
import { TRANSFER_BLOCKED, WALLET_PROOF_MESSAGES, WALLET_RECOVERY_MESSAGES } from '../../messages.js';
import { ChainKeys } from '../../platform/chain/keys.js';
import { ChainOutbox } from './chain-outbox.js';
import { custody, type IssuedChallenge, WALLET_MESSAGES, walletChallenges, type WalletRecovery } from './deciders.js';
import { WalletRecoveryCancelDto, WalletRecoveryDto, WalletRecoveryRequestDto } from './recovery.dto.js';
import { CUSTODY_STREAM, walletChallengeStream } from './events.js';
import { expectedHoldings, platformOwnAddresses } from './flow.js';
import { TokenViews } from './token-views.js';
import {
  ChainProblemsDto,
  ChainRetryDto,
  RegisterWalletDto,
  TokenDto,
  WalletChallengeDto,
  WalletChallengeRequestDto,
  WalletDto,
  WalletRegisteredDto,
} from './tokens.dto.js';
import type { Address, Hex } from 'viem';

const NO_TOKEN = 'This asset has no token on a chain';
/** A chain transaction id as the flow makes them (`c<chainId>-…`). */
const TX_ID = /^c\d{1,12}-[A-Za-z0-9-]{1,200}$/;
/** A signed message proves control for this long (the 10 minutes). */
export const CHALLENGE_TTL_MS = 10 * 60_000;
const CHALLENGE_STATEMENT = 'Register this address as my wallet on Kauri.';
/** Nobody holds a key for these: the zero address and the customary burn address. */
const BURN_ADDRESSES = new Set([
  '0x0000000000000000000000000000000000000000',
  '0x000000000000000000000000000000000000dead',
]);
const refuse = (field: string, message: string, status: 400 | 404 | 409 | 422 = 400) =>
  new DomainError(message, status, [{ field, message }]);

export const WALLET_HOLDS_TOKENS =
  'Your wallet holds tokens: a new address can be registered once they are moved (ask an administrator)';

@ApiTags('tokens')
@Controller('api')
@Authenticated()
export class TokensController {
  constructor(
    private readonly views: TokenViews,
    private readonly outbox: ChainOutbox,
    private readonly repository: AggregateRepository,
    private readonly keys: ChainKeys,
    @Inject(CHAIN) private readonly chain: ChainPort | null,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  @Get('assets/:id/token')
  @ApiOk(TokenDto)
  @ApiOperation({
    summary:
      '{ chainId, tokenAddress, identityRegistryAddress, complianceAddress, symbol, decimals, totalSupply, status, explorerUrl, holders, transactions }: the asset’s ERC-3643 token',
  })
  async token(@IdParam() assetId: string, @CurrentUser() user: SignedInUser) {
    const view = await this.views.token(assetId);
    if (!view) throw new DomainError(NO_TOKEN, 404);
    // Holders are persons: only the asset's owner and admins see who they are (addresses are public on chain).
    const asset = this.outbox.state.assets.get(assetId)!;
    const insider = asset.ownerId === user.userId || hasRole(user, 'admin');
    return insider ? view : { ...view, holders: view.holders.map((h) => ({ ...h, personId: null })) };
  }

  @Get('wallet')
  @ApiOk(WalletDto)
  @ApiOperation({ summary: '{ address, registered, custody }: the signed-in person’s wallet on the chain' })
  wallet(@CurrentUser() user: SignedInUser) {
    const { address, registered } = this.views.wallet(user.userId);
    return { address, registered, chainId: this.chain?.chainId ?? null };
  }

  @Get('admin/chain/problems')
  @Roles('admin')
  @ApiOk(ChainProblemsDto)
  @ApiOperation({
    summary:
      'Chain transactions that will not happen by themselves: failed ones (with the chain’s reason) and those waiting on nothing that moves (admins only)',
  })
  chainProblems() {
    return { problems: [...this.views.problems().values()] };
  }

  @Post('admin/chain/transactions/:txId/retry')
  @Roles('admin')
  @HttpCode(201)
  @ApiCreated(ChainRetryDto)
  @ApiOperation({
    summary:
      'Asks again for a failed transfer, mint, lock-up or registry change once its cause is dealt with; a recipient whose wallet the registry lacks is registered first (admins only)',
  })
  async retryChainTransaction(@Param('txId') txId: string, @Ctx() ctx: CommandContext) {
    if (!TX_ID.test(txId)) throw new DomainError(TRANSFER_BLOCKED.unknownTx, 404);
    return this.outbox.retry(txId, ctx);
  }

  @Post('wallet/challenge')
  @ApiCreated(WalletChallengeDto)
  @ApiOperation({
    summary:
      '{ message, expiresAt }: an EIP-4361 (Sign-In with Ethereum) message for this address, single-use, valid 10 minutes — sign it with the wallet (EIP-191 personal_sign) and POST /api/wallet',
  })
  async walletChallenge(
    @Body() body: WalletChallengeRequestDto,
    @CurrentUser() user: SignedInUser,
    @Ctx() ctx: CommandContext,
  ) {
    const chain = this.requireChain();
    const address = await this.acceptableAddress(chain, body.address, user.userId);
    const { createSiweMessage } = await import('viem/siwe');
    const url = new URL(this.config.publicUrl);
    const issuedAt = new Date(ctx.now);
    const expiresAt = new Date(issuedAt.getTime() + CHALLENGE_TTL_MS);
    // 128 random bits, alphanumeric as EIP-4361 asks.
    const nonce = randomBytes(16).toString('hex');
    const message = createSiweMessage({
      domain: url.host,
      uri: url.origin,
      address,
      chainId: chain.chainId,
      nonce,
      version: '1',
      statement: CHALLENGE_STATEMENT,
      issuedAt,
      expirationTime: expiresAt,
    });
    await this.repository.handle(
      walletChallenges,
      walletChallengeStream(user.userId),
      {
        type: 'IssueWalletChallenge',
        personId: user.userId,
        address,
        nonce,
        message,
        issuedAt: issuedAt.toISOString(),
        expiresAt: expiresAt.toISOString(),
      },
      ctx,
    );
    return { message, expiresAt: expiresAt.toISOString() };
  }

  @Post('wallet')
  @ApiCreated(WalletRegisteredDto)
  @ApiOperation({
    summary:
      'Register an address of your own instead of the platform-held one, proven by signing the message of POST /api/wallet/challenge: the identity registry follows (audited as OwnWalletRegistered)',
  })
  async registerWallet(@Body() body: RegisterWalletDto, @CurrentUser() user: SignedInUser, @Ctx() ctx: CommandContext) {
    const chain = this.requireChain();
    const address = await this.acceptableAddress(chain, body.address, user.userId);
    for (const holdings of expectedHoldings(this.outbox.state).values())
      if ((holdings.get(user.userId) ?? 0) > 0) throw new DomainError(WALLET_HOLDS_TOKENS, 409);
    const challenge = await this.signedChallenge(user.userId, address, body);
    const { position } = await this.repository.handle(
      custody,
      CUSTODY_STREAM,
      {
        type: 'RegisterOwnWallet',
        personId: user.userId,
        address,
        registeredBy: user.userId,
        message: body.message,
        challenge,
        now: ctx.now,
      },
      ctx,
    );
    return { address, position };
  }

  @Post('admin/wallet-recoveries')
  @Roles('admin')
  @HttpCode(201)
  @ApiCreated(WalletRecoveryDto)
  @ApiOperation({
    summary:
      'Records that the investor’s identity was re-verified (with how) and opens the recovery of their lost wallet; the investor then proves control of a new address (own wallets), another admin approves (admins only)',
  })
  async requestRecovery(
    @Body() body: WalletRecoveryRequestDto,
    @CurrentUser() user: SignedInUser,
    @Ctx() ctx: CommandContext,
  ) {
    this.requireChain();
    let tokensHeld = 0;
    for (const holdings of expectedHoldings(this.outbox.state).values()) tokensHeld += holdings.get(body.personId) ?? 0;
    const id = randomUUID();
    await this.repository.handle(
      custody,
      CUSTODY_STREAM,
      {
        type: 'RequestWalletRecovery',
        requestId: id,
        personId: body.personId,
        reason: body.reason,
        requestedBy: user.userId,
        tokensHeld,
      },
      ctx,
    );
    return this.recovery(id);
  }

  @Post('wallet/recoveries/:id/proof')
  @HttpCode(201)
  @ApiCreated(WalletRecoveryDto)
  @ApiOperation({
    summary:
      'The investor proves control of their new address for an open recovery, by signing the message of POST /api/wallet/challenge for it',
  })
  async proveRecovery(
    @IdParam() id: string,
    @Body() body: RegisterWalletDto,
    @CurrentUser() user: SignedInUser,
    @Ctx() ctx: CommandContext,
  ) {
    const chain = this.requireChain();
    const known = (await this.repository.load(custody, CUSTODY_STREAM)).state.recoveries.get(id);
    if (!known || known.personId !== user.userId) throw refuse('id', WALLET_RECOVERY_MESSAGES.notFound, 404);
    const address = await this.acceptableAddress(chain, body.address, user.userId);
    const challenge = await this.signedChallenge(user.userId, address, body);
    await this.repository.handle(
      custody,
      CUSTODY_STREAM,
      {
        type: 'ProveWalletRecovery',
        requestId: id,
        personId: user.userId,
        address,
        message: body.message,
        challenge,
        now: ctx.now,
      },
      ctx,
    );
    return this.recovery(id);
  }

  @Post('admin/wallet-recoveries/:id/approve')
  @Roles('admin')
  @HttpCode(201)
  @ApiCreated(WalletRecoveryDto)
  @ApiOperation({
    summary:
      'Another admin approves a recovery (never the requester, never the investor): the tokens move from the lost wallet to the new one on chain (recoveryAddress, then forced transfers), freezes kept (admins only)',
  })
  async approveRecovery(@IdParam() id: string, @CurrentUser() user: SignedInUser, @Ctx() ctx: CommandContext) {
    this.requireChain();
    for (let attempt = 0; attempt < 5; attempt++) {
      const { state } = await this.repository.load(custody, CUSTODY_STREAM);
      const known = state.recoveries.get(id);
      // A custodial wallet is recovered to the next platform-held wallet (its index decided on the stream).
      const account = known?.custodial ? await this.keys.custodyAccount(state.nextIndex) : null;
      try {
        await this.repository.handle(
          custody,
          CUSTODY_STREAM,
          {
            type: 'ApproveWalletRecovery',
            requestId: id,
            approvedBy: user.userId,
            custody: account ? { index: state.nextIndex, address: account.address } : null,
          },
          ctx,
        );
        return this.recovery(id);
      } catch (error) {
        // Another process took that custody index first: read again.
        if (!(account && error instanceof DomainError && error.errors === undefined)) throw error;
      }
    }
    throw new DomainError('The custody stream is busy: try again', 409);
  }

  @Post('admin/wallet-recoveries/:id/cancel')
  @Roles('admin')
  @HttpCode(201)
  @ApiCreated(WalletRecoveryDto)
  @ApiOperation({ summary: 'Cancels an open wallet recovery, with a reason (admins only)' })
  async cancelRecovery(
    @IdParam() id: string,
    @Body() body: WalletRecoveryCancelDto,
    @CurrentUser() user: SignedInUser,
    @Ctx() ctx: CommandContext,
  ) {
    await this.repository.handle(
      custody,
      CUSTODY_STREAM,
      { type: 'CancelWalletRecovery', requestId: id, cancelledBy: user.userId, reason: body.reason },
      ctx,
    );
    return this.recovery(id);
  }

  private async recovery(id: string): Promise<WalletRecoveryDto> {
    const { state } = await this.repository.load(custody, CUSTODY_STREAM);
    const r: WalletRecovery | undefined = state.recoveries.get(id);
    if (!r) throw refuse('id', WALLET_RECOVERY_MESSAGES.notFound, 404);
    const newAddress = r.status === 'approved' ? (state.wallets.get(r.personId) ?? null) : r.proven;
    return {
      id,
      personId: r.personId,
      status: r.status,
      custodial: r.custodial,
      lostAddress: r.lostAddress,
      newAddress,
    };
  }

  /** The challenge issued to this person that the body's message and signature answer for `address`, or a 400. */
  private async signedChallenge(personId: string, address: Address, body: RegisterWalletDto): Promise<IssuedChallenge> {
    const { parseSiweMessage } = await import('viem/siwe');
    const { verifyMessage } = await import('viem');
    const nonce = parseSiweMessage(body.message).nonce;
    const { state } = await this.repository.load(walletChallenges, walletChallengeStream(personId));
    // A nonce from outside indexes a Map, never a plain object.
    const challenge = nonce ? (state.issued.get(nonce) ?? null) : null;
    // The message is checked against the issued one before the signature, so a wrong message says so.
    if (!challenge || challenge.message !== body.message || challenge.address !== address)
      throw refuse('message', WALLET_PROOF_MESSAGES.messageUnknown);
    const signed = await verifyMessage({ address, message: body.message, signature: body.signature as Hex }).catch(
      () => false,
    );
    if (!signed) throw refuse('signature', WALLET_PROOF_MESSAGES.signatureWrong);
    return challenge;
  }

  private requireChain(): ChainPort {
    if (!this.chain) throw new DomainError(WALLET_PROOF_MESSAGES.noChain, 409);
    return this.chain;
  }

  /**
   * The checksummed address, or a 4xx: malformed, zero or burn, one of the platform's own, a contract (an identity
   * registry entry must be an account its holder signs with), or another person's.
   */
  private async acceptableAddress(chain: ChainPort, text: string, personId: string): Promise<Address> {
    // viem is loaded on first use (an app without a chain never loads it); EIP-55 checks need its keccak.
    const { getAddress, isAddress } = await import('viem');
    if (!isAddress(text, { strict: true })) throw refuse('address', WALLET_MESSAGES.address);
    const address = getAddress(text);
    if (BURN_ADDRESSES.has(address.toLowerCase())) throw refuse('address', WALLET_PROOF_MESSAGES.burn);
    if (platformOwnAddresses(this.outbox.state, chain.signer).has(address.toLowerCase()))
      throw refuse('address', WALLET_PROOF_MESSAGES.platform, 422);
    if (await chain.hasCode(address)) throw refuse('address', WALLET_PROOF_MESSAGES.contract, 422);
    // Early, for a clear answer before anyone signs; the custody stream decides it for good.
    const holder = this.outbox.state.walletOwners.get(address.toLowerCase());
    if (holder !== undefined && holder !== personId) throw refuse('address', WALLET_PROOF_MESSAGES.taken, 409);
    return address;
  }
}
