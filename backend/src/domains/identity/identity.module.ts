import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { AdminController, RoleOperationsController } from './admin.controller.js';
import { IdentityController } from './identity.controller.js';
import { IdentityGuard } from './identity.guard.js';
import { ExecuteUserHandler } from './identity.handlers.js';
import { IdentityService } from './identity.service.js';
import { PasswordResetController } from './password-reset.controller.js';
import { Passwords } from './passwords.js';
import { PasswordResets } from './password-resets.js';
import { MemorySignInLimits, SIGN_IN_LIMITS } from './sign-in-limits.js';
import type { Config } from '../../platform/config.js';
import { CONFIG } from '../../platform/tokens.js';

@Module({
  imports: [CqrsModule],
  controllers: [IdentityController, AdminController, RoleOperationsController, PasswordResetController],
  providers: [
    ExecuteUserHandler,
    IdentityService,
    PasswordResets,
    {
      provide: Passwords,
      inject: [CONFIG],
      useFactory: (config: Config) => new Passwords(config.identity.passwordHashCost),
    },
    {
      // In process memory for now; a store shared by the replicas replaces it here (design §8).
      provide: SIGN_IN_LIMITS,
      inject: [CONFIG],
      useFactory: ({ identity: { rateLimit } }: Config) =>
        new MemorySignInLimits({
          perAddress: rateLimit.perIp,
          perAccount: rateLimit.perAccount,
          perAccountAnyAddress: rateLimit.perAccountAnyAddress,
        }),
    },
    { provide: APP_GUARD, useClass: IdentityGuard },
  ],
  exports: [IdentityService],
})
export class IdentityModule {}
