import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsString, MaxLength, MinLength } from 'class-validator';
import { WALLET_RECOVERY_MESSAGES as M } from '../../messages.js';
import { IsId } from '../../platform/http/ids.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** POST /api/admin/wallet-recoveries — an admin records the investor's identity re-verification. */
export class WalletRecoveryRequestDto {
  @ApiProperty({ description: 'The investor whose wallet is lost' })
  @IsId({ message: 'Choose the investor whose wallet is lost' })
  personId: string;
  @ApiProperty({ maxLength: 1000, description: 'How the identity was re-verified' })
  @Transform(trim)
  @IsString({ message: M.reason })
  @MinLength(1, { message: M.reason })
  @MaxLength(1000, { message: M.reason })
  reason: string;
}

/** POST /api/admin/wallet-recoveries/:id/cancel. */
export class WalletRecoveryCancelDto {
  @ApiProperty({ maxLength: 1000 })
  @Transform(trim)
  @IsString({ message: M.reason })
  @MinLength(1, { message: M.reason })
  @MaxLength(1000, { message: M.reason })
  reason: string;
}

/** A wallet recovery as decided so far. */
export class WalletRecoveryDto {
  @ApiProperty() id: string;
  @ApiProperty() personId: string;
  @ApiProperty({ enum: ['open', 'approved', 'cancelled'] }) status: 'open' | 'approved' | 'cancelled';
  @ApiProperty({ description: 'The platform held the lost wallet’s key: it recovers to a new platform-held wallet' })
  custodial: boolean;
  @ApiProperty() lostAddress: string;
  @ApiProperty({ type: String, nullable: true, description: 'The new wallet (proven by the investor, or custodial)' })
  newAddress: string | null;
}
