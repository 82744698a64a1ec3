import { Controller, Get, Res } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { HealthChecks } from '../operations/health-checks.js';
import { ProjectionEngine } from '../projection-engine/projection-engine.js';
import { StoresHealth } from '../operations/store-health.js';
import { ChainStatus } from '../chain/chain-status.js';
import { ApiOk } from './api-response.js';
import { healthVerdict } from './health-verdict.js';
import type { HttpReply } from './http.js';
import { ChainOffDto, ChainOnDto, EmbeddedNodeDto, HealthDto, LivenessDto } from './health.dto.js';

const started = Date.now();

@ApiTags('operations')
@ApiExtraModels(ChainOffDto, ChainOnDto, EmbeddedNodeDto)
@Controller('api/health')
export class HealthController {
  constructor(
    private readonly stores: StoresHealth,
    private readonly engine: ProjectionEngine,
    private readonly chainStatus: ChainStatus,
    private readonly checks: HealthChecks,
  ) {}

  /** Readiness: 503 when this replica cannot serve correctly; 200 (ok or degraded) otherwise. */
  @Get()
  @ApiOk(
    HealthDto,
    'Readiness. `status` is `ok`, or `degraded` with every `reasons` entry; HTTP 200 while the replica can serve ' +
      '(also when degraded by the chain, waiting chain transactions, drift or a failed domain check), 503 when it ' +
      'cannot (event or read store down, a projection stopped). Beside that: each store, each projection’s ' +
      'checkpoint and lag, the chain ({ ok, kind, chainId, head, drift, stablecoinDrift, pending, overdue, pendingBoundSeconds, node }) ' +
      'and the domains’ own checks (register: the last reconciliation of the read models against the asset ' +
      'registers — ok, assets, drift, checkedAt).',
  )
  @ApiServiceUnavailableResponse({ type: HealthDto, description: 'Not ready: the same body, `ready: false`' })
  async health(@Res({ passthrough: true }) reply: HttpReply): Promise<HealthDto> {
    const [{ eventStore, readStore }, projections, chain] = await Promise.all([
      this.stores.check(),
      this.engine.status(),
      this.chainStatus.health(),
    ]);
    const checks = Object.fromEntries(this.checks.reports());
    const verdict = healthVerdict({ eventStore, readStore, projections, chain, checks });
    if (!verdict.ready) reply.status(503);
    return { ...verdict, eventStore, readStore, projections, chain, ...checks };
  }

  /** Liveness: the process and its event loop answer. Touches no store, so a dependency that is down never fails it. */
  @Get('live')
  @ApiOkResponse({ type: LivenessDto, description: 'Always 200 while the process answers (restart it when not)' })
  live(): LivenessDto {
    return { status: 'ok', pid: process.pid, uptimeSeconds: Math.round((Date.now() - started) / 1000) };
  }
}
