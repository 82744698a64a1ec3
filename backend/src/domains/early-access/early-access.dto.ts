import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMinSize,
  Equals,
  IsArray,
  IsEmail,
  IsIn,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  MinLength,
} from 'class-validator';
import { IsIsoDate } from '../../platform/http/dates.js';
import { IsPlainEmail } from '../../platform/http/plain-email.js';
import { CONFIRMATION_LINK_INVALID, REGISTER_INTEREST_MESSAGES } from '../../messages.js';
import {
  COUNTRIES,
  EXPERIENCE_LEVELS,
  INTERESTS,
  INVESTMENT_AMOUNTS,
  type Country,
  type ExperienceLevel,
  type Interest,
  type InvestmentAmount,
} from './options.js';
import { MinVisibleLength } from '../../platform/http/visible-length.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const DATE_OF_BIRTH = REGISTER_INTEREST_MESSAGES.dateOfBirth;

/** The register-interest form (docs/specification.md §3) with the spec's thirteen messages (§5), word for word. */
export class RegisterInterestDto {
  @ApiProperty({ minLength: 2 })
  @Transform(trim)
  @IsString({ message: REGISTER_INTEREST_MESSAGES.firstName })
  @MinVisibleLength(2, { message: REGISTER_INTEREST_MESSAGES.firstName })
  @MaxLength(100)
  firstName: string;

  @ApiProperty({ minLength: 2 })
  @Transform(trim)
  @IsString({ message: REGISTER_INTEREST_MESSAGES.lastName })
  @MinVisibleLength(2, { message: REGISTER_INTEREST_MESSAGES.lastName })
  @MaxLength(100)
  lastName: string;

  @ApiProperty({ format: 'email' })
  @Transform(trim)
  @IsEmail({}, { message: REGISTER_INTEREST_MESSAGES.email })
  @MaxLength(254, { message: REGISTER_INTEREST_MESSAGES.email })
  @IsPlainEmail()
  email: string;

  @ApiProperty({ minLength: 10 })
  @Transform(trim)
  @IsString({ message: REGISTER_INTEREST_MESSAGES.phone })
  @MinLength(10, { message: REGISTER_INTEREST_MESSAGES.phone })
  @MaxLength(30, { message: REGISTER_INTEREST_MESSAGES.phone })
  @Matches(/^\+?[0-9 ()-]+$/, { message: REGISTER_INTEREST_MESSAGES.phone })
  phone: string;

  @ApiProperty({ format: 'date', example: '1980-04-25' })
  @IsIsoDate(
    { dateOnly: true, minYear: 1900, notInFuture: true },
    { message: DATE_OF_BIRTH, futureMessage: DATE_OF_BIRTH },
  )
  dateOfBirth: string;

  @ApiProperty({ enum: COUNTRIES })
  @IsIn(COUNTRIES, { message: REGISTER_INTEREST_MESSAGES.country })
  country: Country;

  @ApiProperty()
  @Transform(trim)
  @IsString({ message: REGISTER_INTEREST_MESSAGES.city })
  @MinLength(1, { message: REGISTER_INTEREST_MESSAGES.city })
  @MaxLength(100)
  city: string;

  @ApiProperty({ minLength: 2 })
  @Transform(trim)
  @IsString({ message: REGISTER_INTEREST_MESSAGES.occupation })
  @MinLength(2, { message: REGISTER_INTEREST_MESSAGES.occupation })
  @MaxLength(100)
  occupation: string;

  @ApiProperty({ enum: INTERESTS, isArray: true })
  @IsArray({ message: REGISTER_INTEREST_MESSAGES.investmentInterest })
  @ArrayMinSize(1, { message: REGISTER_INTEREST_MESSAGES.investmentInterest })
  @IsIn(INTERESTS, { each: true, message: REGISTER_INTEREST_MESSAGES.investmentInterest })
  investmentInterest: Interest[];

  @ApiProperty({ enum: INVESTMENT_AMOUNTS })
  @IsIn(INVESTMENT_AMOUNTS, { message: REGISTER_INTEREST_MESSAGES.investmentAmount })
  investmentAmount: InvestmentAmount;

  @ApiProperty({ enum: EXPERIENCE_LEVELS })
  @IsIn(EXPERIENCE_LEVELS, { message: REGISTER_INTEREST_MESSAGES.experience })
  experience: ExperienceLevel;

  @ApiPropertyOptional({ maxLength: 2000 })
  @IsOptional()
  @IsString()
  @MaxLength(2000, { message: 'Additional information must be at most 2000 characters' })
  additionalInfo?: string;

  @ApiProperty()
  @Equals(true, { message: REGISTER_INTEREST_MESSAGES.agreeToTerms })
  agreeToTerms: boolean;

  @ApiProperty()
  @Equals(true, { message: REGISTER_INTEREST_MESSAGES.agreeToContact })
  agreeToContact: boolean;
}

export class RegistrationReceiptDto {
  @ApiProperty() registrationId: string;
  @ApiProperty({ description: 'Global position of the event, for read-your-writes (X-Read-After)' }) position: number;
}

/** The link from the confirmation e-mail: `<registrationId>.<secret>`. */
export class ConfirmInterestDto {
  @ApiProperty({ description: 'The `token` parameter of the link in the confirmation e-mail' })
  @IsString({ message: CONFIRMATION_LINK_INVALID })
  @MaxLength(200, { message: CONFIRMATION_LINK_INVALID })
  token: string;
}

export class ConfirmationReceiptDto {
  @ApiProperty() registrationId: string;
  @ApiProperty({ description: 'Confirmed registration number, 1 for the first' }) number: number;
  @ApiProperty({ description: 'True for the first 100 confirmed registrations: the sign-on fee is waived' })
  feeWaived: boolean;
  @ApiProperty({ description: 'Global position of the event, for read-your-writes (X-Read-After)' }) position: number;
}

export class EarlyAccessDto {
  @ApiProperty() waivedPlaces: number;
  @ApiProperty() placesLeft: number;
  @ApiProperty({ description: 'Confirmed registrations (a registration counts once its e-mail address is confirmed)' })
  registrations: number;
}
