import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsNotEmpty, IsNumber, IsOptional, IsString, Max, MaxLength, Min, ValidateBy } from 'class-validator';
import { IsId } from '../../platform/http/ids.js';
import { OFFERING_MESSAGES } from './offering.decider.js';
import { toCents } from './money.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const text = ({ value }: { value: unknown }) =>
  typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : value;
const int = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value;
const M = OFFERING_MESSAGES;

/** An NZD amount as text, read as the decider reads it (money.ts); `positive`: at least one cent. */
const IsNzdAmount = (positive: boolean, message: string) =>
  ValidateBy({
    name: 'isNzdAmount',
    validator: {
      validate: (value: unknown) => {
        const cents = typeof value === 'string' ? toCents(value || '0') : null; // empty reads as 0, as in the decider
        return cents !== null && (!positive || cents >= 1);
      },
      defaultMessage: () => message,
    },
  });

/**
 * POST /api/admin/offerings (spec §7; totalTokens and lockupPeriod as integers, tokenPrice and minimumInvestment
 * as text). Every field is checked here, so one answer lists every mistake ('Missing Fields' for the required).
 */
export class CreateOfferingDto {
  @ApiProperty() @IsId({ message: 'Choose an approved asset' }) assetId: string;

  @ApiProperty()
  @Transform(trim)
  @IsString({ message: M.missing })
  @IsNotEmpty({ message: M.missing })
  @MaxLength(120)
  name: string;

  @ApiPropertyOptional() @IsOptional() @Transform(trim) @IsString() @MaxLength(4000) description?: string;

  @ApiProperty({ minimum: 1 })
  @Transform(int)
  @IsInt({ message: M.missing })
  @Min(1, { message: M.missing })
  totalTokens: number;

  @ApiProperty({ example: '125.00' })
  @Transform(text)
  @IsString({ message: M.missing })
  @MaxLength(20, { message: M.missing })
  @IsNzdAmount(true, M.missing)
  tokenPrice: string;

  @ApiPropertyOptional({ example: '1000' })
  @IsOptional()
  @Transform(text)
  @IsString({ message: M.minimumInvestment })
  @MaxLength(20, { message: M.minimumInvestment })
  @IsNzdAmount(false, M.minimumInvestment)
  minimumInvestment?: string;

  @ApiPropertyOptional({ description: 'days', example: 365, minimum: 0, maximum: 3650 })
  @IsOptional()
  @Transform(int)
  @IsInt({ message: 'Lock-up must be a whole number of days' })
  @Min(0, { message: M.lockupPeriod })
  @Max(3650, { message: M.lockupPeriod })
  lockupPeriod?: number;
}

/** POST /api/invest (spec §3 "Investment request"). */
export class InvestDto {
  @ApiProperty() @IsId({ message: 'Offering not found' }) offeringId: string;

  @ApiProperty({ minimum: 1 })
  @Transform(int)
  @IsInt({ message: M.tokensRequested })
  @Min(1, { message: M.tokensRequested })
  tokensRequested: number;

  @ApiProperty({ description: 'NZD' })
  @Transform(int)
  @IsNumber({}, { message: M.investmentAmount })
  @Min(0, { message: M.investmentAmount })
  investmentAmount: number;
}

export class CancelInvestmentDto {
  @ApiProperty() @Transform(trim) @IsString() @MaxLength(1000) reason: string;
}
