import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsEmail,
  IsIn,
  IsNumber,
  IsOptional,
  IsString,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { allOf, CreatedDto, WrittenDto } from '../../platform/http/api-response.js';
import { IsIsoDate } from '../../platform/http/dates.js';
import { REVOCATION_MESSAGES, VERIFICATION_MESSAGES } from '../../messages.js';
import type { VerificationDoc } from '../../projections/verifications.js';
import {
  LARGE_INVESTMENT_THRESHOLD,
  NET_WORTH_THRESHOLD,
  PROFESSIONAL_TYPES,
  REVOCATION_STATEMENT_MAX,
  REVOCATION_STATEMENT_MIN,
  VERIFICATION_TYPES,
  type ProfessionalType,
  type VerificationType,
} from './events.js';
import { FUTURE_SWEEP } from './verification.decider.js';
import { MinVisibleLength } from '../../platform/http/visible-length.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const toNumber = ({ value }: { value: unknown }) => {
  if (value === null || value === undefined || value === '') return undefined;
  const n = Number(typeof value === 'string' ? value.replace(/,/g, '') : value);
  return Number.isFinite(n) ? n : Number.NaN;
};

/** A document uploaded first (POST /api/wholesale-verification/documents) and listed with the submission. */
export class VerificationDocumentRefDto {
  @ApiProperty() @IsString() @MaxLength(200) filename: string;
  @ApiProperty({ description: 'The url the upload answered with' }) @IsString() @MaxLength(300) url: string;
  @ApiProperty() @IsString() @MaxLength(100) type: string;
  @ApiPropertyOptional() @IsOptional() @IsNumber() size?: number;
}

const M = VERIFICATION_MESSAGES;
type Submission = { verificationType?: unknown; professionalType?: unknown };

/**
 * POST /api/wholesale-verification (docs/specification.md §3 submission, §5 messages). Every field's rule is checked here, the
 * category's grounds only for that category, so one answer lists every mistake.
 */
export class SubmitVerificationDto {
  @ApiProperty({ enum: VERIFICATION_TYPES })
  @IsIn(VERIFICATION_TYPES, { message: M.verificationType })
  verificationType: VerificationType;

  @ApiPropertyOptional({ minimum: NET_WORTH_THRESHOLD, description: 'NZD; for high_net_worth' })
  @ValidateIf((o: Submission) => o.verificationType === 'high_net_worth')
  @Transform(toNumber)
  @IsNumber({}, { message: M.netWorthAmount })
  @Min(NET_WORTH_THRESHOLD, { message: M.netWorthAmount })
  netWorthAmount?: number;

  @ApiPropertyOptional({ minimum: LARGE_INVESTMENT_THRESHOLD, description: 'NZD; for large_investment' })
  @ValidateIf((o: Submission) => o.verificationType === 'large_investment')
  @Transform(toNumber)
  @IsNumber({}, { message: M.investmentAmount })
  @Min(LARGE_INVESTMENT_THRESHOLD, { message: M.investmentAmount })
  investmentAmount?: number;

  @ApiPropertyOptional({ enum: PROFESSIONAL_TYPES, description: 'For professional' })
  @ValidateIf((o: Submission) => o.verificationType === 'professional' || (o.professionalType ?? null) !== null)
  @IsIn(PROFESSIONAL_TYPES, { message: M.professionalType })
  professionalType?: ProfessionalType;

  @ApiProperty({ minLength: 2 })
  @Transform(trim)
  @IsString({ message: M.verifierName })
  @MinVisibleLength(2, { message: M.verifierName })
  @MaxLength(120)
  verifierName: string;

  @ApiProperty({ format: 'email' })
  @Transform(trim)
  @IsEmail({}, { message: M.verifierContact })
  @MaxLength(254, { message: M.verifierContact })
  verifierContact: string;

