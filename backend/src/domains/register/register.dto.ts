import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsInt, IsOptional, IsString, MaxLength, Min, MinLength } from 'class-validator';
import { allOf } from '../../platform/http/api-response.js';
import type { CapTableLine, FreezeRow, RegisterDoc, SupplyChangeRow } from '../../projections/registers.js';
import { REGISTER_MESSAGES as M } from './register.decider.js';
import type { TransferApproval } from './events.js';
import { MinVisibleLength } from '../../platform/http/visible-length.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/**
 * Numbers may come as text from a form, in decimal with commas grouping thousands ("1,000", "-250"); anything else
 * ("0x10", "0b11", "1e3", "10,00") fails the integer check with its message, never read as a count nobody wrote.
 */
const toInt = ({ value }: { value: unknown }) => {
  if (typeof value === 'number') return value;
  const text = typeof value === 'string' ? value.trim() : '';
  return /^-?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$/.test(text) ? Number(text.replace(/,/g, '')) : Number.NaN;
};

/** POST /api/assets/:id/investors — an investor who holds tokens off-platform. */
export class AddInvestorDto {
  @ApiProperty()
  @Transform(trim)
  @IsString({ message: M.investorName })
  @MinVisibleLength(2, { message: M.investorName })
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

/** PUT /api/assets/:id/transfer-approval — who approves transfers between the asset's investors. */
export class TransferApprovalDto {
  @ApiProperty({
    enum: ['owner', 'admin'],
    description: 'owner: the owner (admins may too); admin: Kauri’s admins only',
  })
  @IsIn(['owner', 'admin'], { message: M.approval })
  approval: TransferApproval;
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

/** POST /api/admin/assets/:id/freezes — freeze or unfreeze a holder's tokens, with a reason; another admin decides. */
export class FreezeRequestDto {
  @ApiProperty({ description: "The holder: a platform investor's user id, or the asset's owner (retained tokens)" })
  @IsString({ message: M.holderNotFound })
  @MinLength(1, { message: M.holderNotFound })
  @MaxLength(200, { message: M.holderNotFound })
  holderId: string;
  @ApiProperty({ enum: ['freeze', 'unfreeze'] })
  @IsIn(['freeze', 'unfreeze'], { message: 'Choose freeze or unfreeze' })
  action: 'freeze' | 'unfreeze';
  @ApiProperty({ enum: ['address', 'tokens'], description: 'address: the whole holding; tokens: a number of them' })
  @IsIn(['address', 'tokens'], { message: 'Choose the whole holding or a number of tokens' })
  scope: 'address' | 'tokens';
  @ApiPropertyOptional({ minimum: 1, description: 'With scope tokens: how many' })
  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: M.freezeTokens })
  @Min(1, { message: M.freezeTokens })
  tokens?: number;
  @ApiProperty({ minLength: 10, maxLength: 1000, description: 'Why: a court order, a dispute' })
  @Transform(trim)
  @IsString({ message: M.freezeReason })
  @MinLength(10, { message: M.freezeReason })
  @MaxLength(1000, { message: M.reasonLength })
  reason: string;
}

// ── Answers ──

const REGISTER_STATUSES = allOf<RegisterDoc['status']>({ draft: true, pending: true, active: true });

export class RegisterHoldingDto {
  @ApiProperty() investorId: string;
  @ApiProperty() tokens: number;
}

/** Tokens allocated to one offering, and how the register has settled them. */
export class AllocationDto {
  @ApiProperty() offeringId: string;
  @ApiProperty() allocated: number;
  @ApiProperty() issued: number;
  @ApiProperty() returned: number;
  @ApiProperty() closed: boolean;
  @ApiProperty({ description: "The offering's own stream has its OfferingCreated" }) created: boolean;
  @ApiProperty({ type: String, nullable: true }) allocatedAt: string | null;
  @ApiProperty({ description: "The offering stream's revision settled so far" }) settledThrough: number;
  @ApiProperty({ description: 'The revision of the offering’s last fact that moves tokens' }) lastFact: number;
  @ApiProperty({ description: 'The offering stream has its OfferingClosed' }) offeringClosed: boolean;
}

