import { ApiProperty, ApiPropertyOptional, IntersectionType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsNotEmpty, IsNumber, IsOptional, IsString, Max, MaxLength, Min, ValidateBy } from 'class-validator';
import { allOf, CreatedDto } from '../../platform/http/api-response.js';
import { IsId } from '../../platform/http/ids.js';
import type { HoldingDoc } from '../../projections/holdings.js';
import type { OfferingDoc } from '../../projections/offerings.js';
import { AssetSummaryDto } from '../assets/asset.dto.js';
import { ASSET_TYPES, type AssetType } from '../assets/events.js';
import { PersonDto } from '../identity/identity.dto.js';
import { HoldingOnChainDto } from '../tokens/tokens.dto.js';
import { CANCEL_REASON_REQUIRED, OFFERING_MESSAGES } from './offering.decider.js';
import { toCents } from './money.js';
import { numberFromText } from '../../platform/http/validation.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const text = ({ value }: { value: unknown }) =>
  typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : value;
const int = numberFromText;
const M = OFFERING_MESSAGES;

/** An NZD amount as text, read as the decider reads it (money.ts); `positive`: at least one cent. */
const IsNzdAmount = (positive: boolean, message: string) =>
  ValidateBy({
    name: 'isNzdAmount',
    validator: {
      validate: (value: unknown) => {
        if (positive && value === '') return true; // a required amount left blank is missing (IsNotEmpty's message)
        const cents = typeof value === 'string' ? toCents(value || '0') : null; // empty reads as 0, as in the decider
        return cents !== null && (!positive || cents >= 1);
      },
      defaultMessage: () => message,
    },
  });

/** An NZD amount sent as a number, in whole cents as money.ts reads it: 200.001 is refused, never rounded. */
const IsWholeCents = (message: string) =>
  ValidateBy({
    name: 'isWholeCents',
    validator: {
      validate: (value: unknown) => typeof value !== 'number' || toCents(value) !== null,
      defaultMessage: () => message,
    },
  });

/**
 * POST /api/admin/offerings (docs/specification.md §7; totalTokens and lockupPeriod as integers, tokenPrice and minimumInvestment
 * as text). Every field is checked here, so one answer lists every mistake ('Missing Fields' for the required).
 */
export class CreateOfferingDto {
  @ApiProperty() @IsId({ message: 'Choose an approved asset' }) assetId: string;

  @ApiProperty()
  @Transform(trim)
  @IsString({ message: M.missing })
  @IsNotEmpty({ message: M.missing })
  @MaxLength(120)
  name: string;

  @ApiPropertyOptional() @IsOptional() @Transform(trim) @IsString() @MaxLength(4000) description?: string;

  @ApiProperty({ minimum: 1 })
  @Transform(int)
  @IsInt({ message: M.missing })
  @Min(1, { message: M.missing })
  totalTokens: number;

  @ApiProperty({ example: '125.00' })
  @Transform(text)
  @IsString({ message: M.missing })
  @MaxLength(20, { message: M.tokenPrice })
  @IsNzdAmount(true, M.tokenPrice)
  tokenPrice: string;

  @ApiPropertyOptional({ example: '1000' })
  @IsOptional()
  @Transform(text)
  @IsString({ message: M.minimumInvestment })
  @MaxLength(20, { message: M.minimumInvestment })
  @IsNzdAmount(false, M.minimumInvestment)
  minimumInvestment?: string;

  @ApiPropertyOptional({ description: 'days', example: 365, minimum: 0, maximum: 3650 })
  @IsOptional()
  @Transform(int)
  @IsInt({ message: 'Lock-up must be a whole number of days' })
  @Min(0, { message: M.lockupPeriod })
  @Max(3650, { message: M.lockupPeriod })
  lockupPeriod?: number;
}

/** POST /api/invest (docs/specification.md §3 "Investment request"). */
export class InvestDto {
  @ApiProperty() @IsId({ message: 'Offering not found' }) offeringId: string;