  @ApiPropertyOptional({ type: [VerificationDocumentRefDto] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(10)
  @ValidateNested({ each: true })
  @Type(() => VerificationDocumentRefDto)
  verificationDocuments?: VerificationDocumentRefDto[];
}

/** PUT /api/admin/wholesale-verification/:id. */
export class DecideVerificationDto {
  @ApiProperty({ enum: ['verified', 'rejected'] })
  @IsIn(['verified', 'rejected'], { message: 'Status must be verified or rejected' })
  status: 'verified' | 'rejected';
  @ApiPropertyOptional() @IsOptional() @Transform(trim) @IsString() @MaxLength(1000) rejectionReason?: string;
}

/** POST /api/wholesale-verification/revoke: the investor's own revocation, in writing (Schedule 1 clause 46). */
export class RevokeCertificateDto {
  @ApiProperty({
    minLength: REVOCATION_STATEMENT_MIN,
    maxLength: REVOCATION_STATEMENT_MAX,
    description: 'The written revocation in the investor’s own words, at least a sentence',
  })
  @Transform(trim)
  @IsString({ message: REVOCATION_MESSAGES.statement })
  @MinLength(REVOCATION_STATEMENT_MIN, { message: REVOCATION_MESSAGES.statement })
  @MaxLength(REVOCATION_STATEMENT_MAX, { message: REVOCATION_MESSAGES.statementTooLong })
  statement: string;
}

export class ExpireVerificationsDto {
  @ApiPropertyOptional({
    description:
      'As of (YYYY-MM-DD: the end of that New Zealand day, or now while it is today; or a date-time with its zone), not after now; default now',
  })
  @IsOptional()
  @IsIsoDate({ notInFuture: true }, { futureMessage: FUTURE_SWEEP })
  asOf?: string;
}

// ── Answers ──

const VERIFICATION_STATUSES = allOf<VerificationDoc['status']>({
  pending: true,
  verified: true,
  rejected: true,
  expired: true,
  revoked: true,
});

/** The spec's wholesale status (docs/specification.md §3), judged now: a certification past its validity period no longer counts. */
export class WholesaleStatusDto {
  @ApiProperty({ enum: ['none', ...VERIFICATION_STATUSES] })
  verificationStatus: 'none' | VerificationDoc['status'];
  @ApiProperty() isWholesaleInvestor: boolean;
  @ApiProperty({ enum: VERIFICATION_TYPES, nullable: true }) verificationType: VerificationType | null;
  @ApiProperty({ type: String, nullable: true }) verifiedAt: string | null;
  @ApiProperty({ type: String, nullable: true }) validUntil: string | null;
  @ApiProperty({ type: String, nullable: true }) rejectionReason: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'When the investor revoked their certificate (status revoked; distinct from expired, a lapse)',
  })
  revokedAt: string | null;
}

/** An uploaded piece of evidence, as the submission lists it (docs/specification.md §3: filename, url, type). */
export class UploadedEvidenceDto {
  @ApiProperty() filename: string;
  @ApiProperty({ description: 'Where to download it; the submission names it by this url' }) url: string;
  @ApiProperty({ description: 'Its content type' }) type: string;
  @ApiProperty({ description: 'Bytes' }) size: number;
}

export class VerificationSubmittedDto extends CreatedDto {
  @ApiProperty({ enum: ['pending'] }) status: 'pending';
}

export class CertificateRevokedDto extends WrittenDto {
  @ApiProperty({ enum: ['revoked'] }) status: 'revoked';
  @ApiProperty({ description: 'When it took effect: when it was recorded' }) revokedAt: string;
}

export class EvidenceDocumentDto {
  @ApiProperty() documentId: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'null once the investor is forgotten (the file is deleted)',
  })
  fileName: string | null;
  @ApiProperty() contentType: string;
  @ApiProperty() size: number;
  @ApiProperty() sha256: string;
}

export class EvidenceLinkDto extends EvidenceDocumentDto {
  @ApiProperty() url: string;
}

/** A verification as its read model stores it. */
export class StoredVerificationDto {
  @ApiProperty() id: string;
  @ApiProperty() userId: string;
  @ApiProperty({ enum: VERIFICATION_TYPES }) verificationType: VerificationType;
  @ApiProperty({ enum: VERIFICATION_STATUSES }) status: VerificationDoc['status'];
  @ApiProperty({ type: Number, nullable: true }) netWorthAmount: number | null;
  @ApiProperty({ type: Number, nullable: true }) investmentAmount: number | null;
  @ApiProperty({ enum: PROFESSIONAL_TYPES, nullable: true }) professionalType: ProfessionalType | null;
  @ApiProperty() verifierName: string;
  @ApiProperty() verifierContact: string;
  @ApiProperty({ type: [EvidenceDocumentDto] }) documents: EvidenceDocumentDto[];
  @ApiProperty({ type: String, nullable: true }) rejectionReason: string | null;
  @ApiProperty() createdAt: string;
  @ApiProperty({ type: String, nullable: true }) verifiedAt: string | null;
  @ApiProperty({ type: String, nullable: true }) validUntil: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The admin who decided' }) decidedBy: string | null;
  @ApiProperty({ type: String, nullable: true }) expiredAt: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'When the investor revoked it in writing' })
  revokedAt: string | null;
}

/** A verification as admins review it (docs/specification.md §3 stored record), with the investor named and evidence links. */
export class VerificationRecordDto extends OmitType(StoredVerificationDto, ['documents'] as const) {
  @ApiProperty({ description: "The name on the investor's account, else their e-mail" }) name: string;
  @ApiProperty({ type: String, nullable: true }) email: string | null;
  @ApiProperty({ type: [EvidenceLinkDto] }) documents: EvidenceLinkDto[];
}

export class VerificationsDto {
  @ApiProperty({ type: [VerificationRecordDto], description: 'Newest first' })
  verifications: VerificationRecordDto[];
}

export class VerificationDecidedDto {
  @ApiProperty({ type: StoredVerificationDto, nullable: true }) verification: StoredVerificationDto | null;
  @ApiProperty({ description: 'Event log position, for X-Read-After' }) position: number;
}

/** The admin page's counters. */
export class AdminCountersDto {
  @ApiProperty() pending: number;
  @ApiProperty() verified: number;
  @ApiProperty() rejected: number;
  @ApiProperty() activeOfferings: number;
}

export class VerificationsExpiredDto {
  @ApiProperty({ description: 'Certifications lapsed by this sweep' }) expired: number;
  @ApiProperty() position: number;
}
