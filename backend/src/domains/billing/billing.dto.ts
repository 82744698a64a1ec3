import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString, MaxLength } from 'class-validator';
import { TIERS, type Tier } from '../plans/plans.js';
import { allOf } from '../../platform/http/api-response.js';
import type { BillingHistoryEntry } from '../../projections/subscriptions.js';
import type { SubscriptionStatus } from './billing.decider.js';

export const CHOOSE_A_PLAN = 'Please choose a plan: starter, professional or enterprise';
const STATUSES: SubscriptionStatus[] = ['active', 'canceled', 'past_due', 'incomplete', 'inactive'];

export class CreateSubscriptionDto {
  @ApiProperty({ enum: TIERS })
  @IsIn(TIERS, { message: CHOOSE_A_PLAN })
  tier: Tier;
}

export class CreateSubscriptionResponseDto {
  @ApiProperty({
    nullable: true,
    type: String,
    description:
      'What the payment form confirms; null when nothing is to be paid (a waived Starter plan is active at once)',
  })
  clientSecret: string | null;
  @ApiProperty({
    enum: ['payment', 'setup'],
    nullable: true,
    description: "'setup' when the first payment is waived and the card is only saved",
  })
  intent: 'payment' | 'setup' | null;
  @ApiProperty({ enum: TIERS }) tier: Tier;
  @ApiProperty({ description: 'NZD charged now' }) amountDue: number;
  @ApiProperty({ description: 'The early-access waiver covers the first payment' }) setupFeeWaived: boolean;
  @ApiProperty({ enum: ['incomplete', 'active'] }) status: 'incomplete' | 'active';
  @ApiProperty({ description: 'Event log position, for X-Read-After' }) position: number;
}

export class SubscriptionStatusDto {
  @ApiProperty({ enum: STATUSES }) status: SubscriptionStatus;
  @ApiProperty({ enum: TIERS, nullable: true }) tier: Tier | null;
  @ApiProperty({ nullable: true, type: Number, description: 'Unix seconds; null for the one-time Starter plan' })
  currentPeriodEnd: number | null;
  @ApiProperty() cancelAtPeriodEnd: boolean;
}

export class ChangePlanDto {
  @ApiProperty({ enum: ['professional', 'enterprise'] })
  @IsIn(TIERS, { message: CHOOSE_A_PLAN })
  tier: Tier;
}

export class PlanChangedDto {
  @ApiProperty({ enum: TIERS }) tier: Tier;
  @ApiProperty({ description: 'NZD charged now (an upgrade, positive) or credited to the next invoices (negative)' })
  proration: number;
  @ApiProperty({ nullable: true, type: Number, description: 'Unix seconds' }) currentPeriodEnd: number | null;
  @ApiProperty() position: number;
}

export class CancelSubscriptionResponseDto {
  @ApiProperty() success: boolean;
  @ApiProperty() position: number;
}

export class BillingHistoryEntryDto {
  @ApiProperty() at: string;
  @ApiProperty({
    enum: allOf<BillingHistoryEntry['kind']>({
      checkout: true,
      'plan-changed': true,
      payment: true,
      renewal: true,
      'payment-failed': true,
      'past-due': true,
      'cancellation-scheduled': true,
      'cancellation-withdrawn': true,
      canceled: true,
    }),
  })
  kind: BillingHistoryEntry['kind'];
  @ApiProperty({ enum: TIERS, nullable: true }) tier: Tier | null;
  @ApiProperty({ nullable: true, type: Number }) amount: number | null;
  @ApiProperty({ nullable: true, type: String }) note: string | null;
}

export class BillingOverviewDto extends SubscriptionStatusDto {
  @ApiProperty({ enum: ['stripe', 'sandbox'] }) provider: 'stripe' | 'sandbox';
  @ApiProperty({
    nullable: true,
    type: String,
    description: "Stripe's publishable key for the Payment Element; null in sandbox mode",
  })
  publishableKey: string | null;
  @ApiProperty({ nullable: true, type: String }) lastPaymentError: string | null;
  @ApiProperty({ type: [BillingHistoryEntryDto], description: 'Newest first' }) history: BillingHistoryEntryDto[];
}

export class PortalDto {
  @ApiProperty({ description: "The provider's billing portal (open in a new tab)" }) url: string;
}

export class SandboxPaymentDto {
  @ApiProperty() @IsString() @MaxLength(200) clientSecret: string;
  @ApiProperty({ example: '4242 4242 4242 4242' }) @IsString() @MaxLength(30) number: string;
  @ApiProperty({ example: '12/34', description: 'MM/YY' }) @IsString() @MaxLength(10) expiry: string;
  @ApiProperty({ example: '123' }) @IsString() @MaxLength(6) cvc: string;
}

export class SuccessDto {
  @ApiProperty() success: boolean;
  @ApiPropertyOptional() position?: number;
}

export class PlanLimitsDto {
  @ApiProperty({ nullable: true, type: Number, description: 'Assets the owner may tokenize; null = unlimited' })
  maxAssets: number | null;
  @ApiProperty({ nullable: true, type: Number, description: 'NZD per asset; null = unlimited' }) maxAssetValue:
    | number
    | null;
  @ApiProperty({ nullable: true, type: Number, description: 'Investors per asset; null = unlimited' })
  maxInvestorsPerAsset: number | null;
}

export class PlanDto {
  @ApiProperty({ enum: TIERS }) tier: Tier;
  @ApiProperty() name: string;
  @ApiProperty({ enum: ['one-time', 'monthly'] }) billing: 'one-time' | 'monthly';
  @ApiProperty({ description: 'NZD' }) price: number;
  @ApiProperty() mostPopular: boolean;
  @ApiProperty({ type: PlanLimitsDto }) limits: PlanLimitsDto;
  @ApiProperty({ type: [String] }) features: readonly string[];
}
