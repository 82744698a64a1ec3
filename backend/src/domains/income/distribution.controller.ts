import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { CommandContext } from '../../platform/command-context.js';
import { DomainError } from '../../platform/errors.js';
import { ApiCreated, ApiFile, ApiOk, WrittenDto } from '../../platform/http/api-response.js';
import { Authenticated, CurrentUser, hasRole, type SignedInUser } from '../../platform/http/auth.js';
import type { HttpReply } from '../../platform/http/http.js';
import { IdParam } from '../../platform/http/ids.js';
import { Ctx } from '../../platform/http/request-context.js';
import type { Config } from '../../platform/config.js';
import { CONFIG } from '../../platform/injection-keys.js';
import { DistributionQueries } from '../../projections/distributions.query.js';
import { textPdf } from '../../platform/text-pdf.js';
import { type DistributionDoc, type DistributionLineDoc } from '../../projections/distributions.js';
import { DISTRIBUTION_MESSAGES as M } from '../../messages.js';
import {
  DeclareDistributionCommand,
  DeclarationInputs,
  CancelDistributionCommand,
  RefundDistributionCommand,
  FundDistributionCommand,
  type Declaration,
} from './distribution.handlers.js';
import { incomeOf, payerReportCsv, previewView, statementLines } from './distribution-views.js';
import {
  CancelDistributionDto,
  DeclareDistributionDto,
  DeclaredDto,
  DistributionDto,
  DistributionListDto,
  DistributionPreviewDto,
  FundDistributionDto,
  IncomeDto,
} from './income.dto.js';

const form = (body: DeclareDistributionDto): Declaration => ({
  kind: body.kind,
  amount: body.amount,
  imputationCredits: body.imputationCredits ?? null,
  recordDate: body.recordDate,
  paymentDate: body.paymentDate,
});

/**
 * Distributions of income to a token's holders: the owner previews, declares, funds and may cancel; the investor
 * reads their income and statement; the payer downloads the month's investment income report.
 */
@ApiTags('income')
@Controller('api')
@Authenticated()
export class DistributionController {
  /** CHAIN_EXPLORER_URL, for the link to a stablecoin payment's transaction. */
  private readonly explorerUrl: string | null;

  constructor(
    private readonly commands: CommandBus,
    private readonly inputs: DeclarationInputs,
    private readonly distributions: DistributionQueries,
    @Inject(CONFIG) config: Config,
  ) {
    this.explorerUrl = config.chain.explorerUrl;
  }

  /** The asset's distribution, seen by its owner or staff; 404 otherwise, revealing nothing. */
  private async visible(assetId: string, distributionId: string, user: SignedInUser): Promise<DistributionDoc> {
    const doc = await this.distributions.get(distributionId);
    if (!doc || doc.assetId !== assetId || (doc.ownerId !== user.userId && !hasRole(user, 'admin', 'compliance')))
      throw new DomainError(M.notFound, 404);
    return doc;
  }

  @Post('assets/:id/distributions/preview')
  @HttpCode(200)
  @ApiOk(DistributionPreviewDto)
  @ApiOperation({ summary: 'Every holder’s line as a declaration would fix it (nothing is recorded)' })
  async preview(
    @IdParam() id: string,
    @Body() body: DeclareDistributionDto,
    @CurrentUser() user: SignedInUser,
    @Ctx() context: CommandContext,
  ): Promise<DistributionPreviewDto> {
    const data = await this.inputs.preview(id, user.userId, form(body), context);
    return previewView(data, await this.distributions.lineNames(id, data.lines));
  }

  @Post('assets/:id/distributions')
  @HttpCode(201)
  @ApiCreated(DeclaredDto)
  @ApiOperation({ summary: 'Declare a distribution: kind, amount, record and payment dates, imputation credits' })
  async declare(
    @IdParam() id: string,
    @Body() body: DeclareDistributionDto,
    @CurrentUser() user: SignedInUser,
    @Ctx() context: CommandContext,
  ): Promise<DeclaredDto> {
    const { id: distributionId, position } = await this.commands.execute(
      new DeclareDistributionCommand(id, user.userId, form(body), context),
    );
    return { success: true, id: distributionId, status: 'proposed', position };
  }

  @Get('assets/:id/distributions')
  @ApiOk(DistributionListDto)
  @ApiOperation({ summary: 'The asset’s distributions, newest first (its owner, admins)' })
  async list(@IdParam() id: string, @CurrentUser() user: SignedInUser): Promise<DistributionListDto> {
    const asset = await this.distributions.asset(id);
    if (!asset || (asset.ownerId !== user.userId && !hasRole(user, 'admin', 'compliance')))
      throw new DomainError(M.assetNotFound, 404);
    return this.distributions.summaries(await this.distributions.find({ assetId: id }));
  }

  @Get('assets/:id/distributions/:distributionId')
  @ApiOk(DistributionDto)
  @ApiOperation({ summary: 'A distribution with every holder’s line and its payment' })
  async get(
    @IdParam() id: string,
    @IdParam('distributionId') distributionId: string,
    @CurrentUser() user: SignedInUser,
  ): Promise<DistributionDto> {
    return this.distributions.view(this.explorerUrl, await this.visible(id, distributionId, user));
  }

