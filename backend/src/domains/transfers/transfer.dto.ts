import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import { IsId } from '../../platform/http/ids.js';
import { TRANSFER_MESSAGES as M } from '../../messages.js';

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class ProposeTransferDto {
  @ApiProperty() @IsId({ message: M.assetNotFound }) assetId: string;
  @ApiProperty({ description: 'The buyer: a verified wholesale investor (their user id)' })
  @IsId({ message: M.buyerUnknown })
  toInvestorId: string;
  @ApiProperty({ minimum: 1 })
  @IsInt({ message: M.tokens })
  @Min(1, { message: M.tokens })
  @Max(1e12, { message: M.tokens })
  tokens: number;
  @ApiProperty({ description: 'NZD per token, decimal string', example: '12.50' })
  @Transform(trimmed)
  @IsString({ message: M.price })
  @MaxLength(20, { message: M.price })
  pricePerToken: string;
}

export class AbandonTransferDto {
  @ApiProperty({ maxLength: 1000, description: 'Why the failed settlement is given up (shown to the parties)' })
  @Transform(trimmed)
  @IsString({ message: M.abandonReason })
  @MinLength(1, { message: M.abandonReason })
  @MaxLength(1000, { message: M.abandonReason })
  reason: string;
}

export class TransferCreatedDto {
  @ApiProperty() id: string;
  @ApiProperty({ enum: ['proposed'] }) status: string;
  @ApiProperty({ description: 'Event log position, for X-Read-After' }) position: number;
}

export class TransferWrittenDto {
  @ApiProperty() id: string;
  @ApiProperty() status: string;
  @ApiProperty({ description: 'Event log position, for X-Read-After' }) position: number;
}

const STATUSES = ['proposed', 'accepted', 'approved', 'settled', 'cancelled', 'expired', 'failed', 'abandoned'];

export class TransferDto {
  @ApiProperty() id: string;
  @ApiProperty() assetId: string;
  @ApiProperty() assetName: string;
  @ApiProperty() fromInvestorId: string;
  @ApiProperty() toInvestorId: string;
  @ApiProperty() tokens: number;
  @ApiProperty({ description: 'NZD per token, decimal string' }) pricePerToken: string;
  @ApiProperty({ description: 'NZD the buyer pays, decimal string' }) amount: string;
  @ApiProperty({ enum: STATUSES }) status: string;
  @ApiProperty({ nullable: true, type: String, description: 'The DvP transaction (tokens and stablecoin)' })
  txHash: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'Why settlement failed' }) refusal: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'Why an admin abandoned the failed settlement' })
  abandonReason: string | null;
  @ApiProperty({
    enum: ['seller', 'buyer', 'owner', 'admin'],
    description: 'Who is looking: a party, the asset’s owner, or an admin who is neither (the asset’s screen)',
  })
  role: string;
  @ApiProperty({
    enum: ['owner', 'admin'],
    description: 'Who approves it, as the asset’s setting says: its owner (admins may too) or Kauri’s admins only',
  })
  approver: string;
  @ApiProperty() proposedAt: string;
  @ApiProperty() expiresAt: string;
}

export class TransferListDto {
  @ApiProperty({ type: [TransferDto] }) transfers: TransferDto[];
}
