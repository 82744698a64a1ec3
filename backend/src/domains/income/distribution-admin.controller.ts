import { Body, Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { CommandContext } from '../../platform/command-context.js';
import { DomainError } from '../../platform/errors.js';
import { ApiFile, ApiOk, WrittenDto } from '../../platform/http/api-response.js';
import { CurrentUser, Roles, type SignedInUser } from '../../platform/http/auth.js';
import type { HttpReply } from '../../platform/http/http.js';
import { IdParam } from '../../platform/http/ids.js';
import { Ctx } from '../../platform/http/request-context.js';
import { DistributionQueries } from '../../projections/distributions.query.js';
import { DISTRIBUTION_MESSAGES as M, TAX_PROFILE_MESSAGES } from '../../messages.js';
import { nzDate } from '../../platform/nz-time.js';
import { isValidBankAccount, normalBankAccount } from './bank-account.js';
import { directCreditFile } from './direct-credit.js';
import { chainDrift } from './chain-drift.js';
import { TokenViews } from '../tokens/token-views.js';
import { fromCents } from '../offerings/money.js';
import { ExecuteDistributionCommand, RefundDistributionCommand } from './distribution.handlers.js';
import { ConfirmDirectCreditDto, DistributionListDto } from './income.dto.js';
import { RecordDateCheck, type RecordCheck } from './record-check.js';

/** Admins: the distributions awaiting a decision, the approval (four eyes), and the payment run. */
@ApiTags('admin')
@Controller('api/admin')
@Roles('admin')
export class DistributionAdminController {
  constructor(
    private readonly commands: CommandBus,
    private readonly distributions: DistributionQueries,
    private readonly tokens: TokenViews,
    private readonly recordDate: RecordDateCheck,
  ) {}

  /**
   * The lines' holders (the register at the end of the record date) against the chain's balances at that moment,
   * for a funded distribution with a chain; the decider refuses the run on any difference and records the block.
   */
  private async recordCheck(distributionId: string): Promise<RecordCheck | null> {
    if (!this.recordDate.enabled) return null;
    const doc = await this.distributions.get(distributionId);
    if (doc?.status !== 'funded') return null; // the decider answers
    const check = await this.recordDate.check(doc);
    if (check === 'no-token') throw new DomainError(M.recordNoToken, 409);
    return check;
  }

  /**
   * Who is paid in the stablecoin: platform holders with a wallet, when there is a coin (Kauri's test coin on the
   * embedded chain, `STABLECOIN_ADDRESS` on a real network). With a configured coin the platform wallet must hold
   * what the wallet lines' net comes to; the run is refused before anything is recorded when it does not.
   */
  private async stablecoinRun(distributionId: string): Promise<{ wallets: Map<string, string>; coin: string | null }> {
    const stablecoin = this.tokens.stablecoin();
    const doc = await this.distributions.get(distributionId);
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

  /** With a chain, the token's on-chain balances must equal the register's before anyone is paid. */
  private async requireNoDrift(distributionId: string): Promise<void> {
    if (!this.tokens.enabled) return;
    const doc = await this.distributions.get(distributionId);
    if (!doc) return; // the decider answers 404
    await this.tokens.refresh();
    const token = await this.tokens.token(doc.assetId);
    if (token?.status !== 'deployed') return;
    const drift = chainDrift(this.tokens.registerBalances().get(doc.assetId) ?? new Map(), token.holders);
    if (drift.length > 0) throw new DomainError(M.chainDrift, 409);
  }

  @Get('distributions')
  @ApiOk(DistributionListDto)
  @ApiOperation({ summary: 'Distributions, newest first; ?status=proposed for those awaiting approval' })
  @ApiQuery({ name: 'status', required: false })
  async list(@Query('status') status?: string): Promise<DistributionListDto> {
    const filter = status ? { status: String(status) } : {};
    return this.distributions.summaries(await this.distributions.find(filter));
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
    const recordCheck = await this.recordCheck(id);
    const { wallets, coin } = await this.stablecoinRun(id);
    const { position } = await this.commands.execute(
      new ExecuteDistributionCommand(
        {
          type: 'StartPayment',
          distributionId: id,
          adminId: admin.userId,
          wallets,
          coin,
          recordCheck,
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
    description: 'The account the run is paid from: 02-0100-0123454-00',
  })
  async directCredit(
    @IdParam() id: string,
    @Query('fromAccount') fromAccount: string | undefined,
    @Ctx() context: CommandContext,
    @Res() reply: HttpReply,
  ) {
    const from = typeof fromAccount === 'string' ? normalBankAccount(fromAccount) : null;
    // Checked as a payee's is (Inland Revenue's validation): a bank rejects the whole file for a bad payer account.
    if (!from || !isValidBankAccount(from)) {
      const message = from ? TAX_PROFILE_MESSAGES.bankAccountInvalid : TAX_PROFILE_MESSAGES.bankAccount;
      throw new DomainError(message, 400, [{ field: 'fromAccount', message }]);
    }
    const doc = await this.distributions.get(id);
    if (!doc) throw new DomainError(M.notFound, 404);
    if (doc.status !== 'paying') throw new DomainError(M.notPaying, 409);
    const due = doc.lines.filter((l) => l.payment.method === 'direct-credit' && l.payment.status === 'pending');
    const ids = due.flatMap((l) => (l.holderKind === 'platform' && l.investorId ? [l.investorId] : []));
    const [profiles, people] = await Promise.all([
      this.distributions.taxStandings(ids),
      this.distributions.people(ids),
    ]);
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

  @Post('distributions/:id/refund')
  @HttpCode(200)
  @ApiOk(WrittenDto)
  @ApiOperation({
    summary: 'Ask the payment provider again for a cancelled distribution’s refund (after a failure or a crash)',
  })
  async refund(@IdParam() id: string, @Ctx() context: CommandContext): Promise<WrittenDto> {
    const doc = await this.distributions.get(id);
    if (!doc) throw new DomainError(M.notFound, 404);
    const { outcome, reason, position } = await this.commands.execute(new RefundDistributionCommand(id, context));
    if (outcome === 'nothing owed' || position === null) throw new DomainError(M.noRefundOwed, 409);
    if (outcome === 'failed') throw new DomainError(M.refundFailed(reason ?? 'refused'), 402);
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
