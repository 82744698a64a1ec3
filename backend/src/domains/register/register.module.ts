import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { RegisterController } from './register.controller.js';
import { RegisterAdminController } from './register-admin.controller.js';
import { ReconciliationController } from './reconciliation.controller.js';
import { ReconciliationSchedule } from './reconciliation-schedule.js';
import { ExecuteRegisterHandler } from './register.handlers.js';
import { RegisterSweep } from './register-sweep.js';

@Module({
  imports: [CqrsModule],
  controllers: [RegisterController, RegisterAdminController, ReconciliationController],
  providers: [ExecuteRegisterHandler, RegisterSweep, ReconciliationSchedule],
  exports: [RegisterSweep],
})
export class RegisterModule {}
