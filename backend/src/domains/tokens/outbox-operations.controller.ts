import { Controller, Get, HttpCode, Inject, Post, UseGuards } from '@nestjs/common';
import { ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { Logger } from 'pino';
import { DomainError } from '../../platform/errors.js';
import { ApiAccepted, ApiOk } from '../../platform/http/api-response.js';
import { OperatorGuard } from '../../platform/operations/operator.guard.js';
import { LOGGER } from '../../platform/injection-keys.js';
import { ChainOutbox } from './chain-outbox.js';
import { ChainFlowRebuildStartedDto, ChainFlowStatusDto } from './tokens.dto.js';

/** The chain outbox's fold for operators and `npm run chain -- status | rebuild` (its checkpoint, lag, a rebuild). */
@ApiTags('operations')
@ApiSecurity('ops')
@UseGuards(OperatorGuard)
@Controller('api/operations/chain-outbox')
export class ChainOutboxOperationsController {
  constructor(
    private readonly outbox: ChainOutbox,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @Get()
  @ApiOk(
    ChainFlowStatusDto,
    "The outbox's fold: its position, the log's head and lag, its snapshot, folding and sending, a rebuild's progress and the last one's outcome",
  )
  status() {
    return this.outbox.status();
  }

  @Post('rebuild')
  @HttpCode(202)
  @ApiAccepted(
    ChainFlowRebuildStartedDto,
    'Rebuild started: drops the snapshot and folds the log from position 0 (sending pauses meanwhile); follow it in GET /api/operations/chain-outbox',
  )
  rebuild() {
    if (!this.outbox.enabled) throw new DomainError('There is no chain (CHAIN=off): nothing to rebuild', 409);
    if (this.outbox.isRebuilding) throw new DomainError('The chain outbox is already being rebuilt', 409);
    // The rebuild's own start is at or after this, on the same clock: a client waits for an outcome as recent.
    const requestedAt = new Date().toISOString();
    this.logger.info('chain outbox rebuild started');
    void this.outbox.rebuild().then(
      (result) => this.logger.info(result, 'chain outbox rebuilt from position 0'),
      (error: unknown) => this.logger.error({ err: error }, 'chain outbox rebuild failed'),
    );
    return { started: true, requestedAt };
  }
}
