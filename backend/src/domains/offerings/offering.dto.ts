import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsNumber, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import { IsId } from '../../platform/http/ids.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const text = ({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : value);
const int = ({ value }: { value: unknown }) => (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value);
const MISSING = 'Please fill in all required fields';

/** POST /api/admin/offerings (spec §7; totalTokens and lockupPeriod as integers, tokenPrice and minimumInvestment as text). */
export class CreateOfferingDto {
  @ApiProperty() @IsId({ message: 'Choose an approved asset' }) assetId: string;
  @ApiProperty() @Transform(trim) @IsString({ message: MISSING }) @MaxLength(120) name: string;
  @ApiPropertyOptional() @IsOptional() @Transform(trim) @IsString() @MaxLength(4000) description?: string;
  @ApiProperty() @Transform(int) @IsInt({ message: MISSING }) @Min(1, { message: MISSING }) totalTokens: number;
  @ApiProperty({ example: '125.00' }) @Transform(text) @IsString({ message: MISSING }) @MaxLength(20) tokenPrice: string;
  @ApiPropertyOptional({ example: '1000' }) @IsOptional() @Transform(text) @IsString() @MaxLength(20) minimumInvestment?: string;
  @ApiPropertyOptional({ description: 'days', example: 365 }) @IsOptional() @Transform(int) @IsInt({ message: 'Lock-up must be a whole number of days' }) lockupPeriod?: number;
}

/** POST /api/invest (spec §3 "Investment request"). */
export class InvestDto {
  @ApiProperty() @IsId({ message: 'Offering not found' }) offeringId: string;
  @ApiProperty() @Transform(int) @IsInt({ message: 'Tokens requested must be a whole number of at least 1' }) tokensRequested: number;
  @ApiProperty() @Transform(int) @IsNumber({}, { message: 'Investment amount must be an amount in NZD' }) investmentAmount: number;
}

export class CancelInvestmentDto {
  @ApiProperty() @Transform(trim) @IsString() @MaxLength(1000) reason: string;
}
