import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { allOf, CreatedDto } from '../../platform/http/api-response.js';
import type { LinePayment } from '../../projections/distributions.js';
import { DISTRIBUTION_MESSAGES as D, TAX_PAYMENT_MESSAGES as P, TAX_PROFILE_MESSAGES as T } from '../../messages.js';
import type { DistributionStatus } from './distribution.decider.js';
import type { HolderKind, PaymentMethod } from './events.js';
import type { IncomeKind, Residency, TaxKind } from './tax.js';
import { ELECTED_RWT_RATES, type ElectedRwtRate } from './tax-rates.js';

const RESIDENCY_VALUES = allOf<Residency>({ resident: true, 'non-resident': true });

/** PUT /api/tax-profile — what the decider checks (check digit, rate, country) it refuses there, by field. */
export class TaxProfileDto {
  @ApiProperty({ enum: RESIDENCY_VALUES })
  @IsString({ message: T.residency })
  @MaxLength(20, { message: T.residency })
  residency: string;
  @ApiPropertyOptional({ nullable: true, type: String, description: '8 or 9 digits; dashes and spaces allowed' })
  @IsOptional()
  @IsString({ message: T.irdNumber })
  @MaxLength(20, { message: T.irdNumber })
  irdNumber?: string | null;
  @ApiPropertyOptional({ nullable: true, enum: ELECTED_RWT_RATES, description: 'RWT rate elected for interest, %' })
  @IsOptional()
  @IsString({ message: T.rwtRate })
  @MaxLength(10, { message: T.rwtRate })
  rwtRate?: string | null;
  @ApiPropertyOptional({ nullable: true, type: String, description: 'ISO 3166 alpha-2 (non-residents)' })
  @IsOptional()
  @IsString({ message: T.treatyCountry })
  @MaxLength(10, { message: T.treatyCountry })
  treatyCountry?: string | null;
  @ApiPropertyOptional({ nullable: true, type: String, description: 'YYYY-MM-DD' })
  @IsOptional()
  @IsString({ message: T.dateOfBirth })
  @MaxLength(10, { message: T.dateOfBirth })
  dateOfBirth?: string | null;
  @ApiPropertyOptional({ nullable: true, type: String, description: 'For direct credits: 01-0902-0068389-00' })
  @IsOptional()
  @IsString({ message: T.bankAccount })
  @MaxLength(30, { message: T.bankAccount })
  bankAccount?: string | null;
}

export class TaxProfileViewDto {
  @ApiProperty({ description: 'False until the person saves one: then a resident without an IRD number is assumed' })
  saved: boolean;
  @ApiProperty({ enum: RESIDENCY_VALUES }) residency: Residency;
  @ApiProperty({ nullable: true, type: String, description: 'Nine digits' }) irdNumber: string | null;
  @ApiProperty({ nullable: true, enum: ELECTED_RWT_RATES }) rwtRate: ElectedRwtRate | null;
  @ApiProperty({ nullable: true, type: String }) treatyCountry: string | null;
  @ApiProperty({ nullable: true, type: String }) dateOfBirth: string | null;
  @ApiProperty({ nullable: true, type: String, description: '01-0902-0068389-000' }) bankAccount: string | null;
  @ApiProperty({ nullable: true, type: String }) savedAt: string | null;
}

// ── Distributions ──

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const KINDS = allOf<IncomeKind>({ dividend: true, interest: true, rent: true, other: true });
const STATUSES = allOf<DistributionStatus>({
  proposed: true,
  approved: true,
  funded: true,
  paying: true,
  paid: true,
  cancelled: true,
});

/** POST /api/assets/:id/distributions (and its preview). Amounts as NZD text in whole cents: '1250.00'. */
export class DeclareDistributionDto {
  @ApiProperty({ enum: KINDS })
  @IsString({ message: D.kind })
  @MaxLength(20, { message: D.kind })
  kind: string;
  @ApiProperty({ description: 'NZD, whole cents', example: '1250.00' })
  @Transform(trimmed)
  @IsString({ message: D.amount })
  @MaxLength(20, { message: D.amount })
  amount: string;
  @ApiProperty({ description: 'YYYY-MM-DD: the holders at the end of that day in New Zealand' })
  @IsString({ message: D.recordDate })
  @MaxLength(10, { message: D.recordDate })
  recordDate: string;
  @ApiProperty({ description: 'YYYY-MM-DD, on or after the record date' })
  @IsString({ message: D.paymentDate })
  @MaxLength(10, { message: D.paymentDate })
  paymentDate: string;
  @ApiPropertyOptional({ nullable: true, type: String, description: 'A dividend’s imputation credits, NZD' })
  @IsOptional()
  @Transform(trimmed)
  @IsString({ message: D.imputationCredits })
  @MaxLength(20, { message: D.imputationCredits })
  imputationCredits?: string | null;
}

