import { ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import type { Role } from '../../platform/event-store/event-store.js';
import { IsIsoDate } from '../../platform/http/dates.js';
import { numberFromText } from '../../platform/http/validation.js';

const trim = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
const ISO = { message: 'Times must be ISO-8601, for example 2026-11-23T09:30:00Z or 2026-11-23, years 2000 to 2100' };

export class HistoryFilterDto {
  @ApiPropertyOptional({ description: "A stream id or its start, e.g. 'offering-' or 'asset-7f…'" })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(200)
  stream?: string;

  @ApiPropertyOptional({ example: 'InvestmentRequested' })
  @IsOptional()
  @Transform(trim)
  @Matches(/^[A-Za-z]{2,80}$/, { message: 'Event type must be a name such as InvestmentRequested' })
  type?: string;

  @ApiPropertyOptional({
    description: "A user id, an account's e-mail address (looked up by its keyed key), 'anonymous', or 'system:<name>'",
  })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(200)
  actor?: string;

  @ApiPropertyOptional() @IsOptional() @Transform(trim) @IsIsoDate({}, ISO) from?: string;
  @ApiPropertyOptional() @IsOptional() @Transform(trim) @IsIsoDate({}, ISO) to?: string;
}

export class TimelineQueryDto extends HistoryFilterDto {
  @ApiPropertyOptional({ description: 'Events after this global position (the previous page’s `next`)' })
  @IsOptional()
  @Transform(numberFromText)
  @IsInt()
  @Min(0)
  // A log position is a safe integer: beyond it the database's bigint refused the query (a 500).
  @Max(Number.MAX_SAFE_INTEGER)
  after?: number;

  @ApiPropertyOptional({ default: 50 })
  @IsOptional()
  @Transform(numberFromText)
  @IsInt()
  @Min(1)
  @Max(500)
  limit?: number;
}

export class ExportQueryDto extends HistoryFilterDto {
  @ApiProperty({ enum: ['csv', 'json'] }) @IsIn(['csv', 'json'], { message: 'Format must be csv or json' }) format:
    | 'csv'
    | 'json';
}

export class StateQueryDto {
  @ApiProperty({ description: 'The moment to look back to', example: '2026-11-20T10:00:00Z' })
  @Transform(trim)
  @IsIsoDate({}, ISO)
  at: string;
}

export class ForgetPersonDto {
  @ApiProperty({ example: 'Request under the Privacy Act 2020, received 20 November 2026' })
  @IsString({
    message:
      'Please give the reason for forgetting this person (for example, their request under the Privacy Act 2020)',
  })
  @MaxLength(500)
  reason: string;
}

// ── Answers ──

export class UserActorDto {
  @ApiProperty({ enum: ['user'] }) kind: 'user';
  @ApiProperty() userId: string;
  @ApiProperty({ enum: ['admin', 'compliance'], isArray: true, description: 'The roles held when acting' })
  roles: readonly Role[];
}

export class AnonymousActorDto {
  @ApiProperty({ enum: ['anonymous'] }) kind: 'anonymous';
}

export class SystemActorDto {
  @ApiProperty({ enum: ['system'] }) kind: 'system';
  @ApiProperty({ description: 'The process that acted, e.g. stripe-webhook' }) name: string;
}

export class EventMetadataDto {
  @ApiProperty() eventId: string;
  @ApiProperty() schemaVersion: number;
  @ApiProperty() occurredAt: string;
  @ApiProperty({
    oneOf: [UserActorDto, AnonymousActorDto, SystemActorDto].map((actor) => ({ $ref: getSchemaPath(actor) })),
    description: 'Who acted',
  })
  actor: UserActorDto | AnonymousActorDto | SystemActorDto;
  @ApiProperty() correlationId: string;
  @ApiProperty({ type: String, nullable: true }) causationId: string | null;
  /** Adapters may keep more (the hash chain's fields, for instance). */
  [extra: string]: unknown;
}

/** Four eyes: who asked for what a decision event decided, and who decided it (user ids, or `system:<name>`). */
export class DecisionDto {
  @ApiProperty({ description: 'The person whose request it was (owner, investor, applicant)' }) requestedBy: string;
  @ApiProperty({ description: 'Who decided it: a user id, or system:<name>' }) decidedBy: string;
}

/** An event as stored, with its metadata. */
export class AuditEventDto {
  @ApiProperty() streamId: string;
  @ApiProperty() revision: number;
  @ApiProperty({ description: 'Global position in the log' }) position: number;
  @ApiProperty() type: string;
  @ApiProperty({ type: 'object', additionalProperties: true, description: "The event's own fields" }) data: unknown;
  @ApiProperty({ type: EventMetadataDto }) metadata: EventMetadataDto;
  @ApiProperty({
    type: DecisionDto,
    nullable: true,
    description: 'For a decision on a request: who asked, who decided',
  })
  decision: DecisionDto | null;
}

export class PersonNameDto {
  @ApiProperty() name: string;
  @ApiProperty({ description: 'Their key is gone (Privacy Act 2020)' }) forgotten: boolean;
}

/** People (by id) and streams (by stream id) named for the audit screen; the ids stay in the events. */
export class AuditNamesDto {
  @ApiProperty({ type: 'object', additionalProperties: { $ref: getSchemaPath(PersonNameDto) } })
  people: Record<string, PersonNameDto>;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' } }) streams: Record<string, string>;
}

/** One page of the timeline. */
export class AuditPageDto {
  @ApiProperty({ type: [AuditEventDto] }) events: AuditEventDto[];
  @ApiProperty({ type: Number, nullable: true, description: 'Where the next page starts; null at the end of the log' })
  next: number | null;
  @ApiProperty({ description: "The log's head position" }) head: number;
  @ApiProperty({ type: AuditNamesDto }) names: AuditNamesDto;
}

/** Everything one request caused. */
export class CorrelationDto {
  @ApiProperty() correlationId: string;
  @ApiProperty({ type: [AuditEventDto] }) events: AuditEventDto[];
  @ApiProperty({ type: AuditNamesDto }) names: AuditNamesDto;
}

/** An aggregate as it stood at a past moment, beside the events that built it. */
export class AggregateAtDto {
  @ApiProperty() streamId: string;
  @ApiProperty() at: string;
  @ApiProperty({ type: String, nullable: true, description: 'null for a stream no decider folds' })
  aggregate: string | null;
  @ApiProperty({ description: 'The last revision known then; -1 for none' }) revision: number;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    description: 'The folded state, as plain JSON',
  })
  state: unknown;
  @ApiProperty({ type: [AuditEventDto] }) events: AuditEventDto[];
  @ApiProperty({ description: 'Events recorded on the stream after the moment' }) laterEvents: number;
  @ApiProperty({ type: AuditNamesDto }) names: AuditNamesDto;
}

/** A person's standing for forgetting. */
export class SubjectStandingDto {
  @ApiProperty() subjectId: string;
  @ApiProperty({ description: 'Events that carry their personal data' }) personalEvents: number;
  @ApiProperty({ description: 'A customer under the AML/CFT Act (verified as a wholesale investor, or invested)' })
  customer: boolean;
  @ApiProperty({ type: String, nullable: true }) relationshipEnded: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Records must be kept until then' })
  retainedUntil: string | null;
  @ApiProperty() forgotten: boolean;
}

export class PersonForgottenDto {
  @ApiProperty() subjectId: string;
  @ApiProperty() forgotten: boolean;
  @ApiProperty() position: number;
  @ApiProperty({ type: [String], description: 'Read models rebuilt to drop their copies of the personal data' })
  rebuilding: readonly string[];
}
