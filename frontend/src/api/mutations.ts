/** Write calls, one function per command the backend accepts. */
import { apiRequest } from './client';
import type { BillingOverview, CreatedSubscription, TestCard, PricingResult, PropertyAnalysis, PropertyInput, RegisterInterestRequest, RegistrationReceipt, StartupAnalysis, StartupInput, Tier } from './types';

export function registerInterest(request: RegisterInterestRequest): Promise<RegistrationReceipt> {
  return apiRequest<RegistrationReceipt>('POST', '/api/register-interest', request);
}

export function analyzeProperty(input: PropertyInput): Promise<PropertyAnalysis> {
  return apiRequest<PropertyAnalysis>('POST', '/api/calculator/analyze', input);
}

export function analyzeStartup(input: StartupInput): Promise<StartupAnalysis> {
  return apiRequest<StartupAnalysis>('POST', '/api/calculator/analyze-startup', input);
}

export function calculatePricing(input: { assetValue: number; tier: Tier }): Promise<PricingResult> {
  return apiRequest<PricingResult>('POST', '/api/pricing/calculate', input);
}

export function createSubscription(tier: Tier): Promise<CreatedSubscription> {
  return apiRequest<CreatedSubscription>('POST', '/api/create-subscription', { tier });
}

export function cancelSubscription(): Promise<{ success: boolean; position: number }> {
  return apiRequest('POST', '/api/subscription/cancel', {});
}

/** Sandbox mode: pay the pending checkout with a test card. A decline is a 402 with the card's message. */
export function confirmSandboxPayment(clientSecret: string, card: TestCard): Promise<{ success: boolean; position: number }> {
  return apiRequest('POST', '/api/billing/sandbox/confirm', { clientSecret, ...card });
}

export function billingPortalUrl(): Promise<{ url: string }> {
  return apiRequest('POST', '/api/billing/portal', {});
}

/** The billing page once the read model has caught up with an event position. */
export function billingAfter(position: number): Promise<BillingOverview> {
  return apiRequest<BillingOverview>('GET', '/api/billing', undefined, { readAfter: position });
}
