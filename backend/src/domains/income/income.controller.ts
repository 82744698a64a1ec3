import { Body, Controller, Get, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { CommandContext } from '../../platform/command-context.js';
import { ApiOk, ApiRefusals, WrittenDto } from '../../platform/http/api-response.js';
import { Authenticated, CurrentUser, type SignedInUser } from '../../platform/http/auth.js';
import { Ctx } from '../../platform/http/request-context.js';
import { DistributionQueries } from '../../projections/distributions.query.js';
import { TaxProfileDto, TaxProfileViewDto } from './income.dto.js';
import { ExecuteTaxProfileCommand } from './income.handlers.js';
import { formatBankAccount } from './bank-account.js';
import { NO_PROFILE } from './tax.js';

/** The signed-in person's tax profile: what the payer of their income withholds by. */
@ApiTags('income')
@Controller('api')
@Authenticated()
export class TaxProfileController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: DistributionQueries,
  ) {}

  @Get('tax-profile')
  @ApiOk(TaxProfileViewDto)
  @ApiOperation({ summary: 'Your tax profile (a resident without an IRD number until you save one)' })
  async get(@CurrentUser() user: SignedInUser): Promise<TaxProfileViewDto> {
    const doc = await this.queries.taxProfile(user.userId);
    if (!doc) return { saved: false, ...NO_PROFILE, dateOfBirth: null, bankAccount: null, savedAt: null };
    const { residency, irdNumber, rwtRate, treatyCountry, dateOfBirth, bankAccount, savedAt } = doc;
    return {
      saved: true,
      residency,
      irdNumber,
      rwtRate,
      treatyCountry,
      dateOfBirth,
      bankAccount: bankAccount && formatBankAccount(bankAccount),
      savedAt,
    };
  }

  @Put('tax-profile')
  @ApiOk(WrittenDto)
  @ApiOperation({
    summary: 'Save your tax profile: residency, IRD number (check digit), elected RWT rate, treaty country',
  })
  @ApiRefusals({
    400: "A field is invalid (residency, the IRD number's check digit, an RWT rate or one without an IRD number, treaty country, date of birth, bank account): `{ message, errors: [{ field, message }] }`",
  })
  async save(@Body() body: TaxProfileDto, @CurrentUser() user: SignedInUser, @Ctx() context: CommandContext) {
    const { position } = await this.commands.execute(
      new ExecuteTaxProfileCommand(
        {
          type: 'SaveTaxProfile',
          userId: user.userId,
          residency: body.residency,
          irdNumber: body.irdNumber ?? null,
          rwtRate: body.rwtRate ?? null,
          treatyCountry: body.treatyCountry ?? null,
          dateOfBirth: body.dateOfBirth ?? null,
          bankAccount: body.bankAccount ?? null,
          now: context.now,
        },
        context,
      ),
    );
    return { success: true, position };
  }
}
