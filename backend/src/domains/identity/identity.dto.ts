import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsOptional, IsString, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { IsPlainEmail } from '../../platform/http/plain-email.js';
import { IDENTITY_MESSAGES, INVALID_EMAIL, MIN_PASSWORD_LENGTH } from '../../messages.js';
import { MAX_PASSWORD_LENGTH } from './passwords.js';
import { UserDto } from './user-view.js';
import { MinVisibleLength } from '../../platform/http/visible-length.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class RegisterDto {
  @ApiProperty({ format: 'email' })
  @Transform(trim)
  @IsEmail({}, { message: INVALID_EMAIL })
  @MaxLength(254, { message: INVALID_EMAIL })
  @IsPlainEmail()
  email: string;

  @ApiProperty({ minLength: MIN_PASSWORD_LENGTH, description: 'At least 12 characters (the security page)' })
  @IsString({ message: IDENTITY_MESSAGES.passwordTooShort })
  @MinLength(MIN_PASSWORD_LENGTH, { message: IDENTITY_MESSAGES.passwordTooShort })
  @MaxLength(MAX_PASSWORD_LENGTH, { message: `Password must be at most ${MAX_PASSWORD_LENGTH} characters` })
  password: string;

  @ApiPropertyOptional()
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(100, { message: IDENTITY_MESSAGES.firstNameTooLong })
  firstName?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(100, { message: IDENTITY_MESSAGES.lastNameTooLong })
  lastName?: string;
}

export class LoginDto {
  @ApiProperty({ format: 'email' })
  @Transform(trim)
  @IsString({ message: 'Email is required' })
  @MinLength(1, { message: 'Email is required' })
  @MaxLength(254, { message: IDENTITY_MESSAGES.invalidCredentials })
  email: string;

  @ApiProperty()
  @IsString({ message: 'Password is required' })
  @MinLength(1, { message: 'Password is required' })
  @MaxLength(MAX_PASSWORD_LENGTH, { message: IDENTITY_MESSAGES.invalidCredentials })
  password: string;
}

export class UpdateProfileDto {
  @ApiProperty()
  @Transform(trim)
  @IsString({ message: IDENTITY_MESSAGES.firstNameRequired })
  @MinVisibleLength(1, { message: IDENTITY_MESSAGES.firstNameRequired })
  @MaxLength(100, { message: IDENTITY_MESSAGES.firstNameTooLong })
  firstName: string;

  @ApiProperty()
  @Transform(trim)
  @IsString({ message: IDENTITY_MESSAGES.lastNameRequired })
  @MinVisibleLength(1, { message: IDENTITY_MESSAGES.lastNameRequired })
  @MaxLength(100, { message: IDENTITY_MESSAGES.lastNameTooLong })
  lastName: string;
}

export class AuthCallbackDto {
  @ApiProperty({ description: 'The code the provider returned to /auth/callback' })
  @ValidateIf((o: AuthCallbackDto) => !o.error)
  @IsString({ message: 'code is required' })
  @MinLength(1, { message: 'code is required' })
  @MaxLength(2048)
  code: string;

  @ApiPropertyOptional({
    description: 'The error the provider returned instead of a code (e.g. access_denied), passed on',
  })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  error?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  error_description?: string;

  @ApiProperty({ description: 'The state the provider returned (the client checked it against its stored one)' })
  @IsString({ message: 'state is required' })
  @MinLength(1, { message: 'state is required' })
  @MaxLength(512)
  state: string;

  @ApiProperty({ description: 'The redirect_uri used to start the login (origin + /auth/callback)' })
  @IsString({ message: 'redirect_uri is required' })
  @MaxLength(2048)
  redirect_uri: string;
}

export class AuthCallbackResponseDto {
  @ApiProperty({ type: UserDto }) user: UserDto;
  @ApiProperty({ description: 'Bearer token for the Authorization header' }) token: string;
  @ApiProperty({ description: 'Seconds until the token expires (TOKEN_TTL_SECONDS, default 3600)' }) expires_in: number;
  @ApiProperty({ description: 'Global position of the last event, for read-your-writes (X-Read-After)' })
  position: number;
}

export class AuthConfigDto {
  @ApiProperty({ description: 'Whether an external OpenID provider is configured' }) oidc: boolean;
}

export class RoleChangeDto {
  @ApiProperty({ format: 'email' })
  @Transform(trim)
  @IsEmail({}, { message: INVALID_EMAIL })
  email: string;

  @ApiProperty({ enum: ['admin', 'compliance'] })
  @IsIn(['admin', 'compliance'], { message: "role must be 'admin' or 'compliance'" })
  role: 'admin' | 'compliance';

