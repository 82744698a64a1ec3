import { Body, Controller, Get, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiHeader, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { CommandContext } from '../../platform/command-context.js';
import { Ctx, ReadAfter } from '../../platform/http/request-context.js';
import { ProjectionEngine } from '../../platform/projections/projection-engine.js';
import type { ReadStore } from '../../platform/read-store/read-store.js';
import { READ_STORE } from '../../platform/tokens.js';
import { EARLY_ACCESS_ID, earlyAccessProjection, type EarlyAccessDoc } from '../../projections/early-access.js';
import { FEE_FREE_PLACES } from './options.js';
import { EarlyAccessDto, RegisterInterestDto, RegistrationReceiptDto } from './register-interest.dto.js';
import { RegisterInterestCommand } from './register-interest.handler.js';

@ApiTags('register interest')
@Controller('api')
export class RegisterInterestController {
  constructor(
    private readonly commands: CommandBus,
    private readonly engine: ProjectionEngine,
    @Inject(READ_STORE) private readonly reads: ReadStore,
  ) {}

  @Post('register-interest')
  @HttpCode(201)
  @ApiCreatedResponse({ type: RegistrationReceiptDto })
  @ApiBadRequestResponse({ description: "A field is invalid: `{ message, errors: [{ field, message }] }` with the spec's texts" })
  @ApiConflictResponse({ description: 'This e-mail address has already registered interest' })
  register(@Body() form: RegisterInterestDto, @Ctx() context: CommandContext): Promise<RegistrationReceiptDto> {
    return this.commands.execute(new RegisterInterestCommand(form, context));
  }

  @Get('early-access')
  @ApiHeader({ name: 'X-Read-After', required: false, description: 'Wait (briefly) until the read model has passed this position' })
  @ApiOkResponse({ type: EarlyAccessDto })
  async earlyAccess(@ReadAfter() after: number | null): Promise<EarlyAccessDto> {
    if (after) await this.engine.waitFor(after, [earlyAccessProjection.name]);
    const doc = await this.reads.collection<EarlyAccessDoc>(earlyAccessProjection.name).get(EARLY_ACCESS_ID);
    return { waivedPlaces: FEE_FREE_PLACES, placesLeft: doc?.placesLeft ?? FEE_FREE_PLACES, registrations: doc?.registrations ?? 0 };
  }
}
