import { ApiProperty } from '@nestjs/swagger';
import type { BrokenLink } from '../event-store/integrity.js';
import { allOf } from '../http/api-response.js';
import type { ProjectionStatus, RebuildOutcome } from '../projection-engine/projection-engine.js';

export class ProjectionErrorDto {
  @ApiProperty() message: string;
  @ApiProperty({ description: 'The event the projection stopped at' }) position: number;
  @ApiProperty() eventType: string;
  @ApiProperty() streamId: string;
  @ApiProperty() at: string;
}

/** `done` and `total` are log positions, so they compare even on stores whose positions have gaps. */
export class RebuildProgressDto {
  @ApiProperty() done: number;
  @ApiProperty() total: number;
  @ApiProperty() position: number;
  @ApiProperty({ description: 'Events per second' }) rate: number;
  @ApiProperty() startedAt: string;
}

/** What a read model's last rebuild did, as the server recorded it. */
export class RebuildOutcomeDto {
  @ApiProperty({ enum: ['swapped', 'failed'] }) outcome: RebuildOutcome['outcome'];
  @ApiProperty() startedAt: string;
  @ApiProperty() finishedAt: string;
  @ApiProperty() durationMs: number;
  @ApiProperty({ description: 'Events read from the log into the fresh copy' }) eventsReplayed: number;
  @ApiProperty({ description: 'The log position the fresh copy was built to' }) position: number;
  @ApiProperty({ description: 'Documents in the copy swapped in (0 when it failed)' }) documents: number;
  @ApiProperty({ type: String, nullable: true }) error: string | null;
}

/** Set while the read model's latest writes are served from memory but not stored: the store failed transiently. */
export class PersistenceRetryDto {
  @ApiProperty({ enum: [true] }) retrying: true;
  @ApiProperty({ description: 'Failed attempts to store them so far' }) attempts: number;
  @ApiProperty({ description: 'Why the last attempt failed' }) lastError: string;
  @ApiProperty() nextAttemptAt: string;
}

/** One read model's projection: where it stands against the log. */
export class ProjectionInfoDto {
  @ApiProperty() name: string;
  @ApiProperty() version: number;
  @ApiProperty({
    enum: allOf<ProjectionStatus>({
      starting: true,
      'catching-up': true,
      live: true,
      failed: true,
      rebuilding: true,
    }),
  })
  status: ProjectionStatus;
  @ApiProperty() checkpoint: number;
  @ApiProperty() head: number;
  @ApiProperty() lag: number;
  @ApiProperty({ description: 'Events per second over the last 10 s (live, resumed or replayed)' }) rate: number;
  @ApiProperty({ type: ProjectionErrorDto, nullable: true }) lastError: ProjectionErrorDto | null;
  @ApiProperty({ type: RebuildProgressDto, nullable: true }) rebuild: RebuildProgressDto | null;
  @ApiProperty({ type: RebuildOutcomeDto, nullable: true }) lastRebuild: RebuildOutcomeDto | null;
  @ApiProperty({ type: PersistenceRetryDto, nullable: true }) persistence: PersistenceRetryDto | null;
}

export class RebuildStartedDto {
  @ApiProperty() started: boolean;
  @ApiProperty() name: string;
  @ApiProperty({ description: 'The rebuild’s own start is at or after this' }) requestedAt: string;
}

export class ChecksumsDto {
  @ApiProperty({ type: 'object', additionalProperties: { type: 'number' }, description: 'By read model' })
  checkpoints: Record<string, number>;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: "SHA-256 of each read model's documents",
  })
  readModels: Record<string, string>;
}

export class BrokenLinkDto {
  @ApiProperty() streamId: string;
  @ApiProperty() revision: number;
  @ApiProperty() position: number;
  @ApiProperty() eventId: string;
  @ApiProperty() type: string;
  @ApiProperty({
    enum: allOf<BrokenLink['reason']>({ 'hash mismatch': true, 'missing hash': true, 'revision gap': true }),
  })
  reason: BrokenLink['reason'];
}

export class IntegrityReportDto {
  @ApiProperty() checkedEvents: number;
  @ApiProperty() checkedStreams: number;
  @ApiProperty({
    type: BrokenLinkDto,
    nullable: true,
    description: 'The first broken link in (stream, revision) order; null when every chain holds',
  })
  firstBroken: BrokenLinkDto | null;
}

/** The running or last tamper-evidence check. */
export class IntegrityStatusDto {
  @ApiProperty() running: boolean;
  @ApiProperty() checked: number;
  @ApiProperty({ description: 'Events in the log when the check started' }) total: number;
  @ApiProperty({ type: String, nullable: true }) startedAt: string | null;
  @ApiProperty({ type: String, nullable: true }) finishedAt: string | null;
  @ApiProperty({
    type: IntegrityReportDto,
    nullable: true,
    description: "The last finished check's report; null for EventStoreDB, which keeps no hashes",
  })
  report: IntegrityReportDto | null;
  @ApiProperty() supported: boolean;
  @ApiProperty({ type: String, nullable: true }) error: string | null;
}

export class ReplicaRefDto {
  @ApiProperty() id: string;
  @ApiProperty() host: string;
  @ApiProperty() pid: number;
}

export class HeldJobDto {
  @ApiProperty() name: string;
  @ApiProperty({ type: Number, nullable: true }) checkpoint: number | null;
}

export class ReplicaDto extends ReplicaRefDto {
  @ApiProperty() startedAt: string;
  @ApiProperty({ description: "The log position the replica's read models have applied" }) checkpoint: number;
  @ApiProperty({ type: [HeldJobDto], description: 'The jobs whose lease it holds' }) jobs: HeldJobDto[];
  @ApiProperty({ description: 'Its last heartbeat' }) seenAt: string;
}

export class JobRunDto {
  @ApiProperty() startedAt: string;
  @ApiProperty({ type: String, nullable: true }) finishedAt: string | null;
  @ApiProperty({ type: String, nullable: true }) error: string | null;
}

export class JobStatusDto {
  @ApiProperty() name: string;
  @ApiProperty() description: string;
  @ApiProperty({ enum: ['subscription', 'schedule'] }) kind: 'subscription' | 'schedule';
  @ApiProperty({
    enum: ['one-replica', 'every-replica'],
    description: 'one-replica: run by the holder of its lease; every-replica: each replica runs its own',
  })
  scope: 'one-replica' | 'every-replica';
  @ApiProperty({ type: ReplicaRefDto, nullable: true, description: 'The replica holding it (null: none now)' })
  holder: ReplicaRefDto | null;
  @ApiProperty() heldHere: boolean;
  @ApiProperty({ type: String, nullable: true, description: 'When this replica took it' }) since: string | null;
  @ApiProperty({ type: Number, nullable: true, description: "A subscription's position in the log" })
  checkpoint: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Events between its checkpoint and the head' })
  lag: number | null;
  @ApiProperty({ type: Number, nullable: true }) everyMs: number | null;
  @ApiProperty({ type: JobRunDto, nullable: true, description: "A schedule's last run on this replica" })
  lastRun: JobRunDto | null;
}

export class JobsStatusDto {
  @ApiProperty({ type: ReplicaRefDto, description: 'The replica that answered' }) replica: ReplicaRefDto;
  @ApiProperty({ enum: ['local', 'postgres', 'mongodb'], description: 'How leases are held' })
  leases: 'local' | 'postgres' | 'mongodb';
  @ApiProperty({ type: [ReplicaDto], description: 'The live replicas, by their heartbeats' }) replicas: ReplicaDto[];
  @ApiProperty({ type: [JobStatusDto] }) jobs: JobStatusDto[];
}
