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

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const DATE_OF_BIRTH = 'Date of birth is required';

/** The register-interest form (spec §3) with the spec's thirteen messages (§5), word for word. */
export class RegisterInterestDto {
  @ApiProperty({ minLength: 2 })
  @Transform(trim)
  @IsString({ message: 'First name must be at least 2 characters' })
  @MinLength(2, { message: 'First name must be at least 2 characters' })
  @MaxLength(100)
  firstName: string;

  @ApiProperty({ minLength: 2 })
  @Transform(trim)
  @IsString({ message: 'Last name must be at least 2 characters' })
  @MinLength(2, { message: 'Last name must be at least 2 characters' })
  @MaxLength(100)
  lastName: string;

  @ApiProperty({ format: 'email' })
  @Transform(trim)
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(254, { message: 'Please enter a valid email address' })
  email: string;

  @ApiProperty({ minLength: 10 })
  @Transform(trim)
  @IsString({ message: 'Please enter a valid phone number' })
  @MinLength(10, { message: 'Please enter a valid phone number' })
  @MaxLength(30, { message: 'Please enter a valid phone number' })
  @Matches(/^\+?[0-9 ()-]+$/, { message: 'Please enter a valid phone number' })
  phone: string;

  @ApiProperty({ format: 'date', example: '1980-04-25' })
  @IsIsoDate(
    { dateOnly: true, minYear: 1900, notInFuture: true },
    { message: DATE_OF_BIRTH, futureMessage: DATE_OF_BIRTH },
  )
  dateOfBirth: string;

  @ApiProperty({ enum: COUNTRIES })
  @IsIn(COUNTRIES, { message: 'Country is required' })
  country: Country;

  @ApiProperty()
  @Transform(trim)
  @IsString({ message: 'City is required' })
  @MinLength(1, { message: 'City is required' })
  @MaxLength(100)
  city: string;

  @ApiProperty({ minLength: 2 })
  @Transform(trim)
  @IsString({ message: 'Occupation is required' })
  @MinLength(2, { message: 'Occupation is required' })
  @MaxLength(100)
  occupation: string;

  @ApiProperty({ enum: INTERESTS, isArray: true })
  @IsArray({ message: 'Please select at least one area of interest' })
  @ArrayMinSize(1, { message: 'Please select at least one area of interest' })
  @IsIn(INTERESTS, { each: true, message: 'Please select at least one area of interest' })
  investmentInterest: Interest[];

  @ApiProperty({ enum: INVESTMENT_AMOUNTS })
  @IsIn(INVESTMENT_AMOUNTS, { message: 'Please select an investment range' })
  investmentAmount: InvestmentAmount;

  @ApiProperty({ enum: EXPERIENCE_LEVELS })
  @IsIn(EXPERIENCE_LEVELS, { message: 'Please select your experience level' })
  experience: ExperienceLevel;

  @ApiPropertyOptional({ maxLength: 2000 })
  @IsOptional()
  @IsString()
  @MaxLength(2000, { message: 'Additional information must be at most 2000 characters' })
  additionalInfo?: string;

  @ApiProperty()
  @Equals(true, { message: 'You must agree to the terms and conditions' })
  agreeToTerms: boolean;

  @ApiProperty()
  @Equals(true, { message: 'You must agree to be contacted' })
  agreeToContact: boolean;
}

export class RegistrationReceiptDto {
  @ApiProperty() registrationId: string;
  @ApiProperty({ description: 'Global position of the event, for read-your-writes (X-Read-After)' }) position: number;
}

/** The link from the confirmation e-mail: `<registrationId>.<secret>`. */
export class ConfirmInterestDto {
  @ApiProperty({ description: 'The `token` parameter of the link in the confirmation e-mail' })
  @IsString({ message: 'This confirmation link is not valid. Please use the link in the e-mail we sent you.' })
  @MaxLength(200, { message: 'This confirmation link is not valid. Please use the link in the e-mail we sent you.' })
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
