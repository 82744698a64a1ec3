import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { HttpReply } from '../../platform/http/http.js';
import type { CommandContext } from '../../platform/command-context.js';
import type { Config } from '../../platform/config.js';
import { Ctx } from '../../platform/http/request-context.js';
import { sendSerialized } from '../../platform/http/serialized.js';
import type { KauriRequest } from '../../platform/http/request-context.js';
import { clientAddress, type RateLimiter, RateLimits, refuseWhileWaiting } from '../../platform/rate-limit.js';
import { EarlyAccessQueries } from '../../projections/early-access-places.query.js';
import { CONFIG } from '../../platform/injection-keys.js';
import {
  ConfirmationReceiptDto,
  ConfirmInterestDto,
  EarlyAccessDto,
  RegisterInterestDto,
  RegistrationReceiptDto,
} from './early-access.dto.js';
import { ConfirmInterestCommand, RegisterInterestCommand } from './early-access.handlers.js';

const HOUR_MS = 60 * 60 * 1000;

@ApiTags('register interest')
@Controller('api')
export class EarlyAccessController {
  /** Registrations per client address: a script cannot fill the register (nor the 100 places) from one address. */
  private readonly perIp: RateLimiter;

  constructor(
    private readonly commands: CommandBus,
    private readonly earlyAccessPlaces: EarlyAccessQueries,
    @Inject(CONFIG) config: Config,
    private readonly limits: RateLimits,
  ) {
    this.perIp = limits.limiter('register-interest:address', config.registerInterestRateLimitPerIp, HOUR_MS);
  }

  @Post('register-interest')
  @HttpCode(201)
  @ApiOperation({
    summary: 'Register interest; a confirmation link is e-mailed to the address',
    description:
      'The registration counts toward the first 100 (sign-on fee waived) once confirmed through the link ' +
      '(POST /api/register-interest/confirm).',
  })
  @ApiCreatedResponse({ type: RegistrationReceiptDto })
  @ApiBadRequestResponse({
    description: "A field is invalid: `{ message, errors: [{ field, message }] }` with the spec's texts",
  })
  @ApiConflictResponse({ description: "'This email address has already registered interest.'" })
  @ApiTooManyRequestsResponse({ description: "'Too many attempts. Please try again in N minutes.' with Retry-After" })
  async register(
    @Body() form: RegisterInterestDto,
    @Ctx() context: CommandContext,
    @Req() req: KauriRequest,
    @Res({ passthrough: true }) reply: HttpReply,
  ): Promise<RegistrationReceiptDto> {
    const ip = clientAddress(req);
    // Fails open (logged): it only slows a script filling the register, and the registration is checked in full.
    const wait = await this.limits.guard('register interest', { open: 0, failOpen: true }, () => this.perIp.take(ip));
    refuseWhileWaiting(reply, wait);
    return this.commands.execute(new RegisterInterestCommand(form, context));
  }

  @Post('register-interest/confirm')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Confirm a registration of interest with the token from the e-mailed link (once, within 48 hours)',
  })
  @ApiOkResponse({ type: ConfirmationReceiptDto })
  @ApiBadRequestResponse({ description: 'Not a confirmation token' })
  @ApiNotFoundResponse({ description: 'No registration with this token' })
  @ApiConflictResponse({ description: "'This registration is already confirmed.'" })
  @ApiUnprocessableEntityResponse({
    description: "'This confirmation link has expired. Please register your interest again.'",
  })
  confirm(@Body() form: ConfirmInterestDto, @Ctx() context: CommandContext): Promise<ConfirmationReceiptDto> {
    return this.commands.execute(new ConfirmInterestCommand(form.token, context));
  }

  @Get('early-access')
  @ApiOkResponse({ type: EarlyAccessDto, description: 'With an ETag; 304 when If-None-Match names it' })
  async earlyAccess(@Req() req: KauriRequest, @Res({ passthrough: true }) reply: HttpReply): Promise<Buffer | string> {
    // Every landing page visit asks: the counter's text is serialized once per change of the read model.
    return sendSerialized(req, reply, await this.earlyAccessPlaces.serialized());
  }
}
