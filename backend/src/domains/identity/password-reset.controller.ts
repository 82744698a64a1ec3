import { Body, Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { HttpReply } from '../../platform/http/http.js';
import type { CommandContext } from '../../platform/command-context.js';
import type { Config } from '../../platform/config.js';
import { legacyEmailKey } from '../../platform/email-key.js';
import { ApiOk } from '../../platform/http/api-response.js';
import { Ctx } from '../../platform/http/request-context.js';
import { clientAddress, LIMITS_DOWN, type RateLimiter, RateLimits } from '../../platform/rate-limit.js';
import { Secrets } from '../../platform/secrets.js';
import { CONFIG } from '../../platform/injection-keys.js';
import { DeviceCookie } from './device-cookie.js';
import {
  PasswordChangedDto,
  PasswordResetDto,
  PasswordResetRequestDto,
  PasswordResetRequestedDto,
} from './identity.dto.js';
import type { IdentityRequest } from './identity.service.js';
import { PasswordResets } from './password-resets.js';

const HOUR_MS = 60 * 60 * 1000;
export const RESET_REQUESTED =
  'If an account exists for that email address, we have sent it a link to reset the password. The link works once, for 1 hour.';

/** Forgot password: a link by e-mail, then a new password with it. */
@ApiTags('identity')
@Controller('api/password-reset')
export class PasswordResetController {
  /** Requests, and uses of a link, per client address. */
  private readonly perIp: RateLimiter;
  /**
   * Mails per address asked for, whether or not it holds an account (so the limit reveals nothing); past it a
   * request still gets the same answer and nothing is sent — nobody can flood someone's inbox.
   */
  private readonly perAccount: RateLimiter;

  private readonly deviceCookie: DeviceCookie;

  constructor(
    private readonly resets: PasswordResets,
    @Inject(CONFIG) config: Config,
    secrets: Secrets,
    private readonly limits: RateLimits,
  ) {
    this.deviceCookie = new DeviceCookie(() => secrets.key('device-cookie'));
    // Both fail closed (503 while the store cannot count): reset links are guessed and mails sent here.
    this.perIp = limits.limiter('password-reset:address', config.identity.rateLimit.resetRequestsPerIp, HOUR_MS);
    this.perAccount = limits.limiter('password-reset:account', config.identity.rateLimit.resetMailsPerAccount, HOUR_MS);
  }

  @Post('request')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Forgot password: e-mails a single-use reset link (1 hour) if the address has an account',
    description: 'The answer is the same whether or not the address has an account.',
  })
  @ApiAcceptedResponse({ type: PasswordResetRequestedDto, description: `{ message: '${RESET_REQUESTED}' }` })
  @ApiTooManyRequestsResponse({ description: "'Too many attempts. Please try again in N minutes.' with Retry-After" })
  @ApiServiceUnavailableResponse({ description: LIMITS_DOWN })
  async request(
    @Body() body: PasswordResetRequestDto,
    @Ctx() context: CommandContext,
    @Req() req: IdentityRequest,
    @Res({ passthrough: true }) reply: HttpReply,
  ): Promise<{ message: string }> {
    await this.limits.takeOrRefuse(this.perIp, clientAddress(req), reply);
    const account = legacyEmailKey(body.email);
    // Fails closed: no mail while the mails to the address cannot be counted (nobody floods an inbox meanwhile).
    const wait = await this.limits.guard('password reset mails', { open: 0 }, () => this.perAccount.take(account));
    if (wait === 0) this.resets.requestSoon(body.email, context.correlationId);
    return { message: RESET_REQUESTED };
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Set a new password with the token of a reset link; every session of the account ends',
    description:
      'Sets the device cookie (kauri.device) for the account: this browser may then sign in even while failed ' +
      'sign-ins from elsewhere keep unknown browsers out.',
  })
  @ApiOk(PasswordChangedDto)
  @ApiBadRequestResponse({ description: "'Password must be at least 12 characters', or the link is not valid" })
  @ApiServiceUnavailableResponse({ description: LIMITS_DOWN })
  async reset(
    @Body() body: PasswordResetDto,
    @Ctx() context: CommandContext,
    @Req() req: IdentityRequest,
    @Res({ passthrough: true }) reply: HttpReply,
  ): Promise<{ success: true; position: number }> {
    await this.limits.takeOrRefuse(this.perIp, clientAddress(req), reply);
    const { userId, position } = await this.resets.reset(body.token, body.password, context);
    // The link proved the mailbox: this browser may sign in to the account even while others' guessing has
    // closed it to unknown browsers.
    await this.deviceCookie.set(req, reply, userId);
    return { success: true, position };
  }
}
