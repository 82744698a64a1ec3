/** Write calls, one function per command the backend accepts. */
import { apiRequest } from './client';
import type { PricingResult, PropertyAnalysis, PropertyInput, RegisterInterestRequest, RegistrationReceipt, StartupAnalysis, StartupInput, Tier } from './types';

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
