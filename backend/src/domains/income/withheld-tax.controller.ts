import { randomUUID } from 'node:crypto';
import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { CommandContext } from '../../platform/command-context.js';
import { DomainError } from '../../platform/errors.js';
import { ApiCreated, ApiOk, CreatedDto, WrittenDto } from '../../platform/http/api-response.js';
import { CurrentUser, Roles, type SignedInUser } from '../../platform/http/auth.js';
import { IdParam } from '../../platform/http/ids.js';
import { Ctx } from '../../platform/http/request-context.js';
import { nzDate } from '../../platform/nz-time.js';
import { WithheldTaxQueries } from '../../projections/tax-payments.query.js';
import { TAX_PAYMENT_MESSAGES as M } from '../../messages.js';
import { fromCents } from '../offerings/money.js';
import { withheldTaxStream } from './events.js';
import { ExecuteTaxPaymentCommand } from './income.handlers.js';
import { RecordTaxPaymentDto, RejectTaxPaymentDto, WithheldTaxDto } from './income.dto.js';
import type { TaxPaymentCommand } from './tax-payment.decider.js';

/**
 * Admins: the tax withheld from distributions, a liability per month and kind until paid to Inland Revenue, and the
 * payments made (recorded by one admin, confirmed by another).
 */
@ApiTags('admin')
@Controller('api/admin/withheld-tax')
@Roles('admin')
export class WithheldTaxController {
  constructor(
    private readonly commands: CommandBus,
    private readonly ledger: WithheldTaxQueries,
  ) {}

  @Get()
  @ApiOk(WithheldTaxDto)
  @ApiOperation({ summary: 'Withheld tax per month and kind: withheld, paid to Inland Revenue, outstanding' })
  async list(): Promise<WithheldTaxDto> {
    const { periods, payments } = await this.ledger.ledger();
    return {
      periods: periods.map((p) => ({
        ...p,
        withheld: fromCents(p.withheld),
        paid: fromCents(p.paid),
        awaiting: fromCents(p.awaiting),
        outstanding: fromCents(p.outstanding),
      })),
      payments: payments.map(({ _id, amount, ...p }) => ({ id: _id, amount: fromCents(amount), ...p })),
    };
  }

  @Post('payments')
  @ApiCreated(CreatedDto)
  @ApiOperation({ summary: 'Record a payment of withheld tax made to Inland Revenue (another admin confirms it)' })
  async record(
    @Body() body: RecordTaxPaymentDto,
    @CurrentUser() admin: SignedInUser,
    @Ctx() context: CommandContext,
  ): Promise<CreatedDto> {
    const paymentId = randomUUID();
    const kind = body.taxKind === 'NRWT' ? 'NRWT' : 'RWT';
    const valid = /^\d{4}-(0[1-9]|1[0-2])$/.test(body.period);
    const withheld = valid ? await this.ledger.withheld(body.period, kind) : 0;
    const { position } = await this.commands.execute(
      new ExecuteTaxPaymentCommand(
        valid ? withheldTaxStream(body.period, kind) : 'withheld-tax-invalid',
        {
          type: 'RecordTaxPayment',
          paymentId,
          ...body,
          adminId: admin.userId,
          withheld,
          today: nzDate(context.now),
          now: context.now,
        },
        context,
      ),
    );
    return { success: true, position, id: paymentId };
  }

  @Post('payments/:id/confirm')
  @HttpCode(200)
  @ApiOk(WrittenDto)
  @ApiOperation({ summary: 'Confirm a payment another admin recorded (four eyes): it reduces what is outstanding' })
  async confirm(
    @IdParam() id: string,
    @CurrentUser() admin: SignedInUser,
    @Ctx() context: CommandContext,
  ): Promise<WrittenDto> {
    return this.decide(
      id,
      { type: 'ConfirmTaxPayment', paymentId: id, adminId: admin.userId, now: context.now },
      context,
    );
  }

  @Post('payments/:id/reject')
  @HttpCode(200)
  @ApiOk(WrittenDto)
  @ApiOperation({
    summary:
      'Reject a recorded payment awaiting confirmation (a wrong amount or reference), with a reason: it no longer counts',
  })
  async reject(
    @IdParam() id: string,
    @Body() body: RejectTaxPaymentDto,
    @CurrentUser() admin: SignedInUser,
    @Ctx() context: CommandContext,
  ): Promise<WrittenDto> {
    return this.decide(
      id,
      { type: 'RejectTaxPayment', paymentId: id, adminId: admin.userId, reason: body.reason, now: context.now },
      context,
    );
  }

  /** A decision on a recorded payment, on its month and kind's stream (found through the read model; else 404). */
  private async decide(
    id: string,
    command: Extract<TaxPaymentCommand, { type: 'ConfirmTaxPayment' | 'RejectTaxPayment' }>,
    context: CommandContext,
  ): Promise<WrittenDto> {
    const payment = await this.ledger.payment(id);
    if (!payment) throw new DomainError(M.notFound, 404);
    const { position } = await this.commands.execute(
      new ExecuteTaxPaymentCommand(withheldTaxStream(payment.period, payment.taxKind), command, context),
    );
    return { success: true, position };
  }
}
