import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';
import { ASSET_MESSAGES, TOKEN_TERMS_MESSAGES } from '../../messages.js';
import { allOf, WrittenDto } from '../../platform/http/api-response.js';
import type { ActivityType } from '../../projections/activities.js';
import type { AssetDoc } from '../../projections/assets.js';
import { PersonDto } from '../identity/identity.dto.js';
import {
  ASSET_TYPES,
  DOCUMENT_KINDS,
  VALUATION_METHODS,
  type AssetType,
  type DocumentKind,
  type TokenTerms,
  type ValuationMethod,
} from './events.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** docs/specification.md §5: totalValue is coerced to a number and an unparsable one falls back to 0 (then fails "at least 1"). */
const coerce = ({ value }: { value: unknown }) => {
  if (typeof value === 'number') return value;
  const n = Number(typeof value === 'string' ? value.replace(/,/g, '').trim() : value);
  return Number.isFinite(n) ? n : 0;
};
/** docs/specification.md §5: the token count is read as an integer. */
const coerceInt = (arg: { value: unknown }) => Math.trunc(coerce(arg) as number);

/** POST /api/assets — the wizard's step 1 (docs/specification.md §3 Asset, §5 Asset form). */
export class CreateAssetDto {
  @ApiProperty()
  @Transform(trim)
  @IsString({ message: ASSET_MESSAGES.name })
  @IsNotEmpty({ message: ASSET_MESSAGES.name })
  @MaxLength(120)
  name: string;
  @ApiProperty({ minLength: 10 })
  @Transform(trim)
  @IsString({ message: ASSET_MESSAGES.description })
  @MinLength(10, { message: ASSET_MESSAGES.description })
  @MaxLength(4000)
  description: string;
  @ApiProperty({ enum: ASSET_TYPES })
  @IsIn(ASSET_TYPES, { message: 'Asset type must be property, business or startup' })
  assetType: AssetType;
  @ApiPropertyOptional() @IsOptional() @Transform(trim) @IsString() @MaxLength(300) address?: string;
  @ApiProperty({ minimum: 1, description: 'NZD' })
  @Transform(coerce)
  @IsNumber({}, { message: ASSET_MESSAGES.totalValue })
  @Min(1, { message: ASSET_MESSAGES.totalValue })
  @Max(1e13)
  totalValue: number;
  @ApiProperty({ minimum: 1 })
  @Transform(coerceInt)
  @IsInt({ message: ASSET_MESSAGES.tokenCount })
  @Min(1, { message: ASSET_MESSAGES.tokenCount })
  @Max(1e12)
  tokenCount: number;
}

const METHODS: ValuationMethod[] = ['property-calculator', 'startup-calculator', 'owner-estimate'];

export class ValueAssetDto {
  @ApiProperty({ minimum: 1, description: 'NZD the owner accepts' })
  @Transform(coerce)
  @IsNumber()
  @Min(1, { message: ASSET_MESSAGES.totalValue })
  @Max(1e13)
  value: number;
  @ApiProperty({ enum: METHODS }) @IsIn(METHODS) method: ValuationMethod;
}

const NETWORKS: TokenTerms['network'][] = ['ethereum', 'polygon', 'base'];
// Only a bound here: the decider checks the symbol's shape with the other terms, so all mistakes come at once.

/** Step 4 (the user guide's token-configuration fields); the decider checks the rules between fields. */
export class TokenTermsDto implements TokenTerms {
  @ApiProperty({ example: 'KAURI' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toUpperCase() : value))
  @IsString()
  @MaxLength(20, { message: TOKEN_TERMS_MESSAGES.symbol })
  symbol: string;

  @ApiProperty() @Transform(trim) @IsString() @MaxLength(80) name: string;
  @ApiProperty() @Transform(coerce) @IsNumber() totalSupply: number;
  @ApiProperty() @Transform(coerce) @IsNumber() decimals: number;
  @ApiProperty({ description: 'NZD per token' }) @Transform(coerce) @IsNumber() price: number;
  @ApiProperty() @Transform(coerce) @IsNumber() minInvestment: number;
  @ApiProperty() @Transform(coerce) @IsNumber() maxInvestment: number;
  @ApiProperty({ enum: NETWORKS })
  @IsIn(NETWORKS, { message: 'Choose a network: Ethereum, Polygon or Base' })
  network: TokenTerms['network'];
  @ApiProperty() @Transform(coerce) @IsNumber() lockUpMonths: number;
  @ApiProperty({ description: 'percent' }) @Transform(coerce) @IsNumber() feePercent: number;
}

export class ReturnTokenizationDto {
  @ApiProperty() @Transform(trim) @IsString() @MaxLength(1000) reason: string;
}

// ── Answers ──

const STATUSES = allOf<AssetDoc['status']>({ draft: true, pending: true, active: true });

