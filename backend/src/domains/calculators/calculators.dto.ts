import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayUnique,
  IsArray,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateBy,
} from 'class-validator';
import { TIERS, type Tier } from '../plans/plans.js';
import { ASSET_MESSAGES, PROPERTY_REQUIRED, STARTUP_REQUIRED } from '../../messages.js';
import { numberFromText } from '../../platform/http/validation.js';
import { nzDate } from '../../platform/nz-time.js';
import {
  AMENITIES,
  CONDITIONS,
  INDUSTRIES,
  PROPERTY_TYPES,
  STARTUP_STAGES,
  type Amenity,
  type Condition,
  type Industry,
  type PropertyType,
  type StartupStage,
} from './reference-data.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** Numbers may arrive as text from a form: "1000" is 1000; anything else stays as it is and fails validation. */
const toNumber = numberFromText;

/** An optional number left empty ("" or blank) is not given (docs/specification.md §5: "unset for optional ones"), as null is. */
const toOptionalNumber = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value.trim() === '' ? undefined : toNumber({ value });

export class PropertyInputDto {
  @ApiProperty()
  @Transform(trim)
  @IsString({ message: PROPERTY_REQUIRED })
  @IsNotEmpty({ message: PROPERTY_REQUIRED })
  @MaxLength(300)
  propertyAddress: string;

  @ApiProperty({ minimum: 1 })
  @Transform(toNumber)
  @IsInt({ message: PROPERTY_REQUIRED })
  @Min(1, { message: ASSET_MESSAGES.tokenCount })
  @Max(1_000_000_000_000, { message: 'Token count is too large' })
  tokenCount: number;

  @ApiProperty({ minimum: 1, maximum: 100 })
  @Transform(toNumber)
  @IsNumber({}, { message: PROPERTY_REQUIRED })
  @Min(1, { message: 'Property percentage must be between 1 and 100' })
  @Max(100, { message: 'Property percentage must be between 1 and 100' })
  propertyPercentage: number;

  @ApiProperty({ enum: PROPERTY_TYPES })
  @IsIn(PROPERTY_TYPES, { message: PROPERTY_REQUIRED })
  propertyType: PropertyType;

  @ApiPropertyOptional({ description: 'City or region, e.g. "Auckland"' })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(200)
  location?: string;

  @ApiPropertyOptional({ description: 'Country name or code; empty means New Zealand' })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(100)
  country?: string;

  @ApiPropertyOptional({ description: 'Floor or land area in m²; 0 or absent: typical for the type' })
  @IsOptional()
  @Transform(toNumber)
  @IsNumber({}, { message: 'Size must be a number of square metres' })
  @Min(0, { message: 'Size must be a number of square metres' })
  @Max(100_000_000, { message: 'Size is too large' })
  size?: number;

  @ApiProperty({ enum: CONDITIONS })
  @IsIn(CONDITIONS, { message: PROPERTY_REQUIRED })
  condition: Condition;

  @ApiPropertyOptional({ enum: AMENITIES, isArray: true })
  @IsOptional()
  @IsArray()
  @ArrayUnique({ message: 'Each amenity may be listed once' })
  @IsIn(AMENITIES, { each: true, message: 'Unknown amenity' })
  amenities?: Amenity[];
}

/**
 * A year no later than this one in New Zealand, judged when the request comes (not when the module loaded: a process
 * running over New Year would have kept last year's limit).
 */
function NotAfterThisYear(message: string) {
  return ValidateBy({
    name: 'notAfterThisYear',
    validator: {
      validate: (value: unknown) => typeof value !== 'number' || value <= Number(nzDate(new Date()).slice(0, 4)),
      defaultMessage: () => message,
    },
  });
}

export class StartupInputDto {
  @ApiProperty()
  @Transform(trim)
  @IsString({ message: STARTUP_REQUIRED })
  @IsNotEmpty({ message: STARTUP_REQUIRED })
  @MaxLength(200)
  companyName: string;

  @ApiProperty({ minimum: 1000, default: 1_000_000 })
  @Transform(toNumber)
  @IsInt({ message: 'Token count must be at least 1,000' })
  @Min(1000, { message: 'Token count must be at least 1,000' })
  @Max(1_000_000_000_000, { message: 'Token count is too large' })
  tokenCount: number;

  @ApiProperty({ minimum: 50000, default: 1_000_000 })
  @Transform(toNumber)
  @IsNumber({}, { message: 'Funding goal must be at least 50,000' })
  @Min(50_000, { message: 'Funding goal must be at least 50,000' })
  @Max(10_000_000_000, { message: 'Funding goal is too large' })
  fundingGoal: number;

  @ApiProperty({ enum: INDUSTRIES })
  @IsIn(INDUSTRIES, { message: STARTUP_REQUIRED })
  industry: Industry;

  @ApiProperty({ enum: STARTUP_STAGES })
  @IsIn(STARTUP_STAGES, { message: STARTUP_REQUIRED })
  businessStage: StartupStage;

