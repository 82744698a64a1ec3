import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { CommandContext } from '../../platform/command-context.js';
import { DomainError } from '../../platform/errors.js';
import { ApiCreated, ApiOk, ApiRefusals } from '../../platform/http/api-response.js';
import { Authenticated, CurrentUser, hasRole, Roles, type SignedInUser } from '../../platform/http/auth.js';
import { IdParam } from '../../platform/http/ids.js';
import { Ctx } from '../../platform/http/request-context.js';
import { type TransferAsset, TransferQueries } from '../../projections/transfers.query.js';
import { statusAt, type TransferDoc } from '../../projections/transfers.js';
import { TRANSFER_MESSAGES as M } from '../../messages.js';
import { fromCents } from '../offerings/money.js';
import {
  AbandonTransferDto,
  ProposeTransferDto,
  TransferCreatedDto,
  TransferDto,
  TransferListDto,
  TransferWrittenDto,
} from './transfer.dto.js';
import { Transfers } from './transfers.service.js';

const view = (
  doc: TransferDoc,
  userId: string,
  asset: TransferAsset | undefined,
  now = new Date().toISOString(),
): TransferDto => ({
  id: doc._id,
  assetId: doc.assetId,
  assetName: asset?.name ?? '',
  approver: asset?.approver ?? 'owner',
  fromInvestorId: doc.fromInvestorId,
  toInvestorId: doc.toInvestorId,
  tokens: doc.tokens,
  pricePerToken: fromCents(doc.priceCents),
  amount: fromCents(doc.priceCents * doc.tokens),
  status: statusAt(doc, now),
  txHash: doc.txHash,
  refusal: doc.refusal,
  // A document folded before the read model knew abandonments has none.
  abandonReason: doc.abandonReason ?? null,
  role:
    doc.fromInvestorId === userId
      ? 'seller'
      : doc.toInvestorId === userId
        ? 'buyer'
        : doc.ownerId === userId
          ? 'owner'
          : 'admin',
  proposedAt: doc.proposedAt,
  expiresAt: doc.expiresAt,
});

/**
 * Transfers between two investors who already agreed (issue 32) — bilateral only, no market (README, FMC Act
 * s 309). Only the parties and the asset's owner see a transfer; anyone else gets 404.
 */
@ApiTags('transfers')
@Controller('api/transfers')
@Authenticated()
export class TransfersController {
  constructor(
    private readonly transfers: Transfers,
    private readonly queries: TransferQueries,
  ) {}

  /** A command's transfer, judged on its stream (as the command is): 404 to anyone it does not concern. */
  private async actsOn(id: string, user: SignedInUser): Promise<void> {
    const concerned = await this.transfers.concerned(id);
    const mayAct =
      concerned &&
      (concerned.sellerId === user.userId ||
        concerned.buyerId === user.userId ||
        concerned.ownerId === user.userId ||
        hasRole(user, 'admin'));
    if (!mayAct) throw new DomainError(M.notFound, 404);
  }

  private async visible(id: string, user: SignedInUser): Promise<TransferDoc> {
    const doc = await this.queries.get(id);
    const party = doc && (doc.fromInvestorId === user.userId || doc.toInvestorId === user.userId);
    const approver = doc && (doc.ownerId === user.userId || hasRole(user, 'admin'));
    if (!doc || (!party && !approver)) throw new DomainError(M.notFound, 404);
    return doc;
  }

  @Post()
  @ApiCreated(TransferCreatedDto)
  @ApiOperation({ summary: 'The seller proposes a transfer of some of their tokens to a named verified investor' })
  @ApiRefusals({
    400: 'A field is invalid (tokens, price per token, the total, a transfer to yourself): `{ message, errors }`',
    404: "'Asset not found', or 'The buyer is not a Kauri investor'",
    409: 'The checks refuse it: the asset is not approved; the buyer is not verified, lapsed or revoked, frozen or has no custody wallet; the tokens are frozen, locked up or claimed by other transfers; the holder limit; no chain or stablecoin',
  })
  propose(@Body() body: ProposeTransferDto, @CurrentUser() user: SignedInUser, @Ctx() context: CommandContext) {
    return this.transfers.propose(body, user.userId, context);
  }

  @Get()
  @ApiOk(TransferListDto)
  @ApiOperation({ summary: 'The signed-in person’s transfers, as seller, buyer or the asset’s owner' })
  async list(@CurrentUser() user: SignedInUser): Promise<TransferListDto> {
    const docs = await this.queries.of(user.userId);
    const assets = await this.queries.assetsOf(new Set(docs.map((d) => d.assetId)));
    return { transfers: docs.map((d) => view(d, user.userId, assets.get(d.assetId))) };
  }

