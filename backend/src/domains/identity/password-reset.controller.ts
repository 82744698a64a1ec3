import { Body, Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { HttpReply } from '../../platform/http/http.js';
import type { CommandContext } from '../../platform/command-context.js';
import type { Config } from '../../platform/config.js';
import { legacyEmailKey } from '../../platform/email-key.js';
import { ApiOk } from '../../platform/http/api-response.js';
import { Ctx } from '../../platform/http/request-context.js';
import { clientAddress, RateLimiter, refuseWhileWaiting } from '../../platform/rate-limit.js';
import { Secrets } from '../../platform/secrets.js';
import { CONFIG } from '../../platform/tokens.js';
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
  ) {
    this.deviceCookie = new DeviceCookie(() => secrets.key('device-cookie'));
    this.perIp = new RateLimiter(config.identity.rateLimit.resetRequestsPerIp, HOUR_MS);
    this.perAccount = new RateLimiter(config.identity.rateLimit.resetMailsPerAccount, HOUR_MS);
  }

  @Post('request')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Forgot password: e-mails a single-use reset link (1 hour) if the address has an account',
    description: 'The answer is the same whether or not the address has an account.',
  })
  @ApiAcceptedResponse({ type: PasswordResetRequestedDto, description: `{ message: '${RESET_REQUESTED}' }` })
  @ApiTooManyRequestsResponse({ description: "'Too many attempts. Please try again in N minutes.' with Retry-After" })
  request(
    @Body() body: PasswordResetRequestDto,
    @Ctx() context: CommandContext,
    @Req() req: IdentityRequest,
    @Res({ passthrough: true }) reply: HttpReply,
  ): { message: string } {
    this.throttle(req, reply);
    const account = legacyEmailKey(body.email);
    if (this.perAccount.retryAfter(account) === 0) {
      this.perAccount.record(account);
      this.resets.requestSoon(body.email, context.correlationId);
    }
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
  async reset(
    @Body() body: PasswordResetDto,
    @Ctx() context: CommandContext,
    @Req() req: IdentityRequest,
    @Res({ passthrough: true }) reply: HttpReply,
  ): Promise<{ success: true; position: number }> {
    this.throttle(req, reply);
    const { userId, position } = await this.resets.reset(body.token, body.password, context);
    // The link proved the mailbox: this browser may sign in to the account even while others' guessing has
    // closed it to unknown browsers.
    await this.deviceCookie.set(req, reply, userId);
    return { success: true, position };
  }

  private throttle(req: IdentityRequest, reply: HttpReply): void {
    const ip = clientAddress(req);
    refuseWhileWaiting(reply, this.perIp.retryAfter(ip));
    this.perIp.record(ip);
  }
}
