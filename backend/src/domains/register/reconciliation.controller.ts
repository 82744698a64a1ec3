import { Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ApiAccepted, ApiOk } from '../../platform/http/api-response.js';
import { OperatorGuard } from '../../platform/operations/operator.guard.js';
import { ReconciliationSchedule } from './reconciliation-schedule.js';
import { ReconciliationStatusDto } from './register.dto.js';

/** Operators and the CLI: the last reconciliation with its drift, and a run on demand. */
@ApiTags('operations')
@ApiSecurity('ops')
@UseGuards(OperatorGuard)
@Controller('api/operations/reconciliation')
export class ReconciliationController {
  constructor(private readonly schedule: ReconciliationSchedule) {}

  @Get()
  @ApiOk(
    ReconciliationStatusDto,
    'The running or last reconciliation: progress, assets compared, and every drift found',
  )
  status() {
    return this.schedule.reconciliation.status();
  }

  @Post()
  @HttpCode(202)
  @ApiAccepted(ReconciliationStatusDto, 'Run started (or joined); follow it in GET /api/operations/reconciliation')
  start() {
    void this.schedule.run();
    return this.schedule.reconciliation.status();
  }
}