  @ApiProperty({ minimum: 1 })
  @Transform(int)
  @IsInt({ message: M.tokensRequested })
  @Min(1, { message: M.tokensRequested })
  tokensRequested: number;

  @ApiProperty({ description: 'NZD, in whole cents' })
  @Transform(int)
  @IsNumber({}, { message: M.investmentAmount })
  @Min(0, { message: M.investmentAmount })
  @IsWholeCents(M.investmentAmount)
  investmentAmount: number;
}

export class CancelInvestmentDto {
  @ApiProperty()
  @Transform(trim)
  @IsString({ message: CANCEL_REASON_REQUIRED })
  @MaxLength(1000, { message: 'Reason must be at most 1000 characters' })
  reason: string;
}

// ── Answers ──

const OFFERING_STATUSES: OfferingDoc['status'][] = ['active', 'closed'];
const INVESTMENT_STATUSES = allOf<HoldingDoc['status']>({ pending: true, confirmed: true, cancelled: true });

/** The spec's Offering (docs/specification.md §3). */
export class OfferingDto {
  @ApiProperty() id: string;
  @ApiProperty() assetId: string;
  @ApiProperty() ownerId: string;
  @ApiProperty() name: string;
  @ApiProperty() description: string;
  @ApiProperty() totalTokens: number;
  @ApiProperty({ description: 'NZD, decimal string' }) tokenPrice: string;
  @ApiProperty({ description: 'NZD, decimal string' }) minimumInvestment: string;
  @ApiProperty({ description: 'Days' }) lockupPeriod: number;
  @ApiProperty({ enum: OFFERING_STATUSES }) status: OfferingDoc['status'];
  @ApiProperty({ description: 'Confirmed tokens' }) tokensIssued: number;
  @ApiProperty({ description: 'Tokens held by pending investments' }) tokensReserved: number;
  @ApiProperty({ description: 'NZD of confirmed investments, decimal string' }) fundsRaised: string;
  @ApiProperty() createdAt: string;
}

export class OfferingsDto {
  @ApiProperty({ type: [OfferingDto] }) offerings: OfferingDto[];
}

/** An offering as investors meet it: with the asset behind it and its progress. */
export class OfferingCardDto extends OfferingDto {
  @ApiProperty({
    description: "NZD, decimal string: the least one investment may be — the offering's, never below the token terms'",
  })
  declare minimumInvestment: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      "NZD, decimal string: the most one investor may hold in the asset, all offerings together (the token terms')",
  })
  maximumInvestment: string | null;
  @ApiProperty({ type: AssetSummaryDto, nullable: true }) asset: AssetSummaryDto | null;
  @ApiProperty({ description: 'Tokens neither issued nor held by a pending investment' }) tokensAvailable: number;
  @ApiProperty({ description: 'Issued ÷ total, percent to one decimal' }) percentIssued: number;
}

export class OfferingCardsDto {
  @ApiProperty({ type: [OfferingCardDto], description: 'Newest first' }) offerings: OfferingCardDto[];
}

/**
 * Of the investor's tokens of an asset (all their investments in it), how many transfers of theirs claim now, as the
 * register counts them: a promise lapses with its proposal, a settlement's claim never (consumed when it settles).
 */
/**
 * What the register says of the holder's tokens of the asset (all their investments in it, not this one alone): how
 * many they hold, how many are frozen and why (issue 32), and how many their transfers claim.
 */
export class HoldingClaimsDto {
  @ApiProperty({ description: "The holder's tokens of this asset in all: what the figures below are of" })
  assetTokensHeld: number;
  @ApiProperty({ description: 'How many of them are frozen' }) frozenTokens: number;
  @ApiProperty({ type: String, nullable: true, description: 'Why they are frozen (a court order, a dispute)' })
  frozenReason: string | null;
  @ApiProperty({ description: 'Tokens promised to open transfers (proposed or accepted, not lapsed)' })
  promisedTokens: number;
  @ApiProperty({ description: 'How many open transfers those are' }) promisedTransfers: number;
  @ApiProperty({ description: 'Tokens settling in approved transfers, until settled or failed' })
  settlingTokens: number;
  @ApiProperty({ description: 'How many approved transfers those are' }) settlingTransfers: number;
}