export class AssetDocumentDto {
  @ApiProperty() id: string;
  @ApiProperty({ enum: DOCUMENT_KINDS }) kind: DocumentKind;
  @ApiProperty() title: string;
  @ApiProperty() fileName: string;
  @ApiProperty({ description: 'Bytes' }) size: number;
  @ApiProperty() sha256: string;
  @ApiProperty() uploadedAt: string;
}

export class CapTableEntryDto {
  @ApiProperty({
    enum: ['platform', 'off-platform'],
    description: "platform: a verified wholesale investor's confirmed investment; off-platform: added by the owner",
  })
  source: 'platform' | 'off-platform';
  @ApiProperty() investorId: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: String, nullable: true }) email: string | null;
  @ApiProperty() tokens: number;
  @ApiProperty() addedAt: string;
}

export class ValuationDto {
  @ApiProperty({ description: 'NZD' }) value: number;
  @ApiProperty({ enum: VALUATION_METHODS }) method: ValuationMethod;
  @ApiProperty() at: string;
}

/** The spec's Asset (docs/specification.md §3) and what the wizard, My Assets and the cap table need beside it. */
export class AssetDto {
  @ApiProperty() id: string;
  @ApiProperty() ownerId: string;
  @ApiProperty() name: string;
  @ApiProperty() description: string;
  @ApiProperty({ enum: ASSET_TYPES }) assetType: AssetType;
  @ApiProperty({ type: String, nullable: true }) address: string | null;
  @ApiProperty({ description: "NZD: the owner's figure at drafting, replaced by the accepted valuation" })
  totalValue: number;
  @ApiProperty() tokenCount: number;
  @ApiProperty({ enum: STATUSES }) status: AssetDoc['status'];
  @ApiProperty({ description: 'The wizard step to resume at (1–5)' }) currentStep: number;
  @ApiProperty({ type: [AssetDocumentDto] }) documents: AssetDocumentDto[];
  @ApiProperty({ type: ValuationDto, nullable: true }) valuation: ValuationDto | null;
  @ApiProperty({ type: Number, nullable: true, description: 'The first accepted valuation' })
  firstValuation: number | null;
  @ApiProperty({ type: TokenTermsDto, nullable: true, description: 'The owner’s terms; totalSupply is the supply now' })
  terms: TokenTermsDto | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'The supply the tokenization was approved with, once a supply change moved it (Initial supply)',
  })
  initialSupply: number | null;
  @ApiProperty({ type: [CapTableEntryDto] }) capTable: CapTableEntryDto[];
  @ApiProperty({ type: String, nullable: true, description: 'Why an admin sent it back, until submitted again' })
  returnReason: string | null;
  @ApiProperty() createdAt: string;
  @ApiProperty({ type: String, nullable: true }) submittedAt: string | null;
  @ApiProperty({ type: String, nullable: true }) approvedAt: string | null;
  @ApiProperty() updatedAt: string;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Real change since the first accepted valuation, percent; null until there is one',
  })
  changePercent: number | null;
}

/** An asset in the admins' review queue, with its owner named. */
export class AssetForReviewDto extends AssetDto {
  @ApiProperty({ type: PersonDto }) owner: PersonDto;
}

/** A document's upload, as recorded. */
export class UploadedDocumentDto {
  @ApiProperty() id: string;
  @ApiProperty({ description: 'One of the asset type’s documents' }) kind: string;
  @ApiProperty() fileName: string;
  @ApiProperty() size: number;
  @ApiProperty() sha256: string;
}

export class DocumentUploadedDto extends WrittenDto {
  @ApiProperty({ type: UploadedDocumentDto }) document: UploadedDocumentDto;
}

export class ValuePointDto {
  @ApiProperty() at: string;
  @ApiProperty() totalValue: number;
  @ApiProperty() activeTokens: number;
  @ApiProperty() totalInvestors: number;
}

/** The dashboard's stat cards (docs/specification.md §3 Dashboard stats). */
export class DashboardStatsDto {
  @ApiProperty({ description: 'NZD' }) totalValue: number;
  @ApiProperty() activeTokens: number;
  @ApiProperty() totalInvestors: number;
  @ApiProperty({ description: 'Percent of the four compliance checks passed' }) complianceScore: number;
  @ApiProperty({ type: [ValuePointDto], description: 'The figures after each change, oldest first' })
  valueHistory: ValuePointDto[];
}

/** The spec's Activity (docs/specification.md §3), with what it is about so the list can link to its page. */
export class ActivityDto {
  @ApiProperty() id: string;
  @ApiProperty({ enum: allOf<ActivityType>({ kyc: true, asset: true, investor: true, compliance: true }) })
  type: ActivityType;
  @ApiProperty() description: string;
  @ApiProperty() createdAt: string;
  @ApiPropertyOptional() assetId?: string;
  @ApiPropertyOptional() offeringId?: string;
  @ApiPropertyOptional() investmentId?: string;
  @ApiPropertyOptional() offeringName?: string;
}

