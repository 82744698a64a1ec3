import { randomUUID } from 'node:crypto';
import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { CommandContext } from '../../platform/command-context.js';
import { DomainError } from '../../platform/errors.js';
import { ApiCreated, ApiOk, CreatedDto, WrittenDto } from '../../platform/http/api-response.js';
import { Authenticated, CurrentUser, hasRole, Roles, type SignedInUser } from '../../platform/http/auth.js';
import { IdParam } from '../../platform/http/ids.js';
import { Ctx } from '../../platform/http/request-context.js';
import { ERROR_TITLES, REVOCATION_MESSAGES } from '../../messages.js';
import { nzLongDate } from '../../platform/nz-time.js';
import {
  CancelInvestmentDto,
  CreateOfferingDto,
  HoldingsDto,
  InvestDto,
  InvestedDto,
  InvestmentRowsDto,
  OfferingCardsDto,
  OfferingsDto,
} from './offering.dto.js';
import { ExecuteOfferingCommand } from './offering.handlers.js';
import { OfferingQueries } from '../../projections/offerings.query.js';
import { HoldingsRead } from './holdings-read.js';

@ApiTags('offerings')
@Controller('api')
@Authenticated()
export class OfferingController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: OfferingQueries,
    private readonly holdingsRead: HoldingsRead,
  ) {}

  @Get('offerings')
  @ApiOk(OfferingCardsDto)
  @ApiOperation({ summary: '{ offerings }: the active offerings, for verified wholesale investors (and admins)' })
  async offerings(@CurrentUser() user: SignedInUser) {
    const admin = hasRole(user, 'admin');
    const standing = admin ? null : await this.queries.wholesaleStanding(user.userId);
    if (standing && !standing.isWholesaleInvestor) {
      throw new DomainError(
        standing.revokedAt
          ? REVOCATION_MESSAGES.revoked(nzLongDate(standing.revokedAt))
          : 'Token offerings are open to verified wholesale investors only',
        403,
        undefined,
        ERROR_TITLES.accessRestricted,
      );
    }
    return { offerings: await this.queries.cards(admin) };
  }

  @Get('my-offerings')
  @ApiOk(OfferingsDto)
  @ApiOperation({ summary: "{ offerings }: offerings of the signed-in owner's assets (for /analytics)" })
  async mine(@CurrentUser() user: SignedInUser) {
    return { offerings: await this.queries.ofOwner(user.userId) };
  }

  @Get('holdings')
  @ApiOk(HoldingsDto)
  @ApiOperation({
    summary:
      "{ holdings }: the signed-in investor's investments, newest first; each with walletAddress, onChainBalance (the wallet's balance of the asset's token) and chainTxHash",
  })
  holdings(@CurrentUser() user: SignedInUser) {
    return this.holdingsRead.of(user.userId);
  }

  @Post('invest')
  @HttpCode(201)
  @ApiCreated(InvestedDto)
  @ApiOperation({
    summary:
      'Invest in an offering: tokensRequested × tokenPrice = investmentAmount, at least the minimum, within the tokens left',
  })
  async invest(
    @Body() body: InvestDto,
    @CurrentUser() user: SignedInUser,
    @Ctx() context: CommandContext,
  ): Promise<InvestedDto> {
    const investmentId = randomUUID();
    const { position, events } = await this.commands.execute(
      new ExecuteOfferingCommand(
        {
          type: 'Invest',
          offeringId: body.offeringId,
          investmentId,
          investorId: user.userId,
          tokens: body.tokensRequested,
          amount: body.investmentAmount,
          now: context.now,
        },
        context,
      ),
    );
    return {
      success: true,
      id: investmentId,
      status: events.includes('InvestmentConfirmed') ? 'confirmed' : 'pending',
      position,
    };
  }
}

/** Admins: create and close offerings; confirm or cancel investments the settlement rule left pending. */
@ApiTags('admin')
@Controller('api/admin')
@Roles('admin')
export class OfferingAdminController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: OfferingQueries,
  ) {}

  @Post('offerings')
  @HttpCode(201)
  @ApiCreated(CreatedDto)
  @ApiOperation({ summary: 'Create an offering for an approved asset (docs/specification.md §7)' })
  async create(@Body() body: CreateOfferingDto, @CurrentUser() admin: SignedInUser, @Ctx() context: CommandContext) {
    const offeringId = randomUUID();
    const { position } = await this.commands.execute(
      new ExecuteOfferingCommand(
        {
          type: 'CreateOffering',
          offeringId,
          assetId: body.assetId,
          name: body.name,
          description: body.description ?? '',
          totalTokens: body.totalTokens,
          tokenPrice: body.tokenPrice,
          // Blank: the token terms' minimum (the decider's default), never a silent NZD 0.
          minimumInvestment: body.minimumInvestment ?? '',
          lockupDays: body.lockupPeriod ?? 0,
          adminId: admin.userId,
        },
        context,
      ),
    );
    return { success: true, id: offeringId, position };
  }

  @Post('offerings/:id/close')
  @HttpCode(200)
  @ApiOk(WrittenDto)
  async close(@IdParam() id: string, @CurrentUser() admin: SignedInUser, @Ctx() context: CommandContext) {
    const { position } = await this.commands.execute(
      new ExecuteOfferingCommand({ type: 'CloseOffering', offeringId: id, adminId: admin.userId }, context),
    );
    return { success: true, position };
  }

  @Get('investments')
  @ApiOk(InvestmentRowsDto)
  @ApiOperation({ summary: 'Investments by status (default pending), oldest first' })
  async investments(@Query('status') status: string | undefined) {
    const wanted = status === 'confirmed' || status === 'cancelled' ? status : 'pending';
    // Named rows: the dialog that confirms one names the investor, the asset and the amount.
    return { investments: await this.queries.investmentRows(wanted) };
  }

  @Post('investments/:offeringId/:investmentId/confirm')
  @HttpCode(200)
  @ApiOk(WrittenDto)
  async confirm(
    @IdParam('offeringId') offeringId: string,
    @IdParam('investmentId') investmentId: string,
    @CurrentUser() admin: SignedInUser,
    @Ctx() context: CommandContext,
  ) {
    const { position } = await this.commands.execute(
      new ExecuteOfferingCommand(
        { type: 'ConfirmInvestment', offeringId, investmentId, adminId: admin.userId },
        context,
      ),
    );
    return { success: true, position };
  }

  @Post('investments/:offeringId/:investmentId/cancel')
  @HttpCode(200)
  @ApiOk(WrittenDto)
  async cancel(
    @IdParam('offeringId') offeringId: string,
    @IdParam('investmentId') investmentId: string,
    @Body() body: CancelInvestmentDto,
    @CurrentUser() admin: SignedInUser,
    @Ctx() context: CommandContext,
  ) {
    const { position } = await this.commands.execute(
      new ExecuteOfferingCommand(
        { type: 'CancelInvestment', offeringId, investmentId, adminId: admin.userId, reason: body.reason },
        context,
      ),
    );
    return { success: true, position };
  }
}
