import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AdminController, RoleOperationsController } from './admin.controller.js';
import { IdentityController } from './identity.controller.js';
import { IdentityGuard } from './identity.guard.js';
import { IdentityService } from './identity.service.js';
import { PasswordResetController } from './password-reset.controller.js';
import { PasswordResets } from './password-resets.js';

@Module({
  controllers: [IdentityController, AdminController, RoleOperationsController, PasswordResetController],
  providers: [IdentityService, PasswordResets, { provide: APP_GUARD, useClass: IdentityGuard }],
  exports: [IdentityService],
})
export class IdentityModule {}