/** The spec's Investor (docs/specification.md §3): one row per holder of one asset. */
export class InvestorDto {
  @ApiProperty() id: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: String, nullable: true }) email: string | null;
  @ApiProperty() assetId: string;
  @ApiProperty() assetName: string;
  @ApiProperty() tokensHeld: number;
  @ApiProperty({ description: 'NZD' }) investmentValue: number;
  @ApiProperty({ description: "Share of the asset's tokens, percent" }) percentOwned: number;
  @ApiProperty({
    enum: ['verified', 'off-platform'],
    description: 'off-platform: added by the owner, not verified by Kauri',
  })
  status: 'verified' | 'off-platform';
}

// ── The asset page ──

export class AssetDocumentLinkDto extends AssetDocumentDto {
  @ApiProperty({ description: 'Where to download it' }) url: string;
}

/** What an offering or the asset page says about the asset. */
export class AssetSummaryDto {
  @ApiProperty() id: string;
  @ApiProperty() name: string;
  @ApiProperty({ enum: ASSET_TYPES }) assetType: AssetType;
  @ApiProperty() description: string;
  @ApiProperty({ type: String, nullable: true }) address: string | null;
  @ApiProperty({ enum: STATUSES }) status: AssetDoc['status'];
  @ApiProperty({ description: 'NZD: the accepted valuation, else the owner’s figure' }) value: number;
  @ApiProperty({ type: ValuationDto, nullable: true }) valuation: ValuationDto | null;
  @ApiProperty({ description: 'The supply now' }) tokenCount: number;
  @ApiProperty({ type: TokenTermsDto, nullable: true, description: 'The owner’s terms; totalSupply is the supply now' })
  terms: TokenTermsDto | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'The supply the tokenization was approved with, once a supply change moved it (Initial supply)',
  })
  initialSupply: number | null;
  @ApiProperty({ type: [AssetDocumentLinkDto] }) documents: AssetDocumentLinkDto[];
}

export class TokenPriceDto {
  @ApiProperty({ description: 'NZD per token' }) price: number;
  @ApiProperty({
    enum: ['valuation', 'offering'],
    description:
      "Always 'valuation': the latest accepted valuation (else the owner's figure) ÷ the current supply ('offering' is no longer given)",
  })
  source: 'valuation' | 'offering';
  @ApiProperty() at: string;
}

export class CapTableRowDto {
  @ApiProperty() holder: string;
  @ApiProperty({ type: String, nullable: true }) email: string | null;
  @ApiProperty({ enum: ['platform', 'off-platform'] }) kind: 'platform' | 'off-platform';
  @ApiProperty() tokens: number;
  @ApiProperty({ description: 'Percent of the supply' }) percent: number;
  @ApiProperty({ description: "The viewer's own holding" }) you: boolean;
}

export class AssetPageCapTableDto {
  @ApiProperty({ type: [CapTableRowDto] }) rows: CapTableRowDto[];
  @ApiProperty() held: number;
  @ApiProperty() retained: number;
}

export class AssetOfferingLineDto {
  @ApiProperty() id: string;
  @ApiProperty() name: string;
  @ApiProperty({ enum: ['active', 'closed'] }) status: 'active' | 'closed';
  @ApiProperty({ description: 'NZD, decimal string' }) tokenPrice: string;
  @ApiProperty() totalTokens: number;
  @ApiProperty() tokensIssued: number;
  @ApiProperty() tokensReserved: number;
  @ApiProperty({ description: 'NZD, decimal string' }) fundsRaised: string;
  @ApiProperty() createdAt: string;
}

export class AssetHistoryItemDto {
  @ApiProperty() at: string;
  @ApiProperty({ description: 'The event type' }) event: string;
  @ApiProperty({ description: "In words, with no one's personal data" }) text: string;
  @ApiProperty({ type: String, nullable: true }) offeringId: string | null;
}

/** The asset page (`/assets/:id`), shaped by who is looking. */
export class AssetPageDto extends AssetSummaryDto {
  @ApiProperty({ enum: ['owner', 'staff', 'investor'] }) viewer: 'owner' | 'staff' | 'investor';
  @ApiProperty({ type: PersonDto, nullable: true, description: 'Named to staff; null for everyone else' })
  owner: PersonDto | null;
  @ApiProperty() currentStep: number;
  @ApiProperty({ type: Number, nullable: true }) changePercent: number | null;
  @ApiProperty({ type: Number, nullable: true }) firstValuation: number | null;
  @ApiProperty({ type: String, nullable: true }) returnReason: string | null;
  @ApiProperty() createdAt: string;
  @ApiProperty({ type: String, nullable: true }) submittedAt: string | null;
  @ApiProperty({ type: String, nullable: true }) approvedAt: string | null;
  @ApiProperty({ type: TokenPriceDto, nullable: true }) tokenPrice: TokenPriceDto | null;
  @ApiProperty({ type: AssetPageCapTableDto }) capTable: AssetPageCapTableDto;
  @ApiProperty({ type: [AssetOfferingLineDto] }) offerings: AssetOfferingLineDto[];
  @ApiProperty({ type: [AssetHistoryItemDto], description: 'Oldest first' }) history: AssetHistoryItemDto[];
}
