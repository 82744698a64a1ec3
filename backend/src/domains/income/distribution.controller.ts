import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { CommandContext } from '../../platform/command-context.js';
import { DomainError } from '../../platform/errors.js';
import { ApiCreated, ApiFile, ApiOk, WrittenDto } from '../../platform/http/api-response.js';
import { Authenticated, CurrentUser, hasRole, Roles, type SignedInUser } from '../../platform/http/auth.js';
import type { HttpReply } from '../../platform/http/http.js';
import { IdParam } from '../../platform/http/ids.js';
import { Ctx } from '../../platform/http/request-context.js';
import { byIds, type ReadStore } from '../../platform/read-store/read-store.js';
import type { Config } from '../../platform/config.js';
import { CONFIG, READ_STORE } from '../../platform/tokens.js';
import { textPdf } from '../../platform/text-pdf.js';
import { assetsProjection, type AssetDoc } from '../../projections/assets.js';
import {
  distributionsProjection,
  type DistributionDoc,
  type DistributionLineDoc,
} from '../../projections/distributions.js';
import { taxProfilesProjection, taxStandings, type TaxProfileDoc } from '../../projections/tax-profiles.js';
import { peopleById } from '../../projections/users.js';
import { DISTRIBUTION_MESSAGES as M, TAX_PROFILE_MESSAGES } from '../../messages.js';
import { nzDate } from '../../platform/nz-time.js';
import { normalBankAccount } from './bank-account.js';
import { directCreditFile } from './direct-credit.js';
import { chainDrift } from './chain-drift.js';
import { TokenViews } from '../tokens/token-views.js';
import { fromCents } from '../offerings/money.js';
import {
  DeclareDistributionCommand,
  DeclarationInputs,
  ExecuteDistributionCommand,
  FundDistributionCommand,
  type Declaration,
} from './distribution.handlers.js';
import {
  distributionView,
  incomeOf,
  payerReportCsv,
  previewView,
  statementLines,
  type Names,
} from './distribution-views.js';
import {
  CancelDistributionDto,
  ConfirmDirectCreditDto,
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

/** Reads shared by the owner's, the admins' and the investor's views. */
export class DistributionReads {
  constructor(
    private readonly reads: ReadStore,
    /** CHAIN_EXPLORER_URL, for the link to a stablecoin payment's transaction. */
    private readonly explorerUrl: string | null = null,
  ) {}

  collection() {
    return this.reads.collection<DistributionDoc>(distributionsProjection.name);
  }

  async assetNames(assetIds: Iterable<string>): Promise<Map<string, string>> {
    const assets = await byIds(this.reads.collection<AssetDoc>(assetsProjection.name), assetIds);
    return new Map([...assets].map(([id, a]) => [id, a.name]));
  }

  /** Platform investors by their account's name; off-platform holders by the asset's cap table. */
  async lineNames(
    assetId: string,
    lines: readonly { holderKind: string; investorId: string | null }[],
  ): Promise<Names> {
    const people = await peopleById(
      this.reads,
      lines.flatMap((l) => (l.holderKind === 'platform' && l.investorId ? [l.investorId] : [])),
      'Wholesale investor',
    );
    const asset = await this.reads.collection<AssetDoc>(assetsProjection.name).get(assetId);
    const names = new Map<string, string>([...people].map(([id, p]) => [id, p.name]));
    for (const entry of asset?.capTable ?? [])
      if (entry.source === 'off-platform') names.set(entry.investorId, entry.name);
    return names;
  }

  async view(doc: DistributionDoc): Promise<DistributionDto> {
    const [assetNames, names] = await Promise.all([
      this.assetNames([doc.assetId]),
      this.lineNames(doc.assetId, doc.lines),
    ]);
    return distributionView(doc, assetNames.get(doc.assetId) ?? 'Asset', names, this.explorerUrl);
  }

  async summaries(docs: readonly DistributionDoc[]): Promise<DistributionListDto> {
    const [assetNames, owners] = await Promise.all([
      this.assetNames(docs.map((d) => d.assetId)),
      peopleById(
        this.reads,
        docs.map((d) => d.ownerId),
      ),
    ]);
    const distributions = [...docs]
      .sort((a, b) => (a.declaredAt < b.declaredAt ? 1 : -1))
      .map((d) => ({
        id: d._id,
        assetId: d.assetId,
        assetName: assetNames.get(d.assetId) ?? 'Asset',
        ownerId: d.ownerId,
        ownerName: owners.get(d.ownerId)?.name ?? 'Owner',
        kind: d.kind,
        amount: fromCents(d.amount),
        fundingDue: fromCents(d.fundingDue),
        recordDate: d.recordDate,
        paymentDate: d.paymentDate,
        status: d.status,
        declaredAt: d.declaredAt,
        holders: d.lines.filter((l) => l.holderKind !== 'owner').length,
      }));
    return { distributions };
  }
}

/**
 * Distributions of income to a token's holders: the owner previews, declares, funds and may cancel; the investor
 * reads their income and statement; the payer downloads the month's investment income report.
 */
@ApiTags('income')
@Controller('api')
@Authenticated()
export class DistributionController {
  private readonly distributions: DistributionReads;
  private readonly explorerUrl: string | null;

  constructor(
    private readonly commands: CommandBus,
    private readonly inputs: DeclarationInputs,
    @Inject(READ_STORE) private readonly reads: ReadStore,
    @Inject(CONFIG) config: Config,
  ) {
    this.explorerUrl = config.chain.explorerUrl;
    this.distributions = new DistributionReads(reads, this.explorerUrl);
  }

  /** The asset's distribution, seen by its owner or staff; 404 otherwise, revealing nothing. */
  private async visible(assetId: string, distributionId: string, user: SignedInUser): Promise<DistributionDoc> {
    const doc = await this.distributions.collection().get(distributionId);
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
    const asset = await this.reads.collection<AssetDoc>(assetsProjection.name).get(id);
    if (!asset || (asset.ownerId !== user.userId && !hasRole(user, 'admin', 'compliance')))
      throw new DomainError(M.assetNotFound, 404);
    return this.distributions.summaries(await this.distributions.collection().find({ assetId: id }));
  }

  @Get('assets/:id/distributions/:distributionId')
  @ApiOk(DistributionDto)
  @ApiOperation({ summary: 'A distribution with every holder’s line and its payment' })
  async get(
    @IdParam() id: string,
    @IdParam('distributionId') distributionId: string,
    @CurrentUser() user: SignedInUser,
  ): Promise<DistributionDto> {
    return this.distributions.view(await this.visible(id, distributionId, user));
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
      new ExecuteDistributionCommand(
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
    return { success: true, position };
  }

  @Get('income')
  @ApiOk(IncomeDto)
  @ApiOperation({ summary: 'Your income from distributions: each line and the totals per NZ tax year' })
  async income(@CurrentUser() user: SignedInUser): Promise<IncomeDto> {
    const docs = await this.distributions.collection().find({ investorIds: user.userId });
    const assetNames = await this.distributions.assetNames(docs.map((d) => d.assetId));
    return incomeOf(docs, user.userId, assetNames, this.explorerUrl);
  }

  @Get('income/statements/:taxYear')
  @ApiFile(['application/pdf'], 'The annual tax statement for a New Zealand tax year (named by the year it ends)')
  @ApiOperation({ summary: 'Your annual tax statement (PDF) for a tax year, e.g. 2027 = 1 April 2026 – 31 March 2027' })
  async statement(@Param('taxYear') taxYear: string, @CurrentUser() user: SignedInUser, @Res() reply: HttpReply) {
    if (!/^\d{4}$/.test(taxYear)) throw new DomainError('Enter the tax year as the year it ends, e.g. 2027', 400);
    const docs = await this.distributions.collection().find({ investorIds: user.userId });
    const income = incomeOf(docs, user.userId, await this.distributions.assetNames(docs.map((d) => d.assetId)));
    const [person, profile] = await Promise.all([
      peopleById(this.reads, [user.userId]),
      this.reads.collection<TaxProfileDoc>(taxProfilesProjection.name).get(user.userId),
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
    const docs = await this.distributions.collection().find({ ownerId: user.userId });
    const lines = docs.flatMap((d) => d.lines);
    const investorIds = lines.flatMap((l) => (l.holderKind === 'platform' && l.investorId ? [l.investorId] : []));
    const [assetNames, profiles, people] = await Promise.all([
      this.distributions.assetNames(docs.map((d) => d.assetId)),
      taxStandings(this.reads, investorIds),
      peopleById(this.reads, investorIds, 'Wholesale investor'),
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

/** Admins: the distributions awaiting a decision, the approval (four eyes), and the payment run. */
@ApiTags('admin')
@Controller('api/admin')
@Roles('admin')
export class DistributionAdminController {
  private readonly distributions: DistributionReads;

  constructor(
    private readonly commands: CommandBus,
    @Inject(READ_STORE) private readonly reads: ReadStore,
    private readonly tokens: TokenViews,
  ) {
    this.distributions = new DistributionReads(reads);
  }

  /** With a chain, the token's on-chain balances must equal the register's before anyone is paid. */
  private async requireNoDrift(distributionId: string): Promise<void> {
    if (!this.tokens.enabled) return;
    const doc = await this.distributions.collection().get(distributionId);
    if (!doc) return; // the decider answers 404
    await this.tokens.refresh();
    const token = await this.tokens.token(doc.assetId);
    if (token?.status !== 'deployed') return;
    const drift = chainDrift(this.tokens.registerBalances().get(doc.assetId) ?? new Map(), token.holders);
    if (drift.length > 0) throw new DomainError(M.chainDrift, 409);
  }

  /**
   * Who is paid in the stablecoin: platform holders with a wallet, when there is a coin (Kauri's test coin on the
   * embedded chain, `STABLECOIN_ADDRESS` on a real network). With a configured coin the platform wallet must hold
   * what the wallet lines' net comes to; the run is refused before anything is recorded when it does not.
   */
  private async stablecoinRun(distributionId: string): Promise<{ wallets: Map<string, string>; coin: string | null }> {
    const stablecoin = this.tokens.stablecoin();
    const doc = await this.distributions.collection().get(distributionId);
    if (!stablecoin || !doc || doc.status !== 'funded') return { wallets: new Map(), coin: null };
    const wallets = this.tokens.walletsOf(
      doc.lines.flatMap((l) => (l.holderKind === 'platform' && l.investorId ? [l.investorId] : [])),
    );
    if (stablecoin.coin) {
      const needed = doc.lines.reduce(
        (sum, l) => sum + (l.holderKind === 'platform' && l.investorId && wallets.has(l.investorId) ? l.net : 0),
        0,
      );
      const held = await this.tokens.signerBalance(stablecoin.coin);
      if (held < needed) throw new DomainError(M.stablecoinShort(fromCents(needed), fromCents(held)), 409);
    }
    return { wallets, coin: stablecoin.coin };
  }

  @Get('distributions')
  @ApiOk(DistributionListDto)
  @ApiOperation({ summary: 'Distributions, newest first; ?status=proposed for those awaiting approval' })
  @ApiQuery({ name: 'status', required: false })
  async list(@Query('status') status?: string): Promise<DistributionListDto> {
    const filter = status ? { status: String(status) } : {};
    return this.distributions.summaries(await this.distributions.collection().find(filter));
  }

  @Post('distributions/:id/pay')
  @HttpCode(200)
  @ApiOk(WrittenDto)
  @ApiOperation({ summary: 'Start paying a funded distribution on or after its payment date' })
  async pay(
    @IdParam() id: string,
    @CurrentUser() admin: SignedInUser,
    @Ctx() context: CommandContext,
  ): Promise<WrittenDto> {
    await this.requireNoDrift(id);
    const { wallets, coin } = await this.stablecoinRun(id);
    const { position } = await this.commands.execute(
      new ExecuteDistributionCommand(
        {
          type: 'StartPayment',
          distributionId: id,
          adminId: admin.userId,
          wallets,
          coin,
          today: nzDate(context.now),
          now: context.now,
        },
        context,
      ),
    );
    return { success: true, position };
  }

  @Get('distributions/:id/direct-credit.csv')
  @ApiFile(['text/csv'], 'The bulk direct-credit file (BNZ IB4B CSV) of the lines paid by bank transfer')
  @ApiOperation({
    summary: 'The direct-credit file to import into internet banking; lines without a bank account are left out',
  })
  @ApiQuery({
    name: 'fromAccount',
    required: true,
    description: 'The account the run is paid from: 02-0100-0123456-00',
  })
  async directCredit(
    @IdParam() id: string,
    @Query('fromAccount') fromAccount: string | undefined,
    @Ctx() context: CommandContext,
    @Res() reply: HttpReply,
  ) {
    const from = typeof fromAccount === 'string' ? normalBankAccount(fromAccount) : null;
    if (!from)
      throw new DomainError(TAX_PROFILE_MESSAGES.bankAccount, 400, [
        { field: 'fromAccount', message: TAX_PROFILE_MESSAGES.bankAccount },
      ]);
    const doc = await this.distributions.collection().get(id);
    if (!doc) throw new DomainError(M.notFound, 404);
    if (doc.status !== 'paying') throw new DomainError(M.notPaying, 409);
    const due = doc.lines.filter((l) => l.payment.method === 'direct-credit' && l.payment.status === 'pending');
    const ids = due.flatMap((l) => (l.holderKind === 'platform' && l.investorId ? [l.investorId] : []));
    const [profiles, people] = await Promise.all([taxStandings(this.reads, ids), peopleById(this.reads, ids)]);
    const credits = due.flatMap((l) => {
      const account = l.investorId ? profiles.get(l.investorId)?.bankAccount : null;
      if (!account || !l.investorId) return [];
      const name = people.get(l.investorId)?.name ?? 'Investor';
      return [
        {
          account,
          cents: l.net,
          name,
          reference: `D-${id.slice(0, 8)}`,
          code: doc.kind.toUpperCase(),
          particulars: 'KAURI',
        },
      ];
    });
    reply.header('Content-Type', 'text/csv; charset=utf-8');
    reply.header('Content-Disposition', `attachment; filename="direct-credit-${id.slice(0, 8)}.csv"`);
    reply.header('X-Lines-Without-Account', String(due.length - credits.length));
    reply.send(directCreditFile({ account: from, name: 'Kauri' }, doc.paymentDate, nzDate(context.now), credits));
  }

  @Post('distributions/:id/direct-credit/confirm')
  @HttpCode(200)
  @ApiOk(WrittenDto)
  @ApiOperation({
    summary: 'The bank ran the direct credits: those lines are paid (and the distribution when all are)',
  })
  async confirmDirectCredit(
    @IdParam() id: string,
    @Body() body: ConfirmDirectCreditDto,
    @CurrentUser() admin: SignedInUser,
    @Ctx() context: CommandContext,
  ): Promise<WrittenDto> {
    const { position } = await this.commands.execute(
      new ExecuteDistributionCommand(
        {
          type: 'ConfirmDirectCredit',
          distributionId: id,
          adminId: admin.userId,
          bankReference: body.bankReference,
          now: context.now,
        },
        context,
      ),
    );
    return { success: true, position };
  }

  @Post('distributions/:id/approve')
  @HttpCode(200)
  @ApiOk(WrittenDto)
  @ApiOperation({ summary: 'Approve a proposed distribution (never one of your own assets)' })
  async approve(
    @IdParam() id: string,
    @CurrentUser() admin: SignedInUser,
    @Ctx() context: CommandContext,
  ): Promise<WrittenDto> {
    const { position } = await this.commands.execute(
      new ExecuteDistributionCommand(
        { type: 'ApproveDistribution', distributionId: id, adminId: admin.userId, now: context.now },
        context,
      ),
    );
    return { success: true, position };
  }
}
