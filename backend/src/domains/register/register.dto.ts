import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsInt, IsOptional, IsString, MaxLength, Min, MinLength } from 'class-validator';
import { REGISTER_MESSAGES as M } from './register.decider.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** Numbers may come as text from a form ("1,000"); anything unparsable fails the integer check with its message. */
const toInt = ({ value }: { value: unknown }) => {
  if (typeof value === 'number') return value;
  const n = Number(typeof value === 'string' ? value.replace(/,/g, '').trim() : Number.NaN);
  return Number.isFinite(n) ? n : Number.NaN;
};

/** POST /api/assets/:id/investors — an investor who holds tokens off-platform. */
export class AddInvestorDto {
  @ApiProperty()
  @Transform(trim)
  @IsString({ message: M.investorName })
  @MinLength(2, { message: M.investorName })
  @MaxLength(120, { message: M.investorNameLength })
  name: string;
  @ApiPropertyOptional()
  @IsOptional()
  @Transform(trim)
  @IsEmail({}, { message: M.email })
  email?: string;
  @ApiProperty({ minimum: 1 })
  @Transform(toInt)
  @IsInt({ message: M.tokensHeld })
  @Min(1, { message: M.tokensHeld })
  tokens: number;
}

/** A reason the audit keeps with an edit, a removal or a refusal. */
export class ReasonDto {
  @ApiProperty({ maxLength: 1000 })
  @Transform(trim)
  @IsString({ message: M.reason })
  @MinLength(1, { message: M.reason })
  @MaxLength(1000, { message: M.reasonLength })
  reason: string;
}

/** PUT /api/assets/:id/investors/:investorId — the holding as it now is, and why it changed. */
export class ChangeInvestorDto extends AddInvestorDto {
  @ApiProperty({ maxLength: 1000 })
  @Transform(trim)
  @IsString({ message: M.reason })
  @MinLength(1, { message: M.reason })
  @MaxLength(1000, { message: M.reasonLength })
  reason: string;
}

/** POST /api/assets/:id/supply-changes — issue more tokens (positive) or cancel unissued ones (negative). */
export class SupplyChangeDto {
  @ApiProperty({ description: 'Tokens to issue (positive) or cancel (negative)' })
  @Transform(toInt)
  @IsInt({ message: M.delta })
  delta: number;
  @ApiProperty({ maxLength: 1000 })
  @Transform(trim)
  @IsString({ message: M.reason })
  @MinLength(1, { message: M.reason })
  @MaxLength(1000, { message: M.reasonLength })
  reason: string;
}
