import { Global, Module, type DynamicModule } from '@nestjs/common';
import { AggregateRepository } from './aggregate-repository.js';
import type { Config } from './config.js';
import type { EventStore } from './event-store/event-store.js';
import { HealthController } from './http/health.controller.js';
import type { Logger } from './logging.js';
import { ProjectionEngine } from './projection-engine/projection-engine.js';
import type { ReadStore } from './read-store/read-store.js';
import { ReadModels } from './read-store/read-models.js';
import { HealthChecks } from './operations/health-checks.js';
import { IntegrityCheck } from './operations/integrity-check.js';
import { StoresHealth } from './operations/store-health.js';
import {
  IntegrityOperationsController,
  JobsOperationsController,
  OperationsController,
} from './operations/operations.controller.js';
import { OperatorGuard } from './operations/operator.guard.js';
import { EmailKeys } from './email-key.js';
import { Secrets } from './secrets.js';
import { CHAIN, CONFIG, EVENT_STORE, LOGGER, OPS_TOKEN, READ_STORE, VAULT } from './injection-keys.js';
import type { ChainPort } from './chain/chain.js';
import { ChainKeys } from './chain/keys.js';
import { ChainStatus } from './chain/chain-status.js';
import type { Vault } from './vault/vault.js';
import type { CountedWindows } from './limits/counted-windows.js';
import { RateLimits } from './rate-limit.js';
import { JobRunner } from './jobs/job-runner.js';
import { ReplicaPositions } from './jobs/replica-positions.js';
import { JobsLifecycle } from './jobs/jobs-lifecycle.js';

export interface Platform {
  config: Config;
  eventStore: EventStore;
  readStore: ReadStore;
  /** Deletable secrets kept out of events (password hashes, per-person keys). */
  vault: Vault;
  /** Where attempt limits are counted (shared by the replicas on their database; stores.ts). */
  countedWindows: CountedWindows;
  engine: ProjectionEngine;
  /** Background work, run once across replicas (jobs/job-runner.ts). */
  jobs: JobRunner;
  replicaPositions: ReplicaPositions;
  logger: Logger;
  /** Per-boot token for local operators (see operations/runtime-file.ts). */
  opsToken: string;
  /** The chain tokens are issued on; null with CHAIN=off. */
  chain: ChainPort | null;
  chainKeys: ChainKeys;
}

/** The stores, the aggregate repository and the projection engine, opened before Nest boots. */
@Global()
@Module({})
export class PlatformModule {
  static forRoot(platform: Platform): DynamicModule {
    const secrets = new Secrets(platform.vault);
    return {
      module: PlatformModule,
      controllers: [HealthController, OperationsController, IntegrityOperationsController, JobsOperationsController],
      providers: [
        { provide: CONFIG, useValue: platform.config },
        { provide: EVENT_STORE, useValue: platform.eventStore },
        { provide: READ_STORE, useValue: platform.readStore },
        { provide: ReadModels, useValue: new ReadModels(platform.readStore) },
        { provide: VAULT, useValue: platform.vault },
        { provide: LOGGER, useValue: platform.logger },
        { provide: OPS_TOKEN, useValue: platform.opsToken },
        { provide: CHAIN, useValue: platform.chain },
        { provide: ChainKeys, useValue: platform.chainKeys },
        { provide: ChainStatus, useValue: new ChainStatus(platform.chain, platform.config.chain.pendingBoundSeconds) },
        OperatorGuard,
        { provide: Secrets, useValue: secrets },
        { provide: RateLimits, useValue: new RateLimits(platform.countedWindows, platform.logger) },
        { provide: EmailKeys, useValue: new EmailKeys(secrets) },
        { provide: IntegrityCheck, useValue: new IntegrityCheck(platform.eventStore) },
        { provide: HealthChecks, useValue: new HealthChecks() },
        { provide: StoresHealth, useValue: new StoresHealth(platform.eventStore, platform.readStore) },
        { provide: ProjectionEngine, useValue: platform.engine },
        { provide: JobRunner, useValue: platform.jobs },
        { provide: ReplicaPositions, useValue: platform.replicaPositions },
        JobsLifecycle,
        { provide: AggregateRepository, useValue: new AggregateRepository(platform.eventStore, platform.logger) },
      ],
      exports: [
        Secrets,
        RateLimits,
        EmailKeys,
        CONFIG,
        EVENT_STORE,
        READ_STORE,
        ReadModels,
        VAULT,
        LOGGER,
        OPS_TOKEN,
        CHAIN,
        ChainKeys,
        ChainStatus,
        ProjectionEngine,
        JobRunner,
        ReplicaPositions,
        AggregateRepository,
        IntegrityCheck,
        HealthChecks,
      ],
    };
  }
}
