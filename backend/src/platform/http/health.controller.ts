import { Controller, Get, Inject } from '@nestjs/common';
import { ApiExtraModels, ApiTags } from '@nestjs/swagger';
import type { EventStore } from '../event-store/event-store.js';
import { HealthChecks } from '../operations/health-checks.js';
import { ProjectionEngine } from '../projections/projection-engine.js';
import type { ReadStore } from '../read-store/read-store.js';
import { EVENT_STORE, READ_STORE } from '../tokens.js';
import { ChainStatus } from '../chain/chain-status.js';
import { ApiOk } from './api-response.js';
import { ChainOffDto, ChainOnDto, HealthDto } from './health.dto.js';

@ApiTags('operations')
@ApiExtraModels(ChainOffDto, ChainOnDto)
@Controller('api/health')
export class HealthController {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_STORE) private readonly reads: ReadStore,
    private readonly engine: ProjectionEngine,
    private readonly chainStatus: ChainStatus,
    private readonly checks: HealthChecks,
  ) {}

  @Get()
  @ApiOk(
    HealthDto,
    "Each store's status, each projection's checkpoint and lag, the chain ({ ok, kind, chainId, head, drift, " +
      'pending }) and the domains’ own checks (register: the last reconciliation of the read models against the ' +
      'asset registers — ok, assets, drift, checkedAt).',
  )
  async health(): Promise<HealthDto> {
    const settle = async <T>(check: () => Promise<T>, kind: string) => {
      try {
        return await check();
      } catch (e) {
        return { ok: false, kind, detail: e instanceof Error ? e.message : String(e) };
      }
    };
    const [eventStore, readStore, projections, chain] = await Promise.all([
      settle(() => this.events.health(), this.events.kind),
      settle(() => this.reads.health(), this.reads.kind),
      this.engine.status(),
      this.chainStatus.health(),
    ]);
    const checks = Object.fromEntries(this.checks.reports());
    // The chain is not a store the app needs to serve: a chain that is down degrades only token issuance, and
    // says so under `chain`.
    const ok =
      eventStore.ok &&
      readStore.ok &&
      projections.every((p) => p.status !== 'failed') &&
      Object.values(checks).every((c) => c.ok !== false);
    return { status: ok ? 'ok' : 'degraded', eventStore, readStore, projections, chain, ...checks };
  }
}