export class SupplyChangeRecordDto {
  @ApiProperty() changeId: string;
  @ApiProperty({ description: 'Positive: tokens to issue; negative: unissued tokens to cancel' }) delta: number;
  @ApiProperty() reason: string;
  @ApiProperty({ enum: ['pending', 'approved', 'rejected'] }) status: SupplyChangeRow['status'];
  @ApiProperty() requestedAt: string;
  @ApiProperty({ type: String, nullable: true }) decidedAt: string | null;
  @ApiProperty({ type: String, nullable: true }) decisionReason: string | null;
  @ApiProperty({ type: Number, nullable: true }) supplyAfter: number | null;
}

export class FreezeRecordDto {
  @ApiProperty() requestId: string;
  @ApiProperty() holderId: string;
  @ApiProperty({ enum: ['freeze', 'unfreeze'] }) action: FreezeRow['action'];
  @ApiProperty({ enum: ['address', 'tokens'] }) scope: FreezeRow['scope'];
  @ApiProperty({ type: Number, nullable: true }) tokens: number | null;
  @ApiProperty() reason: string;
  @ApiProperty({ description: 'The admin who asked' }) requestedBy: string;
  @ApiProperty() requestedAt: string;
  @ApiProperty({ enum: ['pending', 'approved', 'rejected'] }) status: FreezeRow['status'];
  @ApiProperty({ type: String, nullable: true }) decidedBy: string | null;
  @ApiProperty({ type: String, nullable: true }) decidedAt: string | null;
  @ApiProperty({ type: String, nullable: true }) decisionReason: string | null;
}

export class FrozenRecordDto {
  @ApiProperty() holderId: string;
  @ApiProperty({ description: 'The whole holding is frozen' }) address: boolean;
  @ApiProperty({ description: 'Tokens frozen one by one' }) tokens: number;
  @ApiProperty({ description: 'The last freeze’s reason' }) reason: string;
  @ApiProperty() since: string;
}

export class RegisterTotalsDto {
  @ApiProperty() supply: number;
  @ApiProperty({ description: 'Supply less everything held or offered' }) ownerRetained: number;
  @ApiProperty() offPlatform: number;
  @ApiProperty({ description: 'Allocated to offerings and not (yet) issued' }) unsold: number;
  @ApiProperty() issued: number;
}

/** The register of one asset: supply, holders, allocations, supply changes. */
export class AssetRegisterDto {
  @ApiProperty() assetId: string;
  @ApiProperty() ownerId: string;
  @ApiProperty({ enum: REGISTER_STATUSES }) status: RegisterDoc['status'];
  @ApiProperty() supply: number;
  @ApiProperty({ type: [RegisterHoldingDto], description: 'Everyone holding tokens' }) holders: RegisterHoldingDto[];
  @ApiProperty({ type: [RegisterHoldingDto], description: 'Platform investors' }) investors: RegisterHoldingDto[];
  @ApiProperty({ type: [AllocationDto] }) offerings: AllocationDto[];
  @ApiProperty({ type: [SupplyChangeRecordDto] }) supplyChanges: SupplyChangeRecordDto[];
  @ApiProperty({ type: [FreezeRecordDto], description: 'Freezes and unfreezes asked for, and their decisions' })
  freezes: FreezeRecordDto[];
  @ApiProperty({ type: [FrozenRecordDto], description: 'Holders with frozen tokens now' }) frozen: FrozenRecordDto[];
  @ApiProperty({ type: RegisterTotalsDto }) totals: RegisterTotalsDto;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'NZD per token now: the latest valuation ÷ the current supply (what an offering form prefills)',
  })
  tokenPriceNow: number | null;
  @ApiProperty({
    enum: ['owner', 'admin'],
    description: 'Who approves transfers between its investors: the owner (admins may too), or Kauri’s admins only',
  })
  transferApproval: TransferApproval;
  @ApiProperty() updatedAt: string;
}

