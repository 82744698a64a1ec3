import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { DomainError } from '../errors.js';
import type { Actor } from '../event-store/event-store.js';
import { headerOf } from '../http/http.js';
import type { KauriRequest } from '../http/request-context.js';
import { OPS_TOKEN } from '../injection-keys.js';
import { sameToken } from './runtime-file.js';

/** Who an operator request acts as in the events it causes: the signed-in admin, or `system:operator` (ops token). */
export function operatorActor(req: KauriRequest): Actor {
  return req.actor?.kind === 'user' ? req.actor : { kind: 'system', name: 'operator' };
}

/** Operators: the local ops token (`Authorization: Ops <token>`, see runtime-file.ts) or a signed-in admin. */
@Injectable()
export class OperatorGuard implements CanActivate {
  constructor(@Inject(OPS_TOKEN) private readonly opsToken: string) {}

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<KauriRequest>();
    if (this.allows(req)) return true;
    throw new DomainError('Operations are for administrators', req.actor ? 403 : 401);
  }

  /** Whether an operator asks, for a route that answers others less rather than refusing them (/api/health). */
  allows(req: KauriRequest): boolean {
    // Exactly `Ops <token>`: anything after the token is not the token.
    const [scheme, token, ...rest] = (headerOf(req, 'authorization') ?? '').split(' ');
    if (scheme === 'Ops' && token && rest.length === 0 && sameToken(token, this.opsToken)) return true;
    return req.actor?.kind === 'user' && req.actor.roles.includes('admin');
  }
}
