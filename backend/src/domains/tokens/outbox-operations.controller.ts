import { Controller, Get, HttpCode, Inject, Post, UseGuards } from '@nestjs/common';
import { ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { Logger } from 'pino';
import { ApiOk } from '../../platform/http/api-response.js';
import { OperatorGuard } from '../../platform/operations/operator.guard.js';
import { LOGGER } from '../../platform/tokens.js';
import { ChainOutbox } from './chain-outbox.js';
import { ChainFlowRebuildDto, ChainFlowStatusDto } from './tokens.dto.js';

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
    "The outbox's fold: its position, the log's head and lag, its snapshot, folding and sending",
  )
  status() {
    return this.outbox.status();
  }

  @Post('rebuild')
  @HttpCode(200)
  @ApiOk(
    ChainFlowRebuildDto,
    'Drops the snapshot and folds the log from position 0 (sending pauses meanwhile); answers once it is swapped in',
  )
  async rebuild() {
    this.logger.info('chain outbox rebuild started');
    const result = await this.outbox.rebuild();
    this.logger.info(result, 'chain outbox rebuilt from position 0');
    return result;
  }
}
