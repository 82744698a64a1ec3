import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsEmail, IsIn, IsNumber, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { PROFESSIONAL_TYPES, VERIFICATION_TYPES, type ProfessionalType, type VerificationType } from './events.js';

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

/** POST /api/wholesale-verification (spec §3 submission, §5 messages). */
export class SubmitVerificationDto {
  @ApiProperty({ enum: VERIFICATION_TYPES }) @IsIn(VERIFICATION_TYPES, { message: 'Please choose how you qualify as a wholesale investor' }) verificationType: VerificationType;
  @ApiPropertyOptional() @IsOptional() @Transform(toNumber) netWorthAmount?: number;
  @ApiPropertyOptional() @IsOptional() @Transform(toNumber) investmentAmount?: number;
  @ApiPropertyOptional({ enum: PROFESSIONAL_TYPES }) @IsOptional() @IsIn(PROFESSIONAL_TYPES, { message: 'Please choose your profession' }) professionalType?: ProfessionalType;
  @ApiProperty() @Transform(trim) @IsString({ message: 'Verifier name required' }) @MaxLength(120) verifierName: string;
  @ApiProperty() @Transform(trim) @IsEmail({}, { message: 'Valid verifier email required' }) verifierContact: string;
  @ApiPropertyOptional({ type: [VerificationDocumentRefDto] }) @IsOptional() @IsArray() @ArrayMaxSize(10) @ValidateNested({ each: true }) @Type(() => VerificationDocumentRefDto) verificationDocuments?: VerificationDocumentRefDto[];
}

/** PUT /api/admin/wholesale-verification/:id. */
export class DecideVerificationDto {
  @ApiProperty({ enum: ['verified', 'rejected'] }) @IsIn(['verified', 'rejected'], { message: 'Status must be verified or rejected' }) status: 'verified' | 'rejected';
  @ApiPropertyOptional() @IsOptional() @Transform(trim) @IsString() @MaxLength(1000) rejectionReason?: string;
}

export class ExpireVerificationsDto {
  @ApiPropertyOptional({ description: 'Run the lapse sweep as of this time (ISO-8601); now when absent' }) @IsOptional() @IsString() asOf?: string;
}
