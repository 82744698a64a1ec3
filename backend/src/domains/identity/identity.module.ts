import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { AdminController, RoleOperationsController } from './admin.controller.js';
import { EmailVerificationController } from './email-verification.controller.js';
import { EmailVerifications } from './email-verifications.js';
import { IdentityController } from './identity.controller.js';
import { OidcController } from './oidc.controller.js';
import { IdentityGuard } from './identity.guard.js';
import { ExecuteUserHandler } from './identity.handlers.js';
import { IdentityService } from './identity.service.js';
import { PasswordResetController } from './password-reset.controller.js';
import { Passwords } from './passwords.js';
import { PasswordResets } from './password-resets.js';
import { CountedSignInLimits, SIGN_IN_LIMITS } from './sign-in-limits.js';
import type { Config } from '../../platform/config.js';
import type { Logger } from '../../platform/logging.js';
import { RateLimits } from '../../platform/rate-limit.js';
import { CONFIG, LOGGER } from '../../platform/injection-keys.js';

@Module({
  imports: [CqrsModule],
  controllers: [
    IdentityController,
    OidcController,
    AdminController,
    RoleOperationsController,
    PasswordResetController,
    EmailVerificationController,
  ],
  providers: [
    ExecuteUserHandler,
    IdentityService,
    PasswordResets,
    EmailVerifications,
    {
      provide: Passwords,
      inject: [CONFIG],
      useFactory: (config: Config) => new Passwords(config.identity.passwordHashCost),
    },
    {
      // Counted where the stores say: shared by the replicas on their database, in memory when embedded.
      provide: SIGN_IN_LIMITS,
      inject: [CONFIG, RateLimits, LOGGER],
      useFactory: ({ identity: { rateLimit } }: Config, limits: RateLimits, logger: Logger) =>
        new CountedSignInLimits(
          limits.windows,
          {
            perAddress: rateLimit.perIp,
            perAccount: rateLimit.perAccount,
            perAccountAnyAddress: rateLimit.perAccountAnyAddress,
          },
          Date.now,
          (err) => logger.warn({ err }, 'a successful sign-in could not be taken back from the failure counts'),
        ),
    },
    { provide: APP_GUARD, useClass: IdentityGuard },
  ],
  exports: [IdentityService],
})
export class IdentityModule {}