  @ApiProperty({ enum: ['grant', 'revoke'] })
  @IsIn(['grant', 'revoke'], { message: "action must be 'grant' or 'revoke'" })
  action: 'grant' | 'revoke';
}

export class SignedOutDto {
  @ApiProperty() success: boolean;
  @ApiProperty({
    description: 'Global position of the last event, for read-your-writes (X-Read-After); 0 when nothing was signed in',
  })
  position: number;
}

export class PasswordResetRequestDto {
  @ApiProperty({ format: 'email' })
  @Transform(trim)
  @IsEmail({}, { message: INVALID_EMAIL })
  @MaxLength(254, { message: INVALID_EMAIL })
  @IsPlainEmail()
  email: string;
}

export class PasswordResetDto {
  @ApiProperty({ description: 'The token of the e-mailed link (/auth/reset-password?token=…)' })
  @IsString({ message: IDENTITY_MESSAGES.resetLinkInvalid })
  @MaxLength(200, { message: IDENTITY_MESSAGES.resetLinkInvalid })
  token: string;

  @ApiProperty({ minLength: MIN_PASSWORD_LENGTH, description: 'At least 12 characters (the security page)' })
  @IsString({ message: IDENTITY_MESSAGES.passwordTooShort })
  @MinLength(MIN_PASSWORD_LENGTH, { message: IDENTITY_MESSAGES.passwordTooShort })
  @MaxLength(MAX_PASSWORD_LENGTH, { message: `Password must be at most ${MAX_PASSWORD_LENGTH} characters` })
  password: string;
}

export class EmailVerificationDto {
  @ApiProperty({ description: 'The token of the e-mailed link (/auth/verify-email?token=…)' })
  @IsString({ message: IDENTITY_MESSAGES.emailLinkInvalid })
  @MaxLength(200, { message: IDENTITY_MESSAGES.emailLinkInvalid })
  token: string;
}

export class EmailVerifiedDto {
  @ApiProperty() success: boolean;
  @ApiProperty({ description: 'Global position of the last event, for read-your-writes (X-Read-After)' })
  position: number;
}

export class EmailVerificationRequestedDto {
  @ApiProperty() message: string;
  @ApiProperty({ description: 'Global position of the link’s record, for read-your-writes (X-Read-After)' })
  position: number;
}

/** What a role change did (npm run admin -- grant|revoke). */
export class RoleChangedDto {
  @ApiProperty() userId: string;
  @ApiProperty({ description: 'False when nothing needed doing' }) changed: boolean;
  @ApiProperty({ enum: ['admin', 'compliance'], isArray: true, description: 'The roles held now' })
  roles: ('admin' | 'compliance')[];
  @ApiProperty({ description: 'Global position of the last event, for read-your-writes (X-Read-After)' })
  position: number;
}

export class PasswordResetRequestedDto {
  @ApiProperty({ description: 'The same whether or not the address has an account' }) message: string;
}

export class PasswordChangedDto {
  @ApiProperty() success: boolean;
  @ApiProperty({ description: 'Global position of the last event, for read-your-writes (X-Read-After)' })
  position: number;
}

/** One registration of interest, as admins see it. */
export class RegistrationRecordDto {
  @ApiProperty() id: string;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'In order of confirmation; null until the registrant confirms their e-mail address',
  })
  number: number | null;
  @ApiProperty() feeWaived: boolean;
  @ApiProperty({ type: String, nullable: true }) confirmedAt: string | null;
  @ApiProperty({ description: 'The e-mail key a signed-in user’s early-access waiver is found by' }) emailKey: string;
  @ApiProperty() firstName: string;
  @ApiProperty() lastName: string;
  @ApiProperty() email: string;
  @ApiProperty() phone: string;
  @ApiProperty() city: string;
  @ApiProperty() country: string;
  @ApiProperty() occupation: string;
  @ApiProperty({ type: [String] }) investmentInterest: string[];
  @ApiProperty() investmentAmount: string;
  @ApiProperty() experience: string;
  @ApiProperty({ type: String, nullable: true }) additionalInfo: string | null;
  @ApiProperty() registeredAt: string;
}

export class RegistrationsDto {
  @ApiProperty({ type: [RegistrationRecordDto], description: 'Newest first' })
  registrations: RegistrationRecordDto[];
}

/** A person as staff lists name them (from the users read model, where names live). */
export class PersonDto {
  @ApiProperty() id: string;
  @ApiProperty({ description: 'The name on their account, else their e-mail' }) name: string;
  @ApiProperty({ type: String, nullable: true, description: 'null for a forgotten or unknown person' })
  email: string | null;
}

/** The user as a sign-in, a registration or a profile change answers it: with the position of the last event. */
export class UserWithPositionDto extends UserDto {
  @ApiProperty({ description: 'Global position of the last event, for read-your-writes (X-Read-After)' })
  position: number;
}
