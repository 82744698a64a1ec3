import { Controller, Get, HttpCode, Inject, Param, Post, UseGuards } from '@nestjs/common';
import { ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { Logger } from 'pino';
import { DomainError } from '../errors.js';
import { ApiAccepted, ApiOk } from '../http/api-response.js';
import { ProjectionEngine } from '../projection-engine/projection-engine.js';
import { IntegrityCheck } from './integrity-check.js';
import { LOGGER } from '../injection-keys.js';
import { OperatorGuard } from './operator.guard.js';
import {
  ChecksumsDto,
  IntegrityStatusDto,
  JobsStatusDto,
  ProjectionInfoDto,
  RebuildStartedDto,
} from './operations.dto.js';
import { JobRunner } from '../jobs/job-runner.js';

@ApiTags('operations')
@ApiSecurity('ops')
@UseGuards(OperatorGuard)
@Controller('api/operations/projections')
export class OperationsController {
  constructor(
    private readonly engine: ProjectionEngine,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @Get()
  @ApiOk(
    [ProjectionInfoDto],
    "Each projection's status, checkpoint, lag, rate (events/s over the last 10 s), last error, rebuild progress and last rebuild's outcome",
  )
  status() {
    return this.engine.status();
  }

  @Get('checksums')
  @ApiOk(ChecksumsDto, "A SHA-256 of each read model's documents and its checkpoint: compare with a fresh replay")
  checksums() {
    return this.engine.checksums();
  }

  @Post(':name/rebuild')
  @HttpCode(202)
  @ApiAccepted(RebuildStartedDto, 'Rebuild started; follow its progress in GET /api/operations/projections')
  async rebuild(@Param('name') name: string) {
    const info = (await this.engine.status()).find((p) => p.name === name);
    if (!info) throw new DomainError(`No projection named '${name}'`, 404);
    if (info.rebuild) throw new DomainError(`${name} is already being rebuilt`, 409);
    this.logger.info({ projection: name }, 'rebuild started');
    // The rebuild's own start is at or after this, on the same clock: a client waits for an outcome as recent.
    const requestedAt = new Date().toISOString();
    void this.engine.rebuild(name).then(
      () => this.logger.info({ projection: name }, 'rebuild swapped in'),
      (error: unknown) => this.logger.error({ err: error, projection: name }, 'rebuild failed'),
    );
    return { started: true, name, requestedAt };
  }

  @Post(':name/resume')
  @HttpCode(200)
  @ApiOk(ProjectionInfoDto)
  async resume(@Param('name') name: string) {
    if (!this.engine.names.includes(name)) throw new DomainError(`No projection named '${name}'`, 404);
    await this.engine.resume(name);
    return (await this.engine.status()).find((p) => p.name === name)!;
  }
}

/** Tamper evidence for operators and the CLI (`npm run audit -- verify`): start a check, follow its progress. */
@ApiTags('operations')
@ApiSecurity('ops')
@UseGuards(OperatorGuard)
@Controller('api/operations/integrity')
export class IntegrityOperationsController {
  constructor(private readonly check: IntegrityCheck) {}

  @Get()
  @ApiOk(IntegrityStatusDto, 'The running or last hash-chain check: progress, and the first broken link if any')
  status() {
    return this.check.status();
  }

  @Post()
  @HttpCode(202)
  @ApiAccepted(IntegrityStatusDto, 'Check started (or joined); follow it in GET /api/operations/integrity')
  start() {
    void this.check.start();
    return this.check.status();
  }
}

/** The background jobs (operations page, `npm run projections -- status`): who holds each, its checkpoint and lag. */
@ApiTags('operations')
@ApiSecurity('ops')
@UseGuards(OperatorGuard)
@Controller('api/operations/jobs')
export class JobsOperationsController {
  constructor(private readonly jobs: JobRunner) {}

  @Get()
  @ApiOk(
    JobsStatusDto,
    'Every background job with the replica holding it, its checkpoint and lag, and the live replicas',
  )
  async status() {
    const { replica, leases, replicas, jobs } = await this.jobs.status();
    return { replica: { id: replica.id, host: replica.host, pid: replica.pid }, leases, replicas, jobs };
  }
}