/** POST …/fund — the sandbox's card form, or Stripe's payment method. */
export class FundDistributionDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(30) number?: string;
  @ApiPropertyOptional({ description: 'MM/YY' }) @IsOptional() @IsString() @MaxLength(10) expiry?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(4) cvc?: string;
  @ApiPropertyOptional({ description: 'Stripe: pm_…' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  paymentMethodId?: string;
}

export class CancelDistributionDto {
  @ApiProperty({ maxLength: 1000 })
  @Transform(trimmed)
  @IsString({ message: D.cancelReason })
  @MinLength(1, { message: D.cancelReason })
  @MaxLength(1000, { message: D.cancelReason })
  reason: string;
}

export class ConfirmDirectCreditDto {
  @ApiProperty({ maxLength: 200, description: 'The bank’s reference for the run' })
  @Transform(trimmed)
  @IsString({ message: D.bankReference })
  @MinLength(1, { message: D.bankReference })
  @MaxLength(200, { message: D.bankReference })
  bankReference: string;
}

export class LinePaymentDto {
  @ApiProperty({ enum: ['stablecoin', 'direct-credit', 'retained'], nullable: true, type: String })
  method: PaymentMethod | null;
  @ApiProperty({ enum: ['unpaid', 'pending', 'paid', 'retained', 'cancelled'] }) status: LinePayment['status'];
  @ApiProperty({ type: String, nullable: true }) txHash: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The bank run’s reference' }) reference: string | null;
  @ApiProperty({ type: String, nullable: true }) paidAt: string | null;
}

export class DistributionLineDto {
  @ApiProperty({ enum: ['platform', 'off-platform', 'owner'] }) holderKind: HolderKind;
  @ApiProperty({ type: String, nullable: true }) investorId: string | null;
  @ApiProperty() name: string;
  @ApiProperty({ description: 'Tokens held at the end of the record date' }) tokens: number;
  @ApiProperty({ description: 'NZD' }) gross: string;
  @ApiProperty({ description: 'NZD' }) imputationCredits: string;
  @ApiProperty({ description: 'NZD' }) withholdingTax: string;
  @ApiProperty({ enum: ['RWT', 'NRWT', 'none'] }) taxKind: TaxKind;
  @ApiProperty({ description: 'Percent, e.g. 17.5' }) taxRate: string;
  @ApiProperty({ description: 'NZD' }) net: string;
  @ApiProperty({ type: LinePaymentDto }) payment: LinePaymentDto;
}

export class DistributionTotalsDto {
  @ApiProperty({ description: 'NZD: the declared amount' }) gross: string;
  @ApiProperty({ description: 'NZD' }) withheld: string;
  @ApiProperty({ description: 'NZD' }) net: string;
  @ApiProperty({ description: 'NZD' }) imputationCredits: string;
}

export class DistributionPreviewDto {
  @ApiProperty({ enum: KINDS }) kind: IncomeKind;
  @ApiProperty({ description: 'NZD' }) amount: string;
  @ApiProperty({ description: 'NZD' }) imputationCredits: string;
  @ApiProperty() recordDate: string;
  @ApiProperty() paymentDate: string;
  @ApiProperty({ description: 'The rate table entry used (its first date)' }) ratesFrom: string;
  @ApiProperty({ description: 'NZD the owner funds: every line but the owner’s own' }) fundingDue: string;
  @ApiProperty({ type: [DistributionLineDto] }) lines: DistributionLineDto[];
  @ApiProperty({ type: DistributionTotalsDto }) totals: DistributionTotalsDto;
}

export class RecordCheckDto {
  @ApiProperty({ description: 'The moment compared: the end of the record date in New Zealand, or the declaration' })
  moment: string;
  @ApiProperty({ description: 'The last block mined at that moment' }) blockNumber: number;
  @ApiProperty() blockHash: string;
  @ApiProperty() blockTime: string;
}

export class RefundDto {
  @ApiProperty({
    enum: ['none', 'pending', 'refunded', 'failed'],
    description: 'none: nothing funded; pending: asked of the provider; failed: refused (operations ask again)',
  })
  status: 'none' | 'pending' | 'refunded' | 'failed';
  @ApiProperty({ type: String, nullable: true, description: 'The provider’s refund (Stripe: re_…)' })
  reference: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Why the provider refused it' }) failure: string | null;
}

export class DistributionDto extends DistributionPreviewDto {
  @ApiProperty() id: string;
  @ApiProperty() assetId: string;
  @ApiProperty() assetName: string;
  @ApiProperty({ enum: STATUSES }) status: DistributionStatus;
  @ApiProperty() declaredAt: string;
  @ApiProperty({ type: String, nullable: true }) approvedAt: string | null;
  @ApiProperty({ type: String, nullable: true }) fundedAt: string | null;
  @ApiProperty({ type: String, nullable: true }) paidAt: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The last card payment that failed' })
  fundingFailure: string | null;
  @ApiProperty({
    description:
      'A card payment of the funding is under way (processing, or awaiting the card’s authentication): funded once it clears',
  })
  fundingPending: boolean;
  @ApiProperty({ type: String, nullable: true }) cancelReason: string | null;
  @ApiProperty({ description: 'NZD funded and owed back after a cancellation' }) refundDue: string;
  @ApiProperty({
    type: RecordCheckDto,
    nullable: true,
    description:
      'The chain block the holders at the record date were checked against (null without a chain or before the run)',
  })
  recordCheck: RecordCheckDto | null;
  @ApiProperty({ type: RefundDto, description: 'The funding given back after a cancellation' }) refund: RefundDto;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'CHAIN_EXPLORER_URL: a stablecoin payment’s transaction is at <url>/tx/<txHash>; null links nothing',
  })
  chainExplorerUrl: string | null;
}

