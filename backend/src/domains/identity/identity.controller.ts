import { Body, Controller, Get, HttpCode, Inject, Patch, Post, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiConflictResponse,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { parse as parseCookies } from 'cookie';
import type { CommandContext } from '../../platform/command-context.js';
import type { Config } from '../../platform/config.js';
import { legacyEmailKey } from '../../platform/email-key.js';
import { DomainError } from '../../platform/errors.js';
import { Authenticated, CurrentUser, type SignedInUser } from '../../platform/http/auth.js';
import { headerOf, type HttpReply } from '../../platform/http/http.js';
import { Ctx } from '../../platform/http/request-context.js';
import {
  clientAddress,
  FailureBackoff,
  LIMITS_DOWN,
  RateLimiter,
  RateLimits,
  refuseWhileWaiting,
  tooManyAttemptsMessage,
} from '../../platform/rate-limit.js';
import { Secrets } from '../../platform/secrets.js';
import { CONFIG } from '../../platform/injection-keys.js';
import { accountLockedMessage, ERROR_TITLES, IDENTITY_MESSAGES } from '../../messages.js';
import { DEVICE_COOKIE, DeviceCookie } from './device-cookie.js';
import { EmailVerifications } from './email-verifications.js';
import { SIGN_IN_LIMITS, type SignInLimits } from './sign-in-limits.js';
import { LoginDto, RegisterDto, SignedOutDto, UpdateProfileDto, UserWithPositionDto } from './identity.dto.js';
import { IdentityService, type IdentityRequest } from './identity.service.js';
import { userOr401, UserDto } from './user-view.js';
import { clearSessionCookies, setSessionCookies } from './session-cookies.js';

export const WINDOW_MS = 15 * 60 * 1000;

/** An account in the attempt counters: a digest, so they hold no e-mail address. */
const accountOf = (email: string) => legacyEmailKey(email);

@ApiTags('identity')
@Controller('api')
export class IdentityController {
  /** Registrations per client address: every attempt (AUTH_RATE_LIMIT_PER_IP), apart from sign-in failures. */
  private readonly registrationsPerIp: RateLimiter;
  /** Refused registrations (the e-mail is taken) per (e-mail, address), with exponential backoff: no enumeration. */
  private readonly refusedRegistrations: FailureBackoff;
  private readonly deviceCookie: DeviceCookie;

  constructor(
    private readonly identity: IdentityService,
    @Inject(CONFIG) config: Config,
    secrets: Secrets,
    /** Password sign-in: failures per address, per (account, address), per account, per (device, account). */
    @Inject(SIGN_IN_LIMITS) private readonly signInLimits: SignInLimits,
    private readonly limits: RateLimits,
    private readonly verifications: EmailVerifications,
  ) {
    this.deviceCookie = new DeviceCookie(() => secrets.key('device-cookie'));
    const { perIp, perAccount } = config.identity.rateLimit;
    this.registrationsPerIp = limits.limiter('registrations:address', perIp, WINDOW_MS);
    this.refusedRegistrations = limits.backoff('refused-registrations', perAccount, WINDOW_MS, 60_000, WINDOW_MS);
  }

  @Post('register')
  @HttpCode(201)
  @ApiOperation({
    summary: 'Create an account with e-mail and password, and sign in (session cookie)',
    description:
      'Mails a link to confirm the address (/auth/verify-email, 24 hours): until it is used the account is ' +
      'unverified (emailVerified false), and neither the ADMIN_EMAILS role nor the early-access waiver applies.',
  })
  @ApiCreatedResponse({
    type: UserWithPositionDto,
    description: 'Signed in: sets the kauri.sid session cookie, the kauri.csrf cookie and the kauri.device cookie',
  })
  @ApiBadRequestResponse({ description: "`{ message }`, e.g. 'Password must be at least 12 characters'" })
  @ApiConflictResponse({ description: "'An account with this email already exists'" })
  @ApiTooManyRequestsResponse({ description: "'Too many attempts. Please try again in N minutes.' with Retry-After" })
  @ApiServiceUnavailableResponse({ description: LIMITS_DOWN })
  async register(
    @Body() form: RegisterDto,
    @Ctx() context: CommandContext,
    @Req() req: IdentityRequest,
    @Res({ passthrough: true }) reply: HttpReply,
  ): Promise<UserWithPositionDto> {
    const ip = clientAddress(req);
    const pair = `${accountOf(form.email)}|${ip}`;
    // Fails closed (503) when the limits cannot be counted: a refused registration tells whether an e-mail is taken.
    const closed = { open: 0 };
    refuseWhileWaiting(
      reply,
      await this.limits.guard('registration', closed, () => this.refusedRegistrations.retryAfter(pair)),
    );
    refuseWhileWaiting(reply, await this.limits.guard('registration', closed, () => this.registrationsPerIp.take(ip)));
    let userId: string;
    try {
      ({ userId } = await this.identity.register(form, 'password', context));
    } catch (error) {
      if (error instanceof DomainError && error.status === 409)
        await this.limits.guard('registration', { open: undefined }, () => this.refusedRegistrations.fail(pair));
      throw error;
    }
    // Signed in at once (the spec), but what belongs to the address waits for the mailed link.
    await this.verifications.mailAtRegistration(userId, form.email, context.correlationId);
    return this.signIn(userId, 'password', context, req, reply);
  }

  @Post('login')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Sign in with e-mail and password (session cookie)',
    description:
      'Failed sign-ins are limited per client address (AUTH_RATE_LIMIT_PER_IP), per (account, address) with ' +
      'backoff (AUTH_RATE_LIMIT_PER_ACCOUNT), and per account from any address ' +
      '(AUTH_RATE_LIMIT_PER_ACCOUNT_ANY_ADDRESS): past that, only a browser holding a device cookie (kauri.device) ' +
      'for the account is let through, with a failure budget of its own. Sign-ins that succeed are not counted.',
  })
  @ApiOkResponse({
    type: UserWithPositionDto,
    description: 'Signed in: sets the kauri.sid session cookie, the kauri.csrf cookie and the kauri.device cookie',
  })
  @ApiUnauthorizedResponse({ description: "'Invalid email or password'" })
  @ApiTooManyRequestsResponse({
    description:
      "'Too many attempts. Please try again in N minutes.', or for the account as a whole 'Too many failed " +
      "sign-ins on this account. …', with Retry-After (seconds); the password is not checked",
  })
  @ApiServiceUnavailableResponse({ description: LIMITS_DOWN })
  async login(
    @Body() form: LoginDto,
    @Ctx() context: CommandContext,
    @Req() req: IdentityRequest,
    @Res({ passthrough: true }) reply: HttpReply,
  ): Promise<UserWithPositionDto> {
    const device = await this.rememberedDevice(req, form.email);
    const admission = await this.signInLimits.admit({
      account: accountOf(form.email),
      address: clientAddress(req),
      device,
    });
    // Refused before the password is checked: the answer says nothing about it, nor whether the account exists.
    if (!admission.admitted) {
      reply.header('Retry-After', String(Math.ceil(admission.waitMs / 1000)));
      const message = admission.accountWide
        ? accountLockedMessage(admission.waitMs)
        : tooManyAttemptsMessage(admission.waitMs);
      throw new DomainError(message, 429, undefined, 'Too Many Attempts');
    }
    const userId = await this.identity.checkPassword(form.email, form.password);
    if (!userId) throw new DomainError(IDENTITY_MESSAGES.invalidCredentials, 401, undefined, ERROR_TITLES.signInFailed);
    await this.signInLimits.succeeded(admission.ticket);
    return this.signIn(userId, 'password', context, req, reply);
  }

  @Post('logout')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Sign out',
    description:
      'Ends the session of the kauri.sid cookie and revokes the bearer token sent in Authorization (either or both); clears the cookies. ' +
      'Answers 200 even when nothing was signed in. With the session cookie, send X-CSRF-Token.',
  })
  @ApiCookieAuth()
  @ApiBearerAuth()
  @ApiHeader({ name: 'X-CSRF-Token', required: false, description: 'The kauri.csrf cookie, when signed in by cookie' })
  @ApiOkResponse({ type: SignedOutDto })
  @ApiForbiddenResponse({ description: "'Invalid CSRF token'" })
  async logout(
    @Ctx() context: CommandContext,
    @Req() req: IdentityRequest,
    @Res({ passthrough: true }) reply: HttpReply,
  ): Promise<SignedOutDto> {
    const tokens = [
      req.authentication?.via === 'cookie' ? req.authentication.token : null,
      req.bearerToken ?? null,
    ].filter((t): t is string => !!t);
    const position = await this.identity.signOut(tokens, context);
    if (req.authentication?.via === 'cookie') clearSessionCookies(req, reply);
    return { success: true, position };
  }

  @Get('user')
  @Authenticated()
  @ApiOperation({ summary: 'The signed-in user (session cookie or bearer token); 401 when signed out' })
  @ApiOkResponse({ type: UserDto })
  async current(@CurrentUser() signedIn: SignedInUser): Promise<UserDto> {
    return userOr401(this.identity, signedIn.userId);
  }

  @Patch('user')
  @Authenticated()
  @ApiOperation({ summary: 'Change the signed-in user’s first and last name (the /profile page)' })
  @ApiOkResponse({ type: UserWithPositionDto })
  @ApiBadRequestResponse({ description: "'First name is required' / 'Last name is required'" })
  async updateProfile(
    @Body() form: UpdateProfileDto,
    @CurrentUser() signedIn: SignedInUser,
    @Ctx() context: CommandContext,
  ): Promise<UserWithPositionDto> {
    return this.identity.updateProfile(signedIn.userId, form.firstName, form.lastName, context);
  }

  @Get('auth/user')
  @ApiBearerAuth()
  @ApiOperation({
    summary:
      'The user of a bearer token (from /api/auth/callback); 401 when the token is missing, expired, revoked or unknown',
  })
  @ApiOkResponse({ type: UserDto })
  @ApiUnauthorizedResponse({ description: 'Token invalid' })
  async bearerUser(@Req() req: IdentityRequest): Promise<UserDto> {
    if (req.authentication?.via !== 'bearer')
      throw new DomainError('Invalid or expired token', 401, undefined, 'Unauthorized');
    return userOr401(this.identity, req.authentication.actor.userId);
  }

  /**
   * The device id of this browser's device cookie when it is valid for the account of `email` (it signed in to it
   * before); null otherwise — also for an e-mail with no account, so nothing is learnt from the answer.
   */
  private async rememberedDevice(req: IdentityRequest, email: string): Promise<string | null> {
    if (!parseCookies(headerOf(req, 'cookie') ?? '')[DEVICE_COOKIE]) return null;
    const userId = await this.identity.userIdByEmail(email);
    return userId ? this.deviceCookie.deviceOf(req, userId) : null;
  }

  private async signIn(
    userId: string,
    method: 'password',
    context: CommandContext,
    req: IdentityRequest,
    reply: HttpReply,
  ): Promise<UserWithPositionDto> {
    const session = await this.identity.startSession(userId, 'cookie', method, context);
    setSessionCookies(req, reply, session);
    await this.deviceCookie.set(req, reply, userId);
    // The session's position: the client's next requests carry it (X-Read-After), so any replica knows the session.
    return { ...(await userOr401(this.identity, userId)), position: session.position };
  }
}
