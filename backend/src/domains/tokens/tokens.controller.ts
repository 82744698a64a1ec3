import { randomBytes } from 'node:crypto';
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
import { TRANSFER_BLOCKED, TRANSFER_MESSAGES } from '../../messages.js';
import { AssetQueries } from '../../projections/assets.query.js';
import { TransferQueries } from '../../projections/transfers.query.js';
import { ChainOutbox } from './chain-outbox.js';
import { custody } from './custody.decider.js';
import { walletChallenges } from './wallet-challenges.decider.js';
import { CUSTODY_STREAM, walletChallengeStream } from './events.js';
import { expectedHoldings } from './flow.js';
import { TokenViews } from './token-views.js';
import { WALLET_PROOF_STATEMENTS, WalletProofs } from './wallet-proofs.js';
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

const NO_TOKEN = 'This asset has no token on a chain';
/** A chain transaction id as the flow makes them (`c<chainId>-…`). */
const TX_ID = /^c\d{1,12}-[A-Za-z0-9-]{1,200}$/;
/** A signed message proves control for this long (the 10 minutes). */
export const CHALLENGE_TTL_MS = 10 * 60_000;
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
    private readonly proofs: WalletProofs,
    @Inject(CHAIN) private readonly chain: ChainPort | null,
    @Inject(CONFIG) private readonly config: Config,
    private readonly assets: AssetQueries,
    private readonly transfers: TransferQueries,
  ) {}

  @Get('assets/:id/token')
  @ApiOk(TokenDto)
  @ApiOperation({
    summary:
      '{ chainId, tokenAddress, identityRegistryAddress, complianceAddress, symbol, decimals, totalSupply, status, explorerUrl, holders, transactions }: the asset’s ERC-3643 token',
  })
  async token(@IdParam() assetId: string, @CurrentUser() user: SignedInUser) {
    // Seen by whoever may see the asset's page (its owner, staff, its investors, wholesale investors while it is
    // offered); to anyone else the token does not exist, as the asset does not.
    const asset = await this.assets.get(assetId);
    if (!asset || !(await this.assets.access(user, asset))) throw new DomainError(NO_TOKEN, 404);
    const view = await this.views.token(assetId);
    if (!view) throw new DomainError(NO_TOKEN, 404);
    // Holders are persons: only the asset's owner and admins see who they are (addresses are public on chain).
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
      'Asks again for a failed transfer, mint, lock-up, registry change, freeze or wallet-recovery step once its cause is dealt with; a recipient whose wallet the registry lacks is registered first (admins only)',
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
    const chain = this.proofs.requireChain();
    const address = await this.proofs.acceptableAddress(chain, body.address, user.userId);
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
      statement: WALLET_PROOF_STATEMENTS[body.purpose ?? 'wallet'],
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
    const chain = this.proofs.requireChain();
    const address = await this.proofs.acceptableAddress(chain, body.address, user.userId);
    for (const holdings of expectedHoldings(this.outbox.state).values())
      if ((holdings.get(user.userId) ?? 0) > 0) throw new DomainError(WALLET_HOLDS_TOKENS, 409);
    // A buyer holding nothing yet may have a transfer settling into their custody wallet: switching now would strand
    // it (the chain refuses a DvP to an own wallet), as a recovery would (found by an outside probe).
    const settling = await this.transfers.settlingOf(user.userId);
    if (settling) throw new DomainError(TRANSFER_MESSAGES.settlingWallet(settling), 409);
    const challenge = await this.proofs.signedChallenge(user.userId, address, body, 'wallet');
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
}
