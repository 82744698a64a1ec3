import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { EventStore } from '../event-store/event-store.js';
import { ProjectionEngine } from '../projections/projection-engine.js';
import type { ReadStore } from '../read-store/read-store.js';
import { EVENT_STORE, READ_STORE } from '../tokens.js';

@ApiTags('operations')
@Controller('api/health')
export class HealthController {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_STORE) private readonly reads: ReadStore,
    private readonly engine: ProjectionEngine,
  ) {}

  @Get()
  @ApiOkResponse({ description: "Each store's status, and each projection's checkpoint and lag." })
  async health() {
    const settle = async <T>(check: () => Promise<T>, kind: string) => {
      try {
        return await check();
      } catch (e) {
        return { ok: false, kind, detail: e instanceof Error ? e.message : String(e) };
      }
    };
    const [eventStore, readStore, projections] = await Promise.all([
      settle(() => this.events.health(), this.events.kind),
      settle(() => this.reads.health(), this.reads.kind),
      this.engine.status(),
    ]);
    const ok = eventStore.ok && readStore.ok && projections.every((p) => p.status !== 'failed');
    return { status: ok ? 'ok' : 'degraded', eventStore, readStore, projections };
  }
}