/** The spec's Holding (docs/specification.md §3), with the chain side and the tokens transfers claim. */
export class HoldingDto extends IntersectionType(HoldingOnChainDto, HoldingClaimsDto) {
  @ApiProperty() id: string;
  @ApiProperty() investorId: string;
  @ApiProperty({ type: String, nullable: true, description: 'null for tokens received in a transfer' })
  offeringId: string | null;
  @ApiProperty({ type: String, nullable: true }) offeringName: string | null;
  @ApiProperty() assetId: string;
  @ApiProperty() ownerId: string;
  @ApiProperty({
    enum: ['offering', 'transfer'],
    description: 'offering: bought in an offering; transfer: received from another investor (domains/transfers)',
  })
  source: 'offering' | 'transfer';
  @ApiProperty({ type: String, nullable: true, description: 'The transfer the tokens came in (source transfer)' })
  transferId: string | null;
  @ApiProperty({ description: 'Tokens bought in the offering, or received in the transfer' }) tokensBought: number;
  @ApiProperty({ description: 'Tokens held now: bought (or received) less those transferred out since' })
  tokensHeld: number;
  @ApiProperty({ description: 'NZD paid, decimal string' }) purchasePrice: string;
  @ApiProperty({
    description:
      'What the tokens held now cost (NZD, to the cent): the price paid, pro rata when some were transferred out',
  })
  costHeld: number;
  @ApiProperty({ description: 'NZD per token, decimal string' }) tokenPrice: string;
  @ApiProperty() purchaseDate: string;
  @ApiProperty({ enum: INVESTMENT_STATUSES }) status: HoldingDoc['status'];
  @ApiProperty({ description: "End of the offering's lock-up" }) transferableFrom: string;
  @ApiProperty({ type: String, nullable: true }) cancellationReason: string | null;
  @ApiProperty({ type: String, nullable: true }) confirmedAt: string | null;
  @ApiProperty({ type: String, nullable: true }) cancelledAt: string | null;
}

export class HoldingsDto {
  @ApiProperty({ type: [HoldingDto], description: 'Newest first' }) holdings: HoldingDto[];
}

export class InvestedDto extends CreatedDto {
  @ApiProperty({
    enum: ['confirmed', 'pending'],
    description: 'pending: above the settlement threshold, it waits for staff',
  })
  status: 'confirmed' | 'pending';
}

export class InvestmentOfferingDto {
  @ApiProperty() id: string;
  @ApiProperty() name: string;
  @ApiProperty({ enum: OFFERING_STATUSES }) status: OfferingDoc['status'];
  @ApiProperty({ description: 'Days' }) lockupPeriod: number;
}

export class InvestmentAssetDto {
  @ApiProperty() id: string;
  @ApiProperty() name: string;
  @ApiProperty({ enum: ASSET_TYPES }) assetType: AssetType;
}

