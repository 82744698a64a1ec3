import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';
import { ASSET_MESSAGES, TOKEN_TERMS_MESSAGES } from '../../messages.js';
import { ASSET_TYPES, type AssetType, type TokenTerms, type ValuationMethod } from './events.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** Spec §5: totalValue is coerced to a number and an unparsable one falls back to 0 (then fails "at least 1"). */
const coerce = ({ value }: { value: unknown }) => {
  if (typeof value === 'number') return value;
  const n = Number(typeof value === 'string' ? value.replace(/,/g, '').trim() : value);
  return Number.isFinite(n) ? n : 0;
};
/** Spec §5: the token count is read as an integer. */
const coerceInt = (arg: { value: unknown }) => Math.trunc(coerce(arg) as number);

/** POST /api/assets — the wizard's step 1 (spec §3 Asset, §5 Asset form). */
export class CreateAssetDto {
  @ApiProperty()
  @Transform(trim)
  @IsString({ message: ASSET_MESSAGES.name })
  @IsNotEmpty({ message: ASSET_MESSAGES.name })
  @MaxLength(120)
  name: string;
  @ApiProperty({ minLength: 10 })
  @Transform(trim)
  @IsString({ message: ASSET_MESSAGES.description })
  @MinLength(10, { message: ASSET_MESSAGES.description })
  @MaxLength(4000)
  description: string;
  @ApiProperty({ enum: ASSET_TYPES })
  @IsIn(ASSET_TYPES, { message: 'Asset type must be property, business or startup' })
  assetType: AssetType;
  @ApiPropertyOptional() @IsOptional() @Transform(trim) @IsString() @MaxLength(300) address?: string;
  @ApiProperty({ minimum: 1, description: 'NZD' })
  @Transform(coerce)
  @IsNumber({}, { message: ASSET_MESSAGES.totalValue })
  @Min(1, { message: ASSET_MESSAGES.totalValue })
  @Max(1e13)
  totalValue: number;
  @ApiProperty({ minimum: 1 })
  @Transform(coerceInt)
  @IsInt({ message: ASSET_MESSAGES.tokenCount })
  @Min(1, { message: ASSET_MESSAGES.tokenCount })
  @Max(1e12)
  tokenCount: number;
}

const METHODS: ValuationMethod[] = ['property-calculator', 'startup-calculator', 'owner-estimate'];

export class ValueAssetDto {
  @ApiProperty({ minimum: 1, description: 'NZD the owner accepts' })
  @Transform(coerce)
  @IsNumber()
  @Min(1, { message: ASSET_MESSAGES.totalValue })
  @Max(1e13)
  value: number;
  @ApiProperty({ enum: METHODS }) @IsIn(METHODS) method: ValuationMethod;
}

const NETWORKS: TokenTerms['network'][] = ['ethereum', 'polygon', 'base'];
// Only a bound here: the decider checks the symbol's shape with the other terms, so all mistakes come at once.

/** Step 4 (the user guide's token-configuration fields); the decider checks the rules between fields. */
export class TokenTermsDto implements TokenTerms {
  @ApiProperty({ example: 'KAURI' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toUpperCase() : value))
  @IsString()
  @MaxLength(20, { message: TOKEN_TERMS_MESSAGES.symbol })
  symbol: string;

  @ApiProperty() @Transform(trim) @IsString() @MaxLength(80) name: string;
  @ApiProperty() @Transform(coerce) @IsNumber() totalSupply: number;
  @ApiProperty() @Transform(coerce) @IsNumber() decimals: number;
  @ApiProperty({ description: 'NZD per token' }) @Transform(coerce) @IsNumber() price: number;
  @ApiProperty() @Transform(coerce) @IsNumber() minInvestment: number;
  @ApiProperty() @Transform(coerce) @IsNumber() maxInvestment: number;
  @ApiProperty({ enum: NETWORKS })
  @IsIn(NETWORKS, { message: 'Choose a network: Ethereum, Polygon or Base' })
  network: TokenTerms['network'];
  @ApiProperty() @Transform(coerce) @IsNumber() lockUpMonths: number;
  @ApiProperty({ description: 'percent' }) @Transform(coerce) @IsNumber() feePercent: number;
}

export class ReturnTokenizationDto {
  @ApiProperty() @Transform(trim) @IsString() @MaxLength(1000) reason: string;
}