  @Post('assets/:id/distributions/:distributionId/fund')
  @HttpCode(200)
  @ApiOk(WrittenDto)
  @ApiOperation({ summary: 'Fund an approved distribution by card (the holders’ gross); 402 when declined' })
  async fund(
    @IdParam() id: string,
    @IdParam('distributionId') distributionId: string,
    @Body() body: FundDistributionDto,
    @CurrentUser() user: SignedInUser,
    @Ctx() context: CommandContext,
  ): Promise<WrittenDto> {
    await this.visible(id, distributionId, user);
    const card =
      body.number !== undefined ? { number: body.number, expiry: body.expiry ?? '', cvc: body.cvc ?? '' } : null;
    const { position } = await this.commands.execute(
      new FundDistributionCommand(
        distributionId,
        user.userId,
        { card, paymentMethodId: body.paymentMethodId ?? null },
        context,
      ),
    );
    return { success: true, position };
  }

  @Post('assets/:id/distributions/:distributionId/cancel')
  @HttpCode(200)
  @ApiOk(WrittenDto)
  @ApiOperation({ summary: 'Cancel before paying (the owner or an admin), with a reason' })
  async cancel(
    @IdParam() id: string,
    @IdParam('distributionId') distributionId: string,
    @Body() body: CancelDistributionDto,
    @CurrentUser() user: SignedInUser,
    @Ctx() context: CommandContext,
  ): Promise<WrittenDto> {
    await this.visible(id, distributionId, user);
    const { position } = await this.commands.execute(
      new CancelDistributionCommand(
        {
          type: 'CancelDistribution',
          distributionId,
          userId: user.userId,
          isAdmin: hasRole(user, 'admin'),
          reason: body.reason,
        },
        context,
      ),
    );
    // What was funded goes back to the owner's card now; a provider that cannot be reached leaves the refund
    // pending, shown to operations, who ask again (the same key: never two refunds).
    const refund = await this.commands
      .execute(new RefundDistributionCommand(distributionId, context))
      .catch(() => ({ position: null }));
    return { success: true, position: refund.position ?? position };
  }

  @Get('income')
  @ApiOk(IncomeDto)
  @ApiOperation({ summary: 'Your income from distributions: each line and the totals per NZ tax year' })
  async income(@CurrentUser() user: SignedInUser): Promise<IncomeDto> {
    const docs = await this.distributions.find({ investorIds: user.userId });
    const assetNames = await this.distributions.assetNames(docs.map((d) => d.assetId));
    return incomeOf(docs, user.userId, assetNames, this.explorerUrl);
  }

  @Get('income/statements/:taxYear')
  @ApiFile(['application/pdf'], 'The annual tax statement for a New Zealand tax year (named by the year it ends)')
  @ApiOperation({ summary: 'Your annual tax statement (PDF) for a tax year, e.g. 2027 = 1 April 2026 – 31 March 2027' })
  async statement(@Param('taxYear') taxYear: string, @CurrentUser() user: SignedInUser, @Res() reply: HttpReply) {
    if (!/^\d{4}$/.test(taxYear)) throw new DomainError('Enter the tax year as the year it ends, e.g. 2027', 400);
    const docs = await this.distributions.find({ investorIds: user.userId });
    const income = incomeOf(docs, user.userId, await this.distributions.assetNames(docs.map((d) => d.assetId)));
    const [person, profile] = await Promise.all([
      this.distributions.people([user.userId]),
      this.distributions.taxProfile(user.userId),
    ]);
    const lines = statementLines(income, Number(taxYear), {
      name: person.get(user.userId)?.name ?? 'Investor',
      irdNumber: profile?.irdNumber ?? null,
    });
    reply.header('Content-Type', 'application/pdf');
    reply.header('Content-Disposition', `attachment; filename="kauri-tax-statement-${taxYear}.pdf"`);
    reply.send(textPdf('Kauri investment income statement', lines));
  }

  @Get('income-report.csv')
  @ApiFile(['text/csv'], 'The payer’s investment income report for a month')
  @ApiOperation({
    summary: 'Your distributions paid in a month: per recipient what Inland Revenue asks for, and totals',
  })
  @ApiQuery({ name: 'month', required: true, description: 'YYYY-MM' })
  async payerReport(
    @Query('month') month: string | undefined,
    @CurrentUser() user: SignedInUser,
    @Res() reply: HttpReply,
  ) {
    if (typeof month !== 'string' || !/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) {
      const message = 'Enter the month as YYYY-MM';
      throw new DomainError(message, 400, [{ field: 'month', message }]);
    }
    const docs = await this.distributions.find({ ownerId: user.userId });
    const lines = docs.flatMap((d) => d.lines);
    const investorIds = lines.flatMap((l) => (l.holderKind === 'platform' && l.investorId ? [l.investorId] : []));
    const [assetNames, profiles, people] = await Promise.all([
      this.distributions.assetNames(docs.map((d) => d.assetId)),
      this.distributions.taxStandings(investorIds),
      this.distributions.people(investorIds, 'Wholesale investor'),
    ]);
    const holderNames = new Map<string, string>();
    for (const assetId of new Set(docs.map((d) => d.assetId)))
      for (const [id, name] of await this.distributions.lineNames(assetId, [])) holderNames.set(id, name);
    const recipient = (line: DistributionLineDoc) => {
      const id = line.investorId ?? '';
      if (line.holderKind === 'platform') {
        const profile = profiles.get(id);
        return {
          name: people.get(id)?.name ?? 'Wholesale investor',
          irdNumber: profile?.irdNumber ?? null,
          dateOfBirth: profile?.dateOfBirth ?? null,
        };
      }
      return { name: holderNames.get(id) ?? 'Off-platform holder', irdNumber: null, dateOfBirth: null };
    };
    reply.header('Content-Type', 'text/csv; charset=utf-8');
    reply.header('Content-Disposition', `attachment; filename="investment-income-${month}.csv"`);
    reply.send(payerReportCsv(docs, month, recipient, assetNames));
  }
}
