import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsIsoDate } from '../../platform/http/dates.js';
import { CHECK_STATUSES, type CheckStatus } from './events.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class ReviewRequestDto {
  @ApiPropertyOptional() @IsOptional() @Transform(trim) @IsString() @MaxLength(1000) message?: string;
}

export class RecordCheckDto {
  @ApiProperty({ enum: CHECK_STATUSES })
  @IsIn(CHECK_STATUSES, { message: 'Status must be passed, pending, failed or expired' })
  status: CheckStatus;
  @ApiPropertyOptional({ example: '2027-06-30' })
  @IsOptional()
  @IsIsoDate({ dateOnly: true }, { message: 'Expiry date must be a date (YYYY-MM-DD)' })
  expiryDate?: string;

  @ApiPropertyOptional() @IsOptional() @Transform(trim) @IsString() @MaxLength(1000) note?: string;
}
