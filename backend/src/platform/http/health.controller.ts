import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiServiceUnavailableResponse, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { HealthChecks } from '../operations/health-checks.js';
import { OperatorGuard } from '../operations/operator.guard.js';
import { ProjectionEngine } from '../projection-engine/projection-engine.js';
import { StoresHealth } from '../operations/store-health.js';
import { ChainStatus } from '../chain/chain-status.js';
import { ApiOkEither } from './api-response.js';
import { healthVerdict } from './health-verdict.js';
import type { HttpReply } from './http.js';
import type { KauriRequest } from './request-context.js';
import { ChainOffDto, ChainOnDto, EmbeddedNodeDto, HealthDto, LivenessDto, OperatorHealthDto } from './health.dto.js';

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
    private readonly operators: OperatorGuard,
  ) {}

  /**
   * Readiness: 503 when this replica cannot serve correctly; 200 (ok or degraded) otherwise, whoever asks. Anyone
   * reads the verdict, the failing checks by name and the chain's kind and ok; the figures (log positions, lags,
   * projection names, chain transactions, drift) count the platform's activity, so only an operator reads them.
   */
  @Get()
  @ApiOkEither(
    HealthDto,
    OperatorHealthDto,
    'Readiness. `status` is `ok`, or `degraded` with every failing check named in `failing`; HTTP 200 while the ' +
      'replica can serve (also when degraded by the chain, waiting chain transactions, drift or a failed domain ' +
      'check), 503 when it cannot (event or read store down, a projection stopped), the same for everyone. Anyone ' +
      'gets HealthDto (the verdict, `failing`, the chain’s `ok` and `kind`); an operator (the ops token or a ' +
      'signed-in admin) gets OperatorHealthDto: `reasons` in words, each store, each projection’s checkpoint and lag, ' +
      'the chain ({ ok, kind, chainId, head, drift, stablecoinDrift, pending, overdue, pendingBoundSeconds, node, ' +
      'problems }) and the domains’ own checks (register: the last reconciliation of the read models against the ' +
      'asset registers — ok, assets, drift, unsettled, checkedAt).',
  )
  @ApiServiceUnavailableResponse({
    description: 'Not ready: the same body, `ready: false`',
    schema: { anyOf: [{ $ref: getSchemaPath(HealthDto) }, { $ref: getSchemaPath(OperatorHealthDto) }] },
  })
  async health(
    @Req() req: KauriRequest,
    @Res({ passthrough: true }) reply: HttpReply,
  ): Promise<HealthDto | OperatorHealthDto> {
    const [{ eventStore, readStore }, projections, chain] = await Promise.all([
      this.stores.check(),
      this.engine.status(),
      this.chainStatus.health(),
    ]);
    const checks = Object.fromEntries(this.checks.reports());
    const { reasons, ...verdict } = healthVerdict({ eventStore, readStore, projections, chain, checks });
    if (!verdict.ready) reply.status(503);
    // What it says depends on who asks: no cache may give an operator's answer to anyone else.
    reply.header('cache-control', 'no-store');
    if (!this.operators.allows(req)) return { ...verdict, chain: { ok: chain.ok, kind: chain.kind } };
    return { ...verdict, reasons, eventStore, readStore, projections, chain, ...checks };
  }

  /** Liveness: the process and its event loop answer. Touches no store, so a dependency that is down never fails it. */
  @Get('live')
  @ApiOkResponse({ type: LivenessDto, description: 'Always 200 while the process answers (restart it when not)' })
  live(): LivenessDto {
    return { status: 'ok', pid: process.pid, uptimeSeconds: Math.round((Date.now() - started) / 1000) };
  }
}
