import { ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import type { ChainKind } from '../chain/chain.js';
import { ProjectionInfoDto } from '../operations/operations.dto.js';

export class StoreHealthDto {
  @ApiProperty() ok: boolean;
  @ApiProperty({ description: 'The adapter: memory, pglite, postgres, eventstoredb, mongodb' }) kind: string;
  @ApiPropertyOptional({ description: 'What went wrong' }) detail?: string;
}

/** No chain is configured (CHAIN=off): nothing to report. */
export class ChainOffDto {
  @ApiProperty() ok: boolean;
  @ApiProperty({ enum: ['off'] }) kind: 'off';
  @ApiProperty({ type: Number, nullable: true, enum: [null] }) chainId: null;
  @ApiProperty({ type: Number, nullable: true, enum: [null] }) head: null;
  @ApiProperty({ type: Number, nullable: true, enum: [null] }) drift: null;
}

export class ChainOnDto {
  @ApiProperty() ok: boolean;
  @ApiProperty({ enum: ['anvil', 'rpc'] }) kind: ChainKind;
  @ApiProperty() chainId: number;
  @ApiProperty({ type: Number, nullable: true, description: 'The head block; null when the node did not answer' })
  head: number | null;
  @ApiPropertyOptional({ description: 'Why the node did not answer' }) detail?: string;
  @ApiProperty({
    type: Number,
    nullable: true,
    description:
      'Σ |register − chain| over every holder of every token; 0 when they agree (null before the first check)',
  })
  drift: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Chain transactions not yet settled' })
  pending: number | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Chain transactions that will not happen by themselves (GET /api/admin/chain/problems lists them)',
  })
  problems: number | null;
}

/**
 * GET /api/health. Beside these, each domain's own check sits under its name (register: the last reconciliation
 * of the read models against the asset registers — ok, assets, drift, unsettled, checkedAt).
 */
export class HealthDto {
  @ApiProperty({ enum: ['ok', 'degraded'] }) status: 'ok' | 'degraded';
  @ApiProperty({ type: StoreHealthDto }) eventStore: StoreHealthDto;
  @ApiProperty({ type: StoreHealthDto }) readStore: StoreHealthDto;
  @ApiProperty({ type: [ProjectionInfoDto] }) projections: ProjectionInfoDto[];
  @ApiProperty({
    oneOf: [{ $ref: getSchemaPath(ChainOffDto) }, { $ref: getSchemaPath(ChainOnDto) }],
    description: 'The chain tokens are issued on; a chain that is down degrades only token issuance',
  })
  chain: ChainOffDto | ChainOnDto;
  /** The domains' checks, by name. */
  [check: string]: unknown;
}