  @Get('asset/:id')
  @Roles('admin')
  @ApiOk(TransferListDto)
  @ApiOperation({ summary: 'Every transfer of an asset, newest first, for its screen (admins only)' })
  async ofAsset(@IdParam() id: string, @CurrentUser() user: SignedInUser): Promise<TransferListDto> {
    const docs = await this.queries.ofAsset(id);
    const assets = await this.queries.assetsOf([id]);
    return { transfers: docs.map((d) => view(d, user.userId, assets.get(id))) };
  }

  @Get(':id')
  @ApiOk(TransferDto)
  @ApiOperation({ summary: 'One transfer (its parties and the asset’s owner only)' })
  async get(@IdParam() id: string, @CurrentUser() user: SignedInUser): Promise<TransferDto> {
    const doc = await this.visible(id, user);
    const assets = await this.queries.assetsOf([doc.assetId]);
    return view(doc, user.userId, assets.get(doc.assetId));
  }

  @Post(':id/accept')
  @HttpCode(200)
  @ApiOk(TransferWrittenDto)
  @ApiOperation({ summary: 'The buyer accepts (the checks run again)' })
  @ApiRefusals({
    400: "'Invalid id'",
    403: "'Only the buyer can accept this transfer'",
    404: "'Transfer not found' (also to anyone it does not concern)",
    409: 'No longer proposed, expired, or the checks now refuse it',
  })
  async accept(@IdParam() id: string, @CurrentUser() user: SignedInUser, @Ctx() context: CommandContext) {
    await this.actsOn(id, user);
    return this.transfers.step('accept', id, user.userId, hasRole(user, 'admin'), context);
  }

  @Post(':id/approve')
  @HttpCode(200)
  @ApiOk(TransferWrittenDto)
  @ApiOperation({ summary: 'The asset’s owner (or an admin) approves: the checks run again, then settlement starts' })
  @ApiRefusals({
    400: "'Invalid id'",
    403: 'Not the asset’s owner or an admin (for some assets, only admins); a party to the transfer may not approve it (four eyes)',
    404: "'Transfer not found' (also to anyone it does not concern)",
    409: 'Already approved, not accepted yet, ended or expired, or the checks now refuse it',
  })
  async approve(@IdParam() id: string, @CurrentUser() user: SignedInUser, @Ctx() context: CommandContext) {
    await this.actsOn(id, user);
    return this.transfers.step('approve', id, user.userId, hasRole(user, 'admin'), context);
  }

  @Post(':id/retry')
  @Roles('admin')
  @HttpCode(200)
  @ApiOk(TransferWrittenDto)
  @ApiOperation({
    summary:
      'An admin asks a failed settlement again once its cause is dealt with: the checks run again, then each failed DvP step is asked of the chain again (admins only)',
  })
  @ApiRefusals({
    400: "'Invalid id'",
    403: 'A party to the transfer may not retry its settlement (four eyes)',
    404: "'Transfer not found'",
    409: 'Not failed, abandoned, or no failed step to ask again; or the checks now refuse it',
  })
  async retry(@IdParam() id: string, @CurrentUser() user: SignedInUser, @Ctx() context: CommandContext) {
    await this.actsOn(id, user);
    return this.transfers.retrySettlement(id, user.userId, context);
  }

  @Post(':id/abandon')
  @Roles('admin')
  @HttpCode(200)
  @ApiOk(TransferWrittenDto)
  @ApiOperation({
    summary:
      'An admin who is not a party gives up on a failed settlement whose cause does not go away, with a reason: the transfer ends abandoned and what its DvP left open on chain is undone (admins only)',
  })
  @ApiRefusals({
    400: "'Invalid id', or no reason given: `{ message, errors }`",
    403: 'A party to the transfer may not abandon it (four eyes)',
    404: "'Transfer not found'",
    409: 'Settled, still settling, still open, already ended or already abandoned',
  })
  async abandon(
    @IdParam() id: string,
    @Body() body: AbandonTransferDto,
    @CurrentUser() user: SignedInUser,
    @Ctx() context: CommandContext,
  ) {
    await this.actsOn(id, user);
    return this.transfers.abandon(id, user.userId, hasRole(user, 'admin'), body.reason, context);
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @ApiOk(TransferWrittenDto)
  @ApiOperation({ summary: 'Either party cancels before settlement starts' })
  @ApiRefusals({
    400: "'Invalid id'",
    404: "'Transfer not found' (also to anyone but its parties)",
    409: 'Settlement has started or the transfer has ended: it can no longer be cancelled',
  })
  async cancel(@IdParam() id: string, @CurrentUser() user: SignedInUser, @Ctx() context: CommandContext) {
    await this.actsOn(id, user);
    return this.transfers.cancel(id, user.userId, context);
  }
}