/** One investment as its investor (and staff) see it: what was paid, what it is worth now, its lock-up. */
export class InvestmentViewDto {
  @ApiProperty() id: string;
  @ApiProperty({ enum: INVESTMENT_STATUSES }) status: HoldingDoc['status'];
  @ApiProperty({
    enum: ['offering', 'transfer'],
    description: 'offering: bought in an offering; transfer: received from another investor (domains/transfers)',
  })
  source: 'offering' | 'transfer';
  @ApiProperty({ type: String, nullable: true, description: 'The transfer the tokens came in (source transfer)' })
  transferId: string | null;
  @ApiProperty({ description: 'Held now: bought (or received) less those transferred out since' }) tokens: number;
  @ApiProperty({ description: 'Tokens bought in the offering, or received in the transfer' }) tokensBought: number;
  @ApiProperty({ description: 'NZD paid in all, decimal string' }) amountPaid: string;
  @ApiProperty({ description: 'NZD per token paid, decimal string' }) tokenPricePaid: string;
  @ApiProperty({
    description:
      'What the tokens held now cost (NZD, to the cent): the amount paid, pro rata when some were transferred out',
  })
  costHeld: number;
  @ApiProperty() purchaseDate: string;
  @ApiProperty({ type: String, nullable: true }) confirmedAt: string | null;
  @ApiProperty({ type: String, nullable: true }) cancelledAt: string | null;
  @ApiProperty({ type: String, nullable: true }) cancellationReason: string | null;
  @ApiProperty({
    description:
      "The first day the tokens may be transferred: the end of the holder's latest lock-up in the asset (the chain locks a holder's wallet until then)",
  })
  transferableFrom: string;
  @ApiProperty({ description: "This purchase's own lock-up end" }) lockupEnds: string;
  @ApiProperty({ description: 'NZD per token now' }) currentTokenPrice: number;
  @ApiProperty({ enum: ['valuation', 'purchase'] }) currentPriceSource: 'valuation' | 'purchase';
  @ApiProperty({ description: 'tokens × current token price (NZD, to the cent)' }) currentValue: number;
  @ApiProperty({ type: InvestmentOfferingDto, nullable: true }) offering: InvestmentOfferingDto | null;
  @ApiProperty({ type: InvestmentAssetDto, nullable: true }) asset: InvestmentAssetDto | null;
}

/** An investment of the investor's home, with the chain side of the holding and what is not free of it. */
export class PortfolioInvestmentDto extends IntersectionType(
  IntersectionType(InvestmentViewDto, HoldingOnChainDto),
  HoldingClaimsDto,
) {}

/** The investor's home: every investment of theirs, newest first, with the portfolio's totals. */
export class InvestorPortfolioDto {
  @ApiProperty({ description: 'Current value of the confirmed holdings (NZD)' }) portfolioValue: number;
  @ApiProperty({
    description: 'What was paid for the tokens still held (NZD): tokens transferred out no longer count',
  })
  invested: number;
  @ApiProperty({ description: 'NZD of the investments awaiting settlement' }) pendingAmount: number;
  @ApiProperty() pendingCount: number;
  @ApiProperty({ type: [PortfolioInvestmentDto] }) investments: PortfolioInvestmentDto[];
}

/** One investment's page: the investor is named to themselves and to admins only. */
export class InvestmentPageDto extends IntersectionType(
  IntersectionType(InvestmentViewDto, HoldingOnChainDto),
  HoldingClaimsDto,
) {
  @ApiProperty({ enum: ['investor', 'owner', 'admin'] }) viewer: 'investor' | 'owner' | 'admin';
  @ApiProperty({ type: PersonDto, nullable: true }) investor: PersonDto | null;
}

/** An investment as the admins' list shows it: named. */
export class InvestmentRowDto extends InvestmentViewDto {
  @ApiProperty() offeringId: string;
  @ApiProperty() investorId: string;
  @ApiProperty() assetId: string;
  @ApiProperty() ownerId: string;
  @ApiProperty() tokensHeld: number;
  @ApiProperty({ description: 'NZD paid, decimal string' }) purchasePrice: string;
  @ApiProperty({ description: 'NZD per token, decimal string' }) tokenPrice: string;
  @ApiProperty({ type: PersonDto }) investor: PersonDto;
}

export class InvestmentRowsDto {
  @ApiProperty({ type: [InvestmentRowDto], description: 'Oldest first' }) investments: InvestmentRowDto[];
}

/** One offering's page, shaped by who is looking. */
export class OfferingPageDto extends OfferingCardDto {
  @ApiProperty({ enum: ['staff', 'owner', 'investor'] }) viewer: 'staff' | 'owner' | 'investor';
  @ApiProperty({ type: [InvestmentViewDto], description: "The viewer's own investments in it" })
  myInvestments: InvestmentViewDto[];
  @ApiProperty() canInvest: boolean;
}
