import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { IsIsoDate } from '../../platform/http/dates.js';

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
  @Type(() => Number)
  @IsInt()
  @Min(0)
  after?: number;

  @ApiPropertyOptional({ default: 50 })
  @IsOptional()
  @Type(() => Number)
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
