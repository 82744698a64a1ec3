import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { CommandContext } from '../command-context.js';
import type { Actor } from '../event-store/event-store.js';
import type { HttpRequest } from './http.js';

/** What the platform attaches to each request: its correlation id, and the signed-in actor when known. */
export interface KauriRequest extends HttpRequest {
  correlationId: string;
  actor?: Actor;
  /** The exact bytes of a JSON or form body (Stripe signs them). */
  rawBody?: Buffer;
}

export function commandContextOf(req: KauriRequest): CommandContext {
  return {
    actor: req.actor ?? { kind: 'anonymous' },
    correlationId: req.correlationId,
    causationId: req.correlationId,
    now: new Date().toISOString(),
  };
}

/** Controller parameter: the command context of this request (actor, correlation id, time). */
export const Ctx = createParamDecorator(
  (_: unknown, host: ExecutionContext): CommandContext =>
    commandContextOf(host.switchToHttp().getRequest<KauriRequest>()),
);
