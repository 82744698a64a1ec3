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

/** One chain transaction of an approved recovery, as its latest attempt stands. */
export class WalletRecoveryStepDto {
  @ApiProperty({ description: 'The first attempt’s id (what an admin retries is `attemptId`)' }) txId: string;
  @ApiProperty({ description: 'The latest attempt (`<txId>-retry-<n>` once retried)' }) attemptId: string;
  @ApiProperty() attempts: number;
  @ApiProperty({ description: 'add-identity-key, recover, recovery-transfer, recovery-freeze or lock-up' })
  kind: string;
  @ApiProperty({ type: String, nullable: true }) assetId: string | null;
  @ApiProperty({ enum: ['requested', 'submitted', 'confirmed', 'failed'] }) status: string;
  @ApiProperty({ type: String, nullable: true }) txHash: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The chain’s reason, when it failed' })
  failure: string | null;
}

/** A person a recovery names. */
export class WalletRecoveryPersonDto {
  @ApiProperty() id: string;
  @ApiProperty({ description: 'The name on their account, else their e-mail' }) name: string;
}

const STAGES = ['awaiting-proof', 'awaiting-approval', 'moving', 'done', 'failed', 'cancelled'];

/** A wallet recovery with its progress (the wallet-recoveries read model). */
export class WalletRecoveryRecordDto {
  @ApiProperty() id: string;
  @ApiProperty({ type: WalletRecoveryPersonDto }) investor: WalletRecoveryPersonDto;
  @ApiProperty({ enum: ['open', 'approved', 'cancelled'] }) status: string;
  @ApiProperty({
    enum: STAGES,
    description:
      'Waiting for the investor’s proof (own wallets), for another admin’s approval, the chain moving the tokens, done, a chain step failed (retry it), or cancelled',
  })
  stage: string;
  @ApiProperty() custodial: boolean;
  @ApiProperty() lostAddress: string;
  @ApiProperty({ type: String, nullable: true }) newAddress: string | null;
  @ApiProperty({ description: 'How the identity was re-verified' }) reason: string;
  @ApiProperty({ type: WalletRecoveryPersonDto }) requestedBy: WalletRecoveryPersonDto;
  @ApiProperty() requestedAt: string;
  @ApiProperty({ type: String, nullable: true }) provedAt: string | null;
  @ApiProperty({ type: WalletRecoveryPersonDto, nullable: true }) approvedBy: WalletRecoveryPersonDto | null;
  @ApiProperty({ type: String, nullable: true }) approvedAt: string | null;
  @ApiProperty({ type: WalletRecoveryPersonDto, nullable: true }) cancelledBy: WalletRecoveryPersonDto | null;
  @ApiProperty({ type: String, nullable: true }) cancelReason: string | null;
  @ApiProperty({ type: [WalletRecoveryStepDto] }) steps: WalletRecoveryStepDto[];
}

export class WalletRecoveryListDto {
  @ApiProperty({ type: [WalletRecoveryRecordDto], description: 'Newest first' })
  recoveries: WalletRecoveryRecordDto[];
}
