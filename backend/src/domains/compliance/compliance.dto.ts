import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsIsoDate } from '../../platform/http/dates.js';
import { CHECK_IDS, CHECK_STATUSES, type CheckId, type CheckStatus } from './events.js';

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

// ── Answers ──

/** docs/specification.md §3 "Compliance check", with when it was last recorded. */
export class ComplianceCheckDto {
  @ApiProperty({ enum: CHECK_IDS }) id: CheckId;
  @ApiProperty() name: string;
  @ApiProperty() description: string;
  @ApiProperty({ enum: CHECK_STATUSES, description: 'A passed check past its expiry date reads as expired' })
  status: CheckStatus;
  @ApiProperty({ type: String, nullable: true }) expiryDate: string | null;
  @ApiProperty({ type: String, nullable: true }) lastUpdated: string | null;
  @ApiProperty({ type: String, nullable: true }) note: string | null;
}

export class ComplianceDeadlineDto {
  @ApiProperty({ enum: CHECK_IDS }) check: CheckId;
  @ApiProperty() name: string;
  @ApiProperty() expiryDate: string;
  @ApiProperty() daysLeft: number;
}

/** The review asked for and not yet complete. */
export class OpenReviewRequestDto {
  @ApiProperty() requestId: string;
  @ApiProperty() requestedAt: string;
  @ApiProperty({ type: String, nullable: true }) message: string | null;
  @ApiProperty({ enum: CHECK_IDS, isArray: true, description: 'The checks staff have recorded since it was asked for' })
  recorded: CheckId[];
}

export class ComplianceHistoryEntryDto {
  @ApiProperty() at: string;
  @ApiProperty({ enum: CHECK_IDS, nullable: true }) check: CheckId | null;
  @ApiProperty({ enum: CHECK_STATUSES, nullable: true }) status: CheckStatus | null;
  @ApiProperty({ type: String, nullable: true }) expiryDate: string | null;
  @ApiProperty({ type: String, nullable: true }) note: string | null;
  @ApiProperty({ description: 'In words' }) event: string;
}

/** The Compliance Dashboard of one owner: checks as they stand today, score, deadlines, history. */
export class ComplianceOverviewDto {
  @ApiProperty({ type: [ComplianceCheckDto] }) checks: ComplianceCheckDto[];
  @ApiProperty({ description: 'Percent of the four checks passed' }) score: number;
  @ApiProperty({ enum: ['Excellent', 'Good', 'Needs Attention'] }) label: 'Excellent' | 'Good' | 'Needs Attention';
  @ApiProperty({ type: [ComplianceDeadlineDto], description: 'Soonest first' }) deadlines: ComplianceDeadlineDto[];
  @ApiProperty({ type: OpenReviewRequestDto, nullable: true }) openRequest: OpenReviewRequestDto | null;
  @ApiProperty({ type: [ComplianceHistoryEntryDto], description: 'Newest first, at most 100' })
  history: ComplianceHistoryEntryDto[];
}

/** An owner waiting for compliance staff. */
export class ComplianceReviewDto extends ComplianceOverviewDto {
  @ApiProperty() ownerId: string;
  @ApiProperty({ type: String, nullable: true }) email: string | null;
}
