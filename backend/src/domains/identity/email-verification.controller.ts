import { Body, Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { CommandContext } from '../../platform/command-context.js';
import type { Config } from '../../platform/config.js';
import { Authenticated, CurrentUser, type SignedInUser } from '../../platform/http/auth.js';
import { isPlainEmail } from '../../platform/email-key.js';
import { DomainError } from '../../platform/errors.js';
import { ApiOk } from '../../platform/http/api-response.js';
import type { HttpReply } from '../../platform/http/http.js';
import { Ctx } from '../../platform/http/request-context.js';
import { clientAddress, LIMITS_DOWN, type RateLimiter, RateLimits } from '../../platform/rate-limit.js';
import { CONFIG } from '../../platform/injection-keys.js';
import { IDENTITY_MESSAGES } from '../../messages.js';
import { EmailVerifications } from './email-verifications.js';
import { EmailVerificationDto, EmailVerificationRequestedDto, EmailVerifiedDto } from './identity.dto.js';
import type { IdentityRequest } from './identity.service.js';
import { IdentityService } from './identity.service.js';
import { userOr401 } from './user-view.js';
import { EMAIL_ALREADY_VERIFIED, EMAIL_LINK_EXPIRED, EMAIL_NOT_CONFIRMABLE } from './user.decider.js';

const HOUR_MS = 60 * 60 * 1000;
export const EMAIL_LINK_SENT =
  'We have sent you a new link to confirm your e-mail address. It works once, for 24 hours.';

/** Proving the account's e-mail address: the link mailed at registration (or asked for again), then its use. */
@ApiTags('identity')
@Controller('api/email-verification')
export class EmailVerificationController {
  /** Uses of a link and requests for a new one, per client address. */
  private readonly perIp: RateLimiter;
  /** New links per account: nobody floods an inbox, their own or the one they typed at registration. */
  private readonly perAccount: RateLimiter;

  constructor(
    private readonly verifications: EmailVerifications,
    private readonly identity: IdentityService,
    @Inject(CONFIG) config: Config,
    private readonly limits: RateLimits,
  ) {
    // Both fail closed (`takeOrRefuse`: 503 while the store cannot count): links are guessed and mails sent here.
    const { emailVerificationsPerIp, emailVerificationMailsPerAccount } = config.identity.rateLimit;
    this.perIp = limits.limiter('email-verification:address', emailVerificationsPerIp, HOUR_MS);
    this.perAccount = limits.limiter('email-verification:account', emailVerificationMailsPerAccount, HOUR_MS);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Confirm the account’s e-mail address with the token of the e-mailed link (works once, for 24 hours)',
    description:
      'Signed in or not. When ADMIN_EMAILS lists the address, the system grants the admin role now; the ' +
      'early-access waiver applies to a confirmed address only.',
  })
  @ApiOk(EmailVerifiedDto)
  @ApiBadRequestResponse({ description: `'${IDENTITY_MESSAGES.emailLinkInvalid}'` })
  @ApiConflictResponse({ description: `'${EMAIL_ALREADY_VERIFIED}' (the link that confirmed it, opened again)` })
  @ApiUnprocessableEntityResponse({
    description: `'${EMAIL_LINK_EXPIRED}'; '${EMAIL_NOT_CONFIRMABLE}' (an address registered before it had to be plain)`,
  })
  @ApiTooManyRequestsResponse({ description: "'Too many attempts. Please try again in N minutes.' with Retry-After" })
  @ApiServiceUnavailableResponse({ description: LIMITS_DOWN })
  async verify(
    @Body() body: EmailVerificationDto,
    @Ctx() context: CommandContext,
    @Req() req: IdentityRequest,
    @Res({ passthrough: true }) reply: HttpReply,
  ): Promise<EmailVerifiedDto> {
    await this.limits.takeOrRefuse(this.perIp, clientAddress(req), reply);
    const { position } = await this.verifications.verify(body.token, context);
    return { success: true, position };
  }

  @Post('request')
  @HttpCode(202)
  @Authenticated()
  @ApiOperation({ summary: 'Mail the signed-in account a new link to confirm its e-mail address (replaces the older)' })
  @ApiAcceptedResponse({ type: EmailVerificationRequestedDto, description: `{ message: '${EMAIL_LINK_SENT}' }` })
  @ApiConflictResponse({ description: `'${EMAIL_ALREADY_VERIFIED}'` })
  @ApiUnprocessableEntityResponse({
    description: `'${EMAIL_NOT_CONFIRMABLE}' (an address registered before it had to be plain)`,
  })
  @ApiTooManyRequestsResponse({ description: "'Too many attempts. Please try again in N minutes.' with Retry-After" })
  @ApiServiceUnavailableResponse({ description: LIMITS_DOWN })
  async request(
    @CurrentUser() signedIn: SignedInUser,
    @Ctx() context: CommandContext,
    @Req() req: IdentityRequest,
    @Res({ passthrough: true }) reply: HttpReply,
  ): Promise<EmailVerificationRequestedDto> {
    await this.limits.takeOrRefuse(this.perIp, clientAddress(req), reply);
    const { email, emailVerified } = await userOr401(this.identity, signedIn.userId);
    // Checked before counting: asking when there is nothing to confirm costs no mail from the budget.
    if (emailVerified) throw new DomainError(EMAIL_ALREADY_VERIFIED, 409);
    // An address from before they had to be plain: a link would go to the look-alike, and it proves nothing.
    if (!isPlainEmail(email)) throw new DomainError(EMAIL_NOT_CONFIRMABLE, 422);
    await this.limits.takeOrRefuse(this.perAccount, signedIn.userId, reply);
    const position = await this.verifications.requestAgain(signedIn.userId, email, context);
    return { message: EMAIL_LINK_SENT, position };
  }
}
