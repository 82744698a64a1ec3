import { Body, Controller, Get, Inject, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AggregateRepository } from '../../platform/aggregate-repository.js';
import type { ChainPort } from '../../platform/chain/chain.js';
import type { CommandContext } from '../../platform/command-context.js';
import { DomainError } from '../../platform/errors.js';
import { Authenticated, CurrentUser, hasRole, type SignedInUser } from '../../platform/http/auth.js';
import { IdParam } from '../../platform/http/ids.js';
import { ApiCreated, ApiOk } from '../../platform/http/api-response.js';
import { Ctx } from '../../platform/http/request-context.js';
import { CHAIN } from '../../platform/tokens.js';
import { ChainOutbox } from './chain-outbox.js';
import { custody, WALLET_MESSAGES } from './deciders.js';
import { CUSTODY_STREAM } from './events.js';
import { expectedHoldings } from './flow.js';
import { TokenViews } from './token-views.js';
import { RegisterWalletDto, TokenDto, WalletDto, WalletRegisteredDto } from './tokens.dto.js';

const NO_TOKEN = 'This asset has no token on a chain';
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
    @Inject(CHAIN) private readonly chain: ChainPort | null,
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

  @Post('wallet')
  @ApiCreated(WalletRegisteredDto)
  @ApiOperation({
    summary:
      'Register an address of your own instead of the platform-held one: the identity registry follows (audited as OwnWalletRegistered)',
  })
  async registerWallet(@Body() body: RegisterWalletDto, @CurrentUser() user: SignedInUser, @Ctx() ctx: CommandContext) {
    // viem is loaded on first use (an app without a chain never loads it); EIP-55 checks need its keccak.
    const { getAddress, isAddress } = await import('viem');
    if (!isAddress(body.address, { strict: true }) || /^0x0{40}$/i.test(body.address))
      throw new DomainError(WALLET_MESSAGES.address, 400, [{ field: 'address', message: WALLET_MESSAGES.address }]);
    const address = getAddress(body.address);
    if (this.chain && address === this.chain.signer)
      throw new DomainError(WALLET_MESSAGES.taken, 409, [{ field: 'address', message: WALLET_MESSAGES.taken }]);
    for (const holdings of expectedHoldings(this.outbox.state).values())
      if ((holdings.get(user.userId) ?? 0) > 0) throw new DomainError(WALLET_HOLDS_TOKENS, 409);
    const { position } = await this.repository.handle(
      custody,
      CUSTODY_STREAM,
      { type: 'RegisterOwnWallet', personId: user.userId, address, registeredBy: user.userId },
      ctx,
    );
    return { address, position };
  }
}