export class DistributionSummaryDto {
  @ApiProperty() id: string;
  @ApiProperty() assetId: string;
  @ApiProperty() assetName: string;
  @ApiProperty() ownerId: string;
  @ApiProperty() ownerName: string;
  @ApiProperty({ enum: KINDS }) kind: IncomeKind;
  @ApiProperty({ description: 'NZD' }) amount: string;
  @ApiProperty({ description: 'NZD' }) fundingDue: string;
  @ApiProperty() recordDate: string;
  @ApiProperty() paymentDate: string;
  @ApiProperty({ enum: STATUSES }) status: DistributionStatus;
  @ApiProperty() declaredAt: string;
  @ApiProperty() holders: number;
  @ApiProperty({ description: 'NZD owed back to the owner after a cancellation' }) refundDue: string;
  @ApiProperty({ type: RefundDto }) refund: RefundDto;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'The chain block the holders at the record date were checked against (null: not checked)',
  })
  recordCheckBlock: number | null;
}

export class DistributionListDto {
  @ApiProperty({ type: [DistributionSummaryDto] }) distributions: DistributionSummaryDto[];
}

export class IncomeLineDto {
  @ApiProperty() distributionId: string;
  @ApiProperty() assetId: string;
  @ApiProperty() assetName: string;
  @ApiProperty({ enum: KINDS }) kind: IncomeKind;
  @ApiProperty() recordDate: string;
  @ApiProperty() paymentDate: string;
  @ApiProperty({ enum: STATUSES }) status: DistributionStatus;
  @ApiProperty({ description: 'The NZ tax year (1 April – 31 March) of the payment date, by the year it ends' })
  taxYear: number;
  @ApiProperty() tokens: number;
  @ApiProperty({ description: 'NZD' }) gross: string;
  @ApiProperty({ description: 'NZD' }) imputationCredits: string;
  @ApiProperty({ description: 'NZD' }) withholdingTax: string;
  @ApiProperty({ enum: ['RWT', 'NRWT', 'none'] }) taxKind: TaxKind;
  @ApiProperty({ description: 'Percent' }) taxRate: string;
  @ApiProperty({ description: 'NZD' }) net: string;
  @ApiProperty({ type: LinePaymentDto }) payment: LinePaymentDto;
}

export class TaxYearDto {
  @ApiProperty({ description: 'The year it ends: 2027 is 1 April 2026 – 31 March 2027' }) taxYear: number;
  @ApiProperty() from: string;
  @ApiProperty() to: string;
  @ApiProperty({ description: 'Distributions counted (approved and funded or paid)' }) distributions: number;
  @ApiProperty({ description: 'NZD' }) gross: string;
  @ApiProperty({ description: 'NZD' }) imputationCredits: string;
  @ApiProperty({ description: 'NZD' }) withholdingTax: string;
  @ApiProperty({ description: 'NZD' }) net: string;
}

