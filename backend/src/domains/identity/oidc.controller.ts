import { Body, Controller, Get, HttpCode, Inject, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { parse as parseCookies } from 'cookie';
import type { CommandContext } from '../../platform/command-context.js';
import type { Config } from '../../platform/config.js';
import { DomainError } from '../../platform/errors.js';
import { headerOf, type HttpReply, redirect } from '../../platform/http/http.js';
import { Ctx } from '../../platform/http/request-context.js';
import { clientAddress, RateLimiter, RateLimits, refuseWhileWaiting } from '../../platform/rate-limit.js';
import { Secrets } from '../../platform/secrets.js';
import { CONFIG } from '../../platform/injection-keys.js';
import { DeviceCookie } from './device-cookie.js';
import { AuthCallbackDto, AuthCallbackResponseDto, AuthConfigDto } from './identity.dto.js';
import { WINDOW_MS } from './identity.controller.js';
import { IdentityService, type IdentityRequest } from './identity.service.js';
import { OidcClient, onOrigin, PendingSignInCookie, PENDING_COOKIE, redirectUriRefused } from './oidc.js';
import { userOr401 } from './user-view.js';

/**
 * Sign-in at an external OpenID provider: which methods to offer, the start (a redirect) and the callback. Its
 * operations keep the ids they had in the identity controller, so the API contract is unchanged.
 */
@ApiTags('identity')
@Controller('api')
export class OidcController {
  /** Starts of external sign-in (`GET /api/login`), per client IP. */
  private readonly signInStarts: RateLimiter;

  /** The external OpenID provider, when configured. */
  private readonly oidc: OidcClient | null;
  private readonly deviceCookie: DeviceCookie;

  constructor(
    private readonly identity: IdentityService,
    @Inject(CONFIG) private readonly config: Config,
    secrets: Secrets,
    private readonly limits: RateLimits,
  ) {
    const cookie = new PendingSignInCookie(() => secrets.key('oidc-state'));
    this.oidc = config.identity.oidc ? new OidcClient(config.identity.oidc, cookie) : null;
    this.deviceCookie = new DeviceCookie(() => secrets.key('device-cookie'));
    this.signInStarts = limits.limiter(
      'sign-in-starts:address',
      config.identity.rateLimit.signInStartsPerIp,
      WINDOW_MS,
    );
  }

  @Get('auth/config')
  @ApiOperation({
    operationId: 'IdentityController_authConfig',
    summary: 'Which sign-in methods the frontend should offer',
  })
  @ApiOkResponse({ type: AuthConfigDto })
  authConfig(): AuthConfigDto {
    return { oidc: this.oidc !== null };
  }

  @Get('login')
  @ApiOperation({
    operationId: 'IdentityController_startLogin',
    summary: 'Start sign-in at the external OpenID provider',
    description:
      'Redirects to the provider with the client’s `state` and `redirect_uri` (origin + /auth/callback); the provider returns the browser there. ' +
      'A `redirect_uri` that is not on the app’s own origin (`PUBLIC_URL`) is refused with 400. ' +
      'With no provider configured, redirects to the local sign-in page /auth. The pending sign-in (state, nonce, ' +
      'PKCE verifier) is kept in a signed, HttpOnly cookie scoped to /api/auth/callback for 10 minutes; starts are ' +
      'limited per client address (SIGN_IN_START_RATE_LIMIT_PER_IP per 15 minutes).',
  })
  @ApiFoundResponse({ description: 'To the provider; to /auth when none is configured or it is unreachable' })
  @ApiBadRequestResponse({ description: "'redirect_uri must be an address on <PUBLIC_URL's origin>'" })
  @ApiTooManyRequestsResponse({ description: "'Too many attempts. Please try again in N minutes.' with Retry-After" })
  async startLogin(
    @Query('state') state: unknown,
    @Query('redirect_uri') redirectUri: unknown,
    @Req() req: IdentityRequest,
    @Res() reply: HttpReply,
  ): Promise<void> {
    const ip = clientAddress(req);
    // Fails open: a start only redirects to the provider, whose own limits guard the sign-in.
    refuseWhileWaiting(
      reply,
      await this.limits.guard('sign-in start', { open: 0, failOpen: true }, () => this.signInStarts.take(ip)),
    );
    if (!this.oidc) return redirect(req, reply, '/auth');
    const returnTo =
      typeof redirectUri === 'string' && redirectUri ? redirectUri : `${this.config.publicUrl}/auth/callback`;
    // The provider sends the browser, with its code, wherever this says: only to this app (PUBLIC_URL).
    if (!onOrigin(returnTo, this.config.publicUrl))
      throw new DomainError(redirectUriRefused(this.config.publicUrl), 400);
    const clientState = typeof state === 'string' && /^[\w.~-]{8,200}$/.test(state) ? state : undefined;
    let provider: string;
    try {
      provider = await this.oidc.start(req, reply, clientState, returnTo);
    } catch {
      // Provider unreachable: the local sign-in page, as when none is configured (spec section 4).
      return redirect(req, reply, '/auth');
    }
    reply.redirect(provider, 302);
  }

  @Post('auth/callback')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'IdentityController_authCallback',
    summary: 'Finish external sign-in: exchange the provider’s code for a bearer token',
    description:
      'Checks the state against the pending sign-in cookie set by /api/login (once: the cookie is cleared; ' +
      'within 10 minutes), ' +
      'then the nonce, PKCE, issuer and audience; finds or creates the account.',
  })
  @ApiOkResponse({ type: AuthCallbackResponseDto })
  @ApiBadRequestResponse({ description: '`{ error, message }`: the provider’s error (e.g. access_denied) passed on' })
  @ApiUnauthorizedResponse({ description: '`{ error, message }`: state not verified, or code refused by the provider' })
  async authCallback(
    @Body() form: AuthCallbackDto,
    @Ctx() context: CommandContext,
    @Req() req: IdentityRequest,
    @Res({ passthrough: true }) reply: HttpReply,
  ): Promise<AuthCallbackResponseDto | { error: string; message: string }> {
    if (!this.oidc) {
      reply.status(404);
      return {
        error: 'No external identity provider is configured',
        message: 'No external identity provider is configured',
      };
    }
    const pendingCookie = parseCookies(headerOf(req, 'cookie') ?? '')[PENDING_COOKIE];
    const answer = { code: form.code, state: form.state, error: form.error, error_description: form.error_description };
    const outcome = await this.oidc.exchange(req, reply, pendingCookie, answer, form.redirect_uri);
    if (!outcome.ok) {
      reply.status(outcome.status);
      return { error: outcome.error, message: outcome.message };
    }
    let userId: string;
    try {
      userId = await this.identity.externalSignIn(outcome.profile, context);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      reply.status(error.status);
      return { error: error.message, message: error.message };
    }
    const session = await this.identity.startSession(userId, 'bearer', 'oidc', context);
    await this.deviceCookie.set(req, reply, userId);
    return {
      user: await userOr401(this.identity, userId),
      token: session.token,
      expires_in: this.config.identity.tokenTtlSeconds,
      position: session.position,
    };
  }
}