  @ApiPropertyOptional({ description: 'Annual revenue, NZD' })
  @Transform(toOptionalNumber)
  @IsOptional()
  @IsNumber({}, { message: 'Revenue must be a number' })
  @Min(0, { message: 'Revenue cannot be negative' })
  @Max(1_000_000_000_000, { message: 'Revenue is too large' })
  revenue?: number;

  @ApiPropertyOptional()
  @Transform(toOptionalNumber)
  @IsOptional()
  @IsInt({ message: 'Employees must be a whole number' })
  @Min(0, { message: 'Employees cannot be negative' })
  @Max(10_000_000, { message: 'Employees is too large' })
  employees?: number;

  @ApiPropertyOptional({ minimum: 1900 })
  @Transform(toOptionalNumber)
  @IsOptional()
  @IsInt({ message: 'Founded year must be a year' })
  @Min(1900, { message: 'Founded year must be 1900 or later' })
  @NotAfterThisYear('Founded year cannot be in the future')
  foundedYear?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(5000)
  description?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(5000)
  useOfFunds?: string;
}

export class PricingInputDto {
  @ApiProperty({ minimum: 0.01 })
  @Transform(toNumber)
  @IsNumber({}, { message: 'Asset value must be a number above 0' })
  @Min(0.01, { message: 'Asset value must be a number above 0' })
  @Max(100_000_000_000, { message: 'Asset value is too large' })
  assetValue: number;

  @ApiProperty({ enum: TIERS })
  @IsIn(TIERS, { message: 'Tier must be starter, professional or enterprise' })
  tier: Tier;
}

export class CostDto {
  @ApiProperty() description: string;
  @ApiProperty({ description: 'NZD' }) amount: number;
}

export class RiskDto {
  @ApiProperty({ enum: ['low', 'medium', 'high'] }) level: 'low' | 'medium' | 'high';
  @ApiProperty() category: string;
  @ApiProperty() description: string;
}

export class YearIncomeDto {
  @ApiProperty() year: number;
  @ApiProperty() tokenHolderIncome: number;
}

export class IncomeProjectionsDto {
  @ApiProperty() monthlyRental: number;
  @ApiProperty() ownerRetainedIncome: number;
  @ApiProperty() tokenHolderShare: number;
  @ApiProperty() fiveYearProjection: number;
  @ApiProperty() distributionPerToken: number;
  @ApiProperty() yieldPercentage: number;
  @ApiProperty({ type: [YearIncomeDto], description: "Token holders' income year by year (the five-year chart)" })
  years: YearIncomeDto[];
}

/** The property calculator's answer (docs/specification.md §3). */
export class PropertyAnalysisDto {
  @ApiProperty() propertyValue: number;
  @ApiProperty() tokenValue: number;
  @ApiProperty() currency: string;
  @ApiProperty() tokenCount: number;
  @ApiProperty() propertyPercentage: number;
  @ApiProperty() tokenizedValue: number;
  @ApiProperty({ type: [CostDto] }) costs: CostDto[];
  @ApiProperty() totalCost: number;
  @ApiProperty({ type: [RiskDto] }) riskAnalysis: RiskDto[];
  @ApiProperty({ type: [String] }) recommendations: string[];
  @ApiPropertyOptional({ type: IncomeProjectionsDto }) incomeProjections?: IncomeProjectionsDto;
  @ApiProperty({ type: [String], description: 'How the value was reached, line by line' }) basis: string[];
  @ApiProperty() disclaimer: string;
  @ApiProperty() referenceDate: string;
}

export class ProjectedReturnsDto {
  @ApiProperty() expectedGrowthRate: number;
  @ApiProperty() timeToLiquidity: string;
  @ApiProperty() potentialReturns: string;
}

/** The startup calculator's answer (docs/specification.md §3). */
export class StartupAnalysisDto {
  @ApiProperty() companyValuation: number;
  @ApiProperty() tokenValue: number;
  @ApiProperty() fundingGoal: number;
  @ApiProperty() currency: string;
  @ApiProperty({ type: [CostDto] }) costs: CostDto[];
  @ApiProperty() totalCost: number;
  @ApiProperty({ type: [RiskDto] }) riskAnalysis: RiskDto[];
  @ApiProperty({ type: ProjectedReturnsDto }) projectedReturns: ProjectedReturnsDto;
  @ApiProperty({ type: [String] }) recommendations: string[];
  @ApiProperty({ description: 'Share of the company the raise sells, % of post-money' }) equityOffered: number;
  @ApiProperty({ type: [String] }) basis: string[];
  @ApiProperty() disclaimer: string;
  @ApiProperty() referenceDate: string;
}

export class PricingResultDto {
  @ApiProperty({ enum: TIERS }) tier: Tier;
  @ApiProperty({ description: 'NZD: the plan’s first payment' }) setupFee: number;
  @ApiProperty({ description: 'True when the early-access waiver removed the set-up fee' }) setupFeeWaived: boolean;
  @ApiProperty() planPrice: number;
  @ApiProperty({ enum: ['one-time', 'monthly'] }) planBilling: 'one-time' | 'monthly';
  @ApiProperty() platformFeePercent: number;
  @ApiProperty() platformFee: number;
  @ApiProperty() total: number;
}
