import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Config } from '../../platform/config.js';
import { DomainError } from '../../platform/errors.js';
import { CONFIG } from '../../platform/injection-keys.js';
import { headerOf, pathOf } from '../../platform/http/http.js';
import { IdentityService, type IdentityRequest } from './identity.service.js';
import { CSRF_HEADER, csrfTokenFor, sameSecret } from './session-secrets.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Routes match paths case-insensitively, and a path may repeat slashes: so does this. */
const ADMIN_PATH = /^\/+api\/+admin(\/|$)/i;

export const INVALID_CSRF = 'Invalid CSRF token';
export const CATCHING_UP = 'This server is catching up with the others; please try again in a moment';
export const CROSS_SITE = 'Requests from another site are refused';

/**
 * Runs before every route (a global guard, so no route can forget it):
 * 1. puts the signed-in user on `req.actor` (bearer token first, then the session cookie);
 * 2. refuses a state-changing request authenticated by the session cookie without the session's CSRF token in
 *    `X-CSRF-Token` (403) — bearer-authenticated requests carry no ambient authority, so are exempt; and refuses an
 *    anonymous one a browser sent from another site (403): a form there could otherwise sign the visitor in to an
 *    account of the attacker's (login CSRF), whose session would then collect what the visitor enters;
 * 3. answers 503 to a signed-in request on a replica that is behind a sign-out it could still honour;
 * 4. refuses every `/api/admin/*` route to anyone but an admin (401 signed out, 403 signed in).
 */
@Injectable()
export class IdentityGuard implements CanActivate {
  private readonly publicHost: string | null;

  constructor(
    private readonly identity: IdentityService,
    @Inject(CONFIG) config: Config,
  ) {
    this.publicHost = config.publicUrl ? new URL(config.publicUrl).host.toLowerCase() : null;
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<IdentityRequest>();
    const authentication = await this.identity.authenticate(req);
    // Among replicas, one behind a sign-out or revocation it could still honour serves no signed-in request.
    if (authentication && !(await this.identity.mayServeSignedIn()))
      throw new DomainError(CATCHING_UP, 503, undefined, 'Service Unavailable');
    req.authentication = authentication;
    if (authentication) req.actor = authentication.actor;

    const unsafe = !SAFE_METHODS.has(req.method.toUpperCase());
    if (authentication?.via === 'cookie' && unsafe) {
      const given = headerOf(req, CSRF_HEADER) ?? '';
      if (!given || !sameSecret(given, csrfTokenFor(authentication.token)))
        throw new DomainError(INVALID_CSRF, 403, undefined, 'Forbidden');
    }
    if (!authentication && unsafe && this.fromAnotherSite(req))
      throw new DomainError(CROSS_SITE, 403, undefined, 'Forbidden');

    const routePath = req.routeOptions.url;
    if (ADMIN_PATH.test(pathOf(req)) || (typeof routePath === 'string' && ADMIN_PATH.test(routePath))) {
      if (!authentication) throw new DomainError('Authentication required', 401, undefined, 'Unauthorized');
      if (!authentication.actor.roles.includes('admin'))
        throw new DomainError('You do not have access to this resource', 403, undefined, 'Forbidden');
    }
    return true;
  }

  /**
   * What a browser says of where the request comes from: `Sec-Fetch-Site: cross-site`, or an `Origin` (sent with every
   * cross-origin POST, 'null' from sandboxed or redirected contexts) naming neither this host nor PUBLIC_URL's. Tools,
   * webhooks and servers send neither, and pass.
   */
  private fromAnotherSite(req: IdentityRequest): boolean {
    if (headerOf(req, 'sec-fetch-site')?.toLowerCase() === 'cross-site') return true;
    const origin = headerOf(req, 'origin');
    if (origin === undefined) return false;
    let host: string;
    try {
      host = new URL(origin).host.toLowerCase();
    } catch {
      return true; // 'null', or not an origin at all
    }
    return host !== (headerOf(req, 'host') ?? '').toLowerCase() && host !== this.publicHost;
  }
}