export class CapTableLineDto {
  @ApiProperty({ enum: ['platform', 'off-platform', 'offered', 'owner'] }) kind: CapTableLine['kind'];
  @ApiProperty({ type: String, nullable: true }) investorId: string | null;
  @ApiProperty() name: string;
  @ApiProperty({ type: String, nullable: true }) email: string | null;
  @ApiProperty() tokens: number;
  @ApiProperty({ description: 'Percent of the supply to two decimals; the lines sum to exactly 100' })
  percent: number;
  @ApiProperty({ type: String, nullable: true }) addedAt: string | null;
  @ApiProperty({ description: 'Of these tokens, how many are frozen (issue 32)' }) frozenTokens: number;
  @ApiProperty({ type: String, nullable: true, description: 'Why they are frozen' }) frozenReason: string | null;
}

/** The cap table, now or as of a past moment. */
export class CapTableViewDto {
  @ApiProperty() assetId: string;
  @ApiProperty() supply: number;
  @ApiProperty({ description: 'NZD per token' }) tokenPrice: number;
  @ApiProperty({ type: [CapTableLineDto] }) lines: CapTableLineDto[];
  @ApiProperty({ type: String, nullable: true, description: 'The end of the NZ day replayed; null for now' })
  asOf: string | null;
}

/** A supply change waiting for an admin, with the asset's supply. */
export class PendingSupplyChangeDto extends SupplyChangeRecordDto {
  @ApiProperty() assetId: string;
  @ApiProperty() assetName: string;
  @ApiProperty({ description: 'The owner who asked (an admin never decides their own)' }) ownerId: string;
  @ApiProperty() supply: number;
  @ApiProperty() ownerRetained: number;
}

export class PendingSupplyChangesDto {
  @ApiProperty({ type: [PendingSupplyChangeDto], description: 'Oldest first' })
  supplyChanges: PendingSupplyChangeDto[];
}

/** A freeze or unfreeze waiting for a second admin, with the asset and the holding. */
export class PendingFreezeDto extends FreezeRecordDto {
  @ApiProperty() assetId: string;
  @ApiProperty() assetName: string;
  @ApiProperty({ description: "The asset's owner (never decides a freeze on their asset)" }) ownerId: string;
  @ApiProperty({ description: 'The holder’s name' }) holderName: string;
  @ApiProperty({ description: 'Tokens the holder holds of the asset' }) held: number;
  @ApiProperty({ description: 'Of them frozen now' }) frozenTokens: number;
}

export class PendingFreezesDto {
  @ApiProperty({ type: [PendingFreezeDto], description: 'Oldest first' }) freezes: PendingFreezeDto[];
}

export class DriftDto {
  @ApiProperty({ description: 'The read model (projection) showing the figure' }) readModel: string;
  @ApiProperty({ type: String, nullable: true, description: "The asset; null for an owner's or the platform's figure" })
  assetId: string | null;
  @ApiProperty({ type: String, nullable: true, description: "Set when the figure is one offering's" })
  offeringId: string | null;
  @ApiProperty({ required: false, description: "Set when the figure is an owner's (dashboard totals)" })
  ownerId?: string;
  @ApiProperty({ description: "What differs: a total's name, or 'document'" }) field: string;
  @ApiProperty({
    oneOf: [{ type: 'number' }, { type: 'string' }],
    nullable: true,
    description: "The register's figure",
  })
  expected: number | string | null;
  @ApiProperty({
    oneOf: [{ type: 'number' }, { type: 'string' }],
    nullable: true,
    description: "The read model's figure",
  })
  actual: number | string | null;
}

/** The running or last reconciliation of the read models against the asset registers. */
export class ReconciliationStatusDto {
  @ApiProperty({ type: Boolean, nullable: true, description: 'null until the first run has finished' })
  ok: boolean | null;
  @ApiProperty() running: boolean;
  @ApiProperty({ description: 'Assets compared in the last finished run' }) assets: number;
  @ApiProperty() checked: number;
  @ApiProperty() total: number;
  @ApiProperty({ type: [DriftDto] }) drift: DriftDto[];
  @ApiProperty({ description: 'Offerings whose newest facts the register was still to follow (not drift)' })
  unsettled: number;
  @ApiProperty({ type: String, nullable: true }) startedAt: string | null;
  @ApiProperty({ type: String, nullable: true }) finishedAt: string | null;
  @ApiProperty({ type: Number, nullable: true }) durationMs: number | null;
  @ApiProperty({ type: String, nullable: true }) error: string | null;
}
