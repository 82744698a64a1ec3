import { ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import type { ChainKind } from '../chain/chain.js';
import { ProjectionInfoDto } from '../operations/operations.dto.js';

export class StoreHealthDto {
  @ApiProperty() ok: boolean;
  @ApiProperty({ description: 'The adapter: memory, pglite, postgres, eventstoredb, mongodb' }) kind: string;
  @ApiPropertyOptional({ description: 'What went wrong' }) detail?: string;
  @ApiPropertyOptional({
    description:
      'Read store only: collections kept but not in memory yet (after a restart they load in the background); 0 once every one is',
  })
  loading?: number;
}

/** No chain is configured (CHAIN=off): nothing to report. */
export class ChainOffDto {
  @ApiProperty() ok: boolean;
  @ApiProperty({ enum: ['off'] }) kind: 'off';
  @ApiProperty({ type: Number, nullable: true, enum: [null] }) chainId: null;
  @ApiProperty({ type: Number, nullable: true, enum: [null] }) head: null;
  @ApiProperty({ type: Number, nullable: true, enum: [null] }) drift: null;
}

/** The embedded node (anvil) the app runs and restarts when it dies. */
export class EmbeddedNodeDto {
  @ApiProperty({ type: Number, nullable: true, description: 'Its process id; null while it is down' })
  pid: number | null;
  @ApiProperty({ description: 'How often it was restarted after dying' }) restarts: number;
}

export class ChainOnDto {
  @ApiProperty() ok: boolean;
  @ApiProperty({ enum: ['anvil', 'rpc'] }) kind: ChainKind;
  @ApiProperty() chainId: number;
  @ApiProperty({ type: Number, nullable: true, description: 'The head block; null when the node did not answer' })
  head: number | null;
  @ApiPropertyOptional({ description: 'Why the node did not answer' }) detail?: string;
  @ApiPropertyOptional({
    description: 'True while the chain is being opened (the embedded node starting): not ok, and sends wait for it',
  })
  starting?: boolean;
  @ApiPropertyOptional({
    description:
      'True while the chain outbox loads its state after a restart: chain views wait for it, and the reconciliation is not run yet',
  })
  stateLoading?: boolean;
  @ApiProperty({
    type: Number,
    nullable: true,
    description:
      'Σ |register − chain| over every holder of every token; 0 when they agree (null before the first check, and while the node does not answer)',
  })
  drift: number | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    description:
      'Cents: Σ |expected − held| over the wallets the platform moved the NZD stablecoin to or from (paid lines, transfers between investors); 0 when they agree (null before the first check, and while the node does not answer)',
  })
  stablecoinDrift: number | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Chain transactions not yet settled, counted from the log (null while its state loads)',
  })
  pending: number | null;
  @ApiProperty({ description: 'Chain transactions without outcome for longer than pendingBoundSeconds' })
  overdue: number;
  @ApiProperty({ description: 'CHAIN_PENDING_BOUND_SECONDS: how long a transaction may wait before it is overdue' })
  pendingBoundSeconds: number;
  @ApiPropertyOptional({ type: EmbeddedNodeDto, description: 'With the embedded node only' })
  node?: EmbeddedNodeDto;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Chain transactions that will not happen by themselves (GET /api/admin/chain/problems lists them)',
  })
  problems: number | null;
}

/** The chain as anyone may read it: the token and wallet screens ask whether there is one and whether it answers. */
export class ChainSummaryDto {
  @ApiProperty({ description: 'The node answers (true with no chain)' }) ok: boolean;
  @ApiProperty({ enum: ['off', 'anvil', 'rpc'] }) kind: 'off' | ChainKind;
}

/**
 * GET /api/health as anyone reads it: what a load balancer or a healthcheck needs (the HTTP status says the same
 * as `ready`) and the chain's kind and ok. Nothing that counts the platform's activity: that is for operators.
 */
export class HealthDto {
  @ApiProperty({ enum: ['ok', 'degraded'], description: 'degraded whenever `failing` is not empty' })
  status: 'ok' | 'degraded';
  @ApiProperty({ description: 'false (HTTP 503): this replica cannot serve correctly; send its requests elsewhere' })
  ready: boolean;
  @ApiProperty({
    type: [String],
    description:
      'The checks that fail, by name: eventStore, readStore, projections, chain, or a domain’s check (register); empty when ok',
  })
  failing: string[];
  @ApiProperty({ type: ChainSummaryDto, description: 'The chain tokens are issued on (off: none)' })
  chain: ChainSummaryDto;
}

/**
 * GET /api/health as an operator reads it (the ops token or a signed-in admin): beside the same verdict, why, and
 * each part's figures. Beside these, each domain's own check sits under its name (register: the last
 * reconciliation of the read models against the asset registers — ok, assets, drift, unsettled, checkedAt).
 */
export class OperatorHealthDto extends HealthDto {
  @ApiProperty({ type: [String], description: 'Why it is degraded or not ready, one sentence each; empty when ok' })
  reasons: string[];
  @ApiProperty({ type: StoreHealthDto }) eventStore: StoreHealthDto;
  @ApiProperty({ type: StoreHealthDto }) readStore: StoreHealthDto;
  @ApiProperty({ type: [ProjectionInfoDto] }) projections: ProjectionInfoDto[];
  @ApiProperty({
    oneOf: [{ $ref: getSchemaPath(ChainOffDto) }, { $ref: getSchemaPath(ChainOnDto) }],
    description: 'The chain tokens are issued on; a chain that is down degrades only token issuance',
  })
  override chain: ChainOffDto | ChainOnDto;
  /** The domains' checks, by name. */
  [check: string]: unknown;
}

/** GET /api/health/live. */
export class LivenessDto {
  @ApiProperty({ enum: ['ok'] }) status: 'ok';
  @ApiProperty() pid: number;
  @ApiProperty() uptimeSeconds: number;
}