export class IncomeDto {
  @ApiProperty({ type: [IncomeLineDto] }) lines: IncomeLineDto[];
  @ApiProperty({ type: [TaxYearDto] }) taxYears: TaxYearDto[];
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'CHAIN_EXPLORER_URL: a stablecoin payment’s transaction is at <url>/tx/<txHash>; null links nothing',
  })
  chainExplorerUrl: string | null;
}

export class DeclaredDto extends CreatedDto {
  @ApiProperty({ enum: ['proposed'] }) status: 'proposed';
}

/** POST /api/admin/withheld-tax/payments: a payment of withheld tax made to Inland Revenue. */
export class RecordTaxPaymentDto {
  @ApiProperty({ description: 'The month the tax was withheld in (YYYY-MM)' })
  @IsString({ message: P.period })
  @MaxLength(7, { message: P.period })
  period: string;
  @ApiProperty({ enum: ['RWT', 'NRWT'] })
  @IsString({ message: P.taxKind })
  @MaxLength(4, { message: P.taxKind })
  taxKind: string;
  @ApiProperty({ description: 'NZD paid' })
  @IsString({ message: P.amount })
  @MaxLength(20, { message: P.amount })
  amount: string;
  @ApiProperty({ description: 'The date it was paid (YYYY-MM-DD)' })
  @IsString({ message: P.paidOn })
  @MaxLength(10, { message: P.paidOn })
  paidOn: string;
  @ApiProperty({ maxLength: 100, description: 'Inland Revenue’s reference for the payment' })
  @Transform(trimmed)
  @IsString({ message: P.irReference })
  @MinLength(1, { message: P.irReference })
  @MaxLength(100, { message: P.irReference })
  irReference: string;
}

export class WithheldTaxPeriodDto {
  @ApiProperty({ description: 'YYYY-MM' }) period: string;
  @ApiProperty({ enum: ['RWT', 'NRWT'] }) taxKind: 'RWT' | 'NRWT';
  @ApiProperty({ description: 'NZD withheld from the lines paid (distributions with a payment date in the month)' })
  withheld: string;
  @ApiProperty() lines: number;
  @ApiProperty({ description: 'NZD paid to Inland Revenue and confirmed' }) paid: string;
  @ApiProperty({ description: 'NZD recorded as paid, awaiting a second admin' }) awaiting: string;
  @ApiProperty({ description: 'NZD still owed to Inland Revenue (the liability)' }) outstanding: string;
  @ApiProperty({ description: 'The 20th of the month after' }) dueDate: string;
}

export class TaxPaymentDto {
  @ApiProperty() id: string;
  @ApiProperty() period: string;
  @ApiProperty({ enum: ['RWT', 'NRWT'] }) taxKind: 'RWT' | 'NRWT';
  @ApiProperty({ description: 'NZD' }) amount: string;
  @ApiProperty() paidOn: string;
  @ApiProperty() irReference: string;
  @ApiProperty({ enum: ['recorded', 'confirmed', 'rejected'] }) status: 'recorded' | 'confirmed' | 'rejected';
  @ApiProperty() recordedBy: string;
  @ApiProperty() recordedAt: string;
  @ApiProperty({ type: String, nullable: true }) confirmedBy: string | null;
  @ApiProperty({ type: String, nullable: true }) confirmedAt: string | null;
  @ApiProperty({ type: String, nullable: true }) rejectedBy: string | null;
  @ApiProperty({ type: String, nullable: true }) rejectedAt: string | null;
  @ApiProperty({ type: String, nullable: true }) rejectReason: string | null;
}

/** POST /api/admin/withheld-tax/payments/:id/reject: why the recorded payment is wrong. */
export class RejectTaxPaymentDto {
  @ApiProperty({ maxLength: 1000 })
  @Transform(trimmed)
  @IsString({ message: P.rejectReason })
  @MinLength(1, { message: P.rejectReason })
  @MaxLength(1000, { message: P.rejectReason })
  reason: string;
}

export class WithheldTaxDto {
  @ApiProperty({ type: [WithheldTaxPeriodDto] }) periods: WithheldTaxPeriodDto[];
  @ApiProperty({ type: [TaxPaymentDto] }) payments: TaxPaymentDto[];
}
