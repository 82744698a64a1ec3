import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { allOf } from '../../platform/http/api-response.js';
import { TAX_PROFILE_MESSAGES as T } from '../../messages.js';
import type { Residency } from './tax.js';
import { ELECTED_RWT_RATES, type ElectedRwtRate } from './tax-rates.js';

const RESIDENCY_VALUES = allOf<Residency>({ resident: true, 'non-resident': true });

/** PUT /api/tax-profile — what the decider checks (check digit, rate, country) it refuses there, by field. */
export class TaxProfileDto {
  @ApiProperty({ enum: RESIDENCY_VALUES })
  @IsString({ message: T.residency })
  @MaxLength(20, { message: T.residency })
  residency: string;
  @ApiPropertyOptional({ nullable: true, type: String, description: '8 or 9 digits; dashes and spaces allowed' })
  @IsOptional()
  @IsString({ message: T.irdNumber })
  @MaxLength(20, { message: T.irdNumber })
  irdNumber?: string | null;
  @ApiPropertyOptional({ nullable: true, enum: ELECTED_RWT_RATES, description: 'RWT rate elected for interest, %' })
  @IsOptional()
  @IsString({ message: T.rwtRate })
  @MaxLength(10, { message: T.rwtRate })
  rwtRate?: string | null;
  @ApiPropertyOptional({ nullable: true, type: String, description: 'ISO 3166 alpha-2 (non-residents)' })
  @IsOptional()
  @IsString({ message: T.treatyCountry })
  @MaxLength(10, { message: T.treatyCountry })
  treatyCountry?: string | null;
  @ApiPropertyOptional({ nullable: true, type: String, description: 'YYYY-MM-DD' })
  @IsOptional()
  @IsString({ message: T.dateOfBirth })
  @MaxLength(10, { message: T.dateOfBirth })
  dateOfBirth?: string | null;
}

export class TaxProfileViewDto {
  @ApiProperty({ description: 'False until the person saves one: then a resident without an IRD number is assumed' })
  saved: boolean;
  @ApiProperty({ enum: RESIDENCY_VALUES }) residency: Residency;
  @ApiProperty({ nullable: true, type: String, description: 'Nine digits' }) irdNumber: string | null;
  @ApiProperty({ nullable: true, enum: ELECTED_RWT_RATES }) rwtRate: ElectedRwtRate | null;
  @ApiProperty({ nullable: true, type: String }) treatyCountry: string | null;
  @ApiProperty({ nullable: true, type: String }) dateOfBirth: string | null;
  @ApiProperty({ nullable: true, type: String }) savedAt: string | null;
}
