import {
  applyDecorators,
  createParamDecorator,
  SetMetadata,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
  Injectable,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiCookieAuth, ApiBearerAuth, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { DomainError } from '../errors.js';
import type { Role } from '../event-store/event-store.js';
import type { KauriRequest } from './request-context.js';

/**
 * The server-side permission contract. The identity domain puts the signed-in user on
 * `req.actor` (from the session cookie or a bearer token); these guards only read it,
 * so every domain enforces permissions the same way and never trusts the client.
 */
export interface SignedInUser {
  userId: string;
  roles: readonly Role[];
}

const REQUIRED_ROLES = 'kauri:roles';

export function signedInUser(req: KauriRequest): SignedInUser | null {
  return req.actor?.kind === 'user' ? { userId: req.actor.userId, roles: req.actor.roles } : null;
}

export function hasRole(user: SignedInUser | null, ...roles: Role[]): boolean {
  return !!user && roles.some((role) => user.roles.includes(role));
}

@Injectable()
export class AuthGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const user = signedInUser(context.switchToHttp().getRequest<KauriRequest>());
    if (!user) throw new DomainError('Authentication required', 401, undefined, 'Unauthorized');
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(REQUIRED_ROLES, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (roles?.length && !hasRole(user, ...roles))
      throw new DomainError('You do not have access to this resource', 403, undefined, 'Forbidden');
    return true;
  }
}

/** Signed-in users only (401 otherwise). */
export const Authenticated = () =>
  applyDecorators(
    UseGuards(AuthGuard),
    ApiCookieAuth(),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: 'Not signed in' }),
  );

/** Signed-in users holding at least one of these roles (401 / 403 otherwise). */
export const Roles = (...roles: Role[]) =>
  applyDecorators(
    SetMetadata(REQUIRED_ROLES, roles),
    Authenticated(),
    ApiForbiddenResponse({ description: `Needs role ${roles.join(' or ')}` }),
  );

/** Controller parameter: the signed-in user (use with `@Authenticated()` or `@Roles()`). */
export const CurrentUser = createParamDecorator((_: unknown, host: ExecutionContext): SignedInUser => {
  const user = signedInUser(host.switchToHttp().getRequest<KauriRequest>());
  if (!user) throw new DomainError('Authentication required', 401, undefined, 'Unauthorized');
  return user;
});
