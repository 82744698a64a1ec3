/** Write calls, one function per command the backend accepts. */
import { apiRequest, uploadFile } from './client';
import type { ConfirmationReceipt } from './types';
import type {
  ReconciliationStatus,
  IntegrityStatus,
  ProjectionInfo,
  EvidenceRef,
  OfferingInput,
  VerificationSubmission,
  CheckStatus,
  ComplianceCheck,
  AssetInput,
  DocumentKind,
  TokenTerms,
  ValuationMethod,
  Written,
  CreatedSubscription,
  PlanChanged,
  TestCard,
  PricingResult,
  PropertyAnalysis,
  PropertyInput,
  RegisterInterestRequest,
  RegistrationReceipt,
  StartupAnalysis,
  StartupInput,
  Tier,
  BillingPortal,
  Created,
  DocumentUploaded,
  Invested,
  PasswordChanged,
  PasswordResetRequested,
  PersonForgotten,
  RebuildStarted,
  VerificationDecided,
  VerificationSubmitted,
  WalletRegistered,
  WalletChallenge,
  RegisterWalletInput,
  ChainRetry,
  TaxProfileInput,
  DistributionInput,
  DistributionPreview,
  Declared,
} from './types';

export function registerInterest(request: RegisterInterestRequest): Promise<RegistrationReceipt> {
  return apiRequest<RegistrationReceipt>('POST', '/api/register-interest', request);
}

/** Confirms a registration with the token from the e-mailed link. */
export function confirmInterest(token: string): Promise<ConfirmationReceipt> {
  return apiRequest<ConfirmationReceipt>('POST', '/api/register-interest/confirm', { token });
}

/** Forgot password: the server mails a reset link if the address has an account, and says the same either way. */
export function requestPasswordReset(email: string): Promise<PasswordResetRequested> {
  return apiRequest('POST', '/api/password-reset/request', { email });
}

/** Sets a new password with the token of a reset link; every session of the account ends. */
export function resetPassword(token: string, password: string): Promise<PasswordChanged> {
  return apiRequest('POST', '/api/password-reset', { token, password });
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

/** Upgrade or downgrade a running monthly plan; the rest of the period is prorated at once. */
export function changePlan(tier: Tier): Promise<PlanChanged> {
  return apiRequest<PlanChanged>('POST', '/api/subscription/change', { tier });
}

export function cancelSubscription(): Promise<Written> {
  return apiRequest('POST', '/api/subscription/cancel', {});
}

/** Sandbox mode: pay the pending checkout with a test card. A decline is a 402 with the card's message. */
export function confirmSandboxPayment(clientSecret: string, card: TestCard): Promise<Written> {
  return apiRequest('POST', '/api/billing/sandbox/confirm', { clientSecret, ...card });
}

export function billingPortalUrl(): Promise<BillingPortal> {
  return apiRequest('POST', '/api/billing/portal', {});
}

export function createAsset(input: AssetInput): Promise<Created> {
  return apiRequest('POST', '/api/assets', input);
}

export function uploadDocument(
  assetId: string,
  kind: DocumentKind,
  file: File,
  onProgress: (percent: number) => void,
): Promise<DocumentUploaded> {
  return uploadFile(`/api/assets/${encodeURIComponent(assetId)}/documents/${kind}`, file, onProgress);
}

export function valueAsset(assetId: string, value: number, method: ValuationMethod): Promise<Written> {
  return apiRequest('POST', `/api/assets/${encodeURIComponent(assetId)}/valuation`, { value, method });
}

export function configureToken(assetId: string, terms: TokenTerms): Promise<Written> {
  return apiRequest('PUT', `/api/assets/${encodeURIComponent(assetId)}/token`, terms);
}

export function submitAsset(assetId: string): Promise<Written> {
  return apiRequest('POST', `/api/assets/${encodeURIComponent(assetId)}/submit`);
}

export function addInvestor(
  assetId: string,
  investor: { name: string; email?: string; tokens: number },
): Promise<Created> {
  return apiRequest('POST', `/api/assets/${encodeURIComponent(assetId)}/investors`, investor);
}

/** Changes an off-platform holding (name, e-mail, tokens); the reason is kept in the audit log. */
export function changeInvestor(
  assetId: string,
  investorId: string,
  holding: { name: string; email?: string; tokens: number; reason: string },
): Promise<Written> {
  return apiRequest(
    'PUT',
    `/api/assets/${encodeURIComponent(assetId)}/investors/${encodeURIComponent(investorId)}`,
    holding,
  );
}

export function removeInvestor(assetId: string, investorId: string, reason: string): Promise<Written> {
  return apiRequest(
    'DELETE',
    `/api/assets/${encodeURIComponent(assetId)}/investors/${encodeURIComponent(investorId)}`,
    { reason },
  );
}

/** Asks an admin to issue (delta > 0) or cancel (delta < 0) tokens of an approved asset. */
export function requestSupplyChange(assetId: string, change: { delta: number; reason: string }): Promise<Created> {
  return apiRequest('POST', `/api/assets/${encodeURIComponent(assetId)}/supply-changes`, change);
}

export function decideSupplyChange(
  assetId: string,
  changeId: string,
  decision: { approve: true } | { approve: false; reason: string },
): Promise<Written> {
  const base = `/api/admin/assets/${encodeURIComponent(assetId)}/supply-changes/${encodeURIComponent(changeId)}`;
  return decision.approve
    ? apiRequest('POST', `${base}/approve`)
    : apiRequest('POST', `${base}/reject`, { reason: decision.reason });
}

/** Starts (or joins) a reconciliation of the read models against the registers; follow it with reconciliationQuery. */
export function startReconciliation(): Promise<ReconciliationStatus> {
  return apiRequest('POST', '/api/operations/reconciliation', {});
}

export function approveAsset(assetId: string): Promise<Written> {
  return apiRequest('POST', `/api/admin/assets/${encodeURIComponent(assetId)}/approve`);
}

export function returnAsset(assetId: string, reason: string): Promise<Written> {
  return apiRequest('POST', `/api/admin/assets/${encodeURIComponent(assetId)}/return`, { reason });
}

export function requestComplianceReview(message?: string): Promise<Written> {
  return apiRequest('POST', '/api/compliance/review-request', message ? { message } : {});
}

export function recordComplianceCheck(
  ownerId: string,
  check: ComplianceCheck['id'],
  record: { status: CheckStatus; expiryDate?: string; note?: string },
): Promise<Written> {
  return apiRequest('POST', `/api/compliance-reviews/${encodeURIComponent(ownerId)}/checks/${check}`, record);
}

export function uploadEvidence(file: File, onProgress: (percent: number) => void): Promise<EvidenceRef> {
  return uploadFile('/api/wholesale-verification/documents', file, onProgress, 'POST');
}

export function submitVerification(submission: VerificationSubmission): Promise<VerificationSubmitted> {
  return apiRequest('POST', '/api/wholesale-verification', submission);
}

export function decideVerification(
  id: string,
  decision: { status: 'verified' | 'rejected'; rejectionReason?: string },
): Promise<VerificationDecided> {
  return apiRequest('PUT', `/api/admin/wholesale-verification/${encodeURIComponent(id)}`, decision);
}

export function createOffering(input: OfferingInput): Promise<Created> {
  return apiRequest('POST', '/api/admin/offerings', input);
}

export function invest(request: {
  offeringId: string;
  tokensRequested: number;
  investmentAmount: number;
}): Promise<Invested> {
  return apiRequest('POST', '/api/invest', request);
}

export function closeOffering(offeringId: string): Promise<Written> {
  return apiRequest('POST', `/api/admin/offerings/${encodeURIComponent(offeringId)}/close`);
}

export function settleInvestment(
  offeringId: string,
  investmentId: string,
  decision: { confirm: true } | { confirm: false; reason: string },
): Promise<Written> {
  const base = `/api/admin/investments/${encodeURIComponent(offeringId)}/${encodeURIComponent(investmentId)}`;
  return decision.confirm
    ? apiRequest('POST', `${base}/confirm`)
    : apiRequest('POST', `${base}/cancel`, { reason: decision.reason });
}

/** Starts (or joins) the tamper check; follow it with integrityQuery. */
export function startIntegrityCheck(): Promise<IntegrityStatus> {
  return apiRequest('POST', '/api/audit/integrity', {});
}

export function forgetPerson(subjectId: string, reason: string): Promise<PersonForgotten> {
  return apiRequest('POST', `/api/audit/subjects/${encodeURIComponent(subjectId)}/forget`, { reason });
}

export function rebuildProjection(name: string): Promise<RebuildStarted> {
  return apiRequest('POST', `/api/operations/projections/${encodeURIComponent(name)}/rebuild`, {});
}

export function resumeProjection(name: string): Promise<ProjectionInfo> {
  return apiRequest('POST', `/api/operations/projections/${encodeURIComponent(name)}/resume`, {});
}

/** The message that proves control of `address` once signed by it (single-use, 10 minutes). */
export function walletChallenge(address: string): Promise<WalletChallenge> {
  return apiRequest('POST', '/api/wallet/challenge', { address });
}

/**
 * Registers an address of the person's own instead of the platform-held one, with the signature of the message
 * `walletChallenge` issued for it (refused while the current wallet holds tokens).
 */
export function registerWallet(input: RegisterWalletInput): Promise<WalletRegistered> {
  return apiRequest('POST', '/api/wallet', input);
}

/** Admins: asks again for a failed chain transaction (the recipient's wallet registered first when missing). */
export function retryChainTransaction(txId: string): Promise<ChainRetry> {
  return apiRequest('POST', `/api/admin/chain/transactions/${encodeURIComponent(txId)}/retry`, {});
}

/** Income: the signed-in person's tax profile. */
export function saveTaxProfile(profile: TaxProfileInput): Promise<Written> {
  return apiRequest('PUT', '/api/tax-profile', profile);
}

/** Every holder's line as the declaration would fix it; nothing is recorded. */
export function previewDistribution(assetId: string, input: DistributionInput): Promise<DistributionPreview> {
  return apiRequest('POST', `/api/assets/${encodeURIComponent(assetId)}/distributions/preview`, input);
}

export function declareDistribution(assetId: string, input: DistributionInput): Promise<Declared> {
  return apiRequest('POST', `/api/assets/${encodeURIComponent(assetId)}/distributions`, input);
}

const distributionPath = (assetId: string, distributionId: string) =>
  `/api/assets/${encodeURIComponent(assetId)}/distributions/${encodeURIComponent(distributionId)}`;

/** The owner funds an approved distribution by card (the sandbox's test cards). */
export function fundDistribution(assetId: string, distributionId: string, card: TestCard): Promise<Written> {
  return apiRequest('POST', `${distributionPath(assetId, distributionId)}/fund`, card);
}

export function cancelDistribution(assetId: string, distributionId: string, reason: string): Promise<Written> {
  return apiRequest('POST', `${distributionPath(assetId, distributionId)}/cancel`, { reason });
}

const adminDistribution = (id: string) => `/api/admin/distributions/${encodeURIComponent(id)}`;

/** Another admin than the owner approves (four eyes). */
export function approveDistribution(id: string): Promise<Written> {
  return apiRequest('POST', `${adminDistribution(id)}/approve`);
}

export function startDistributionPayment(id: string): Promise<Written> {
  return apiRequest('POST', `${adminDistribution(id)}/pay`);
}

export function confirmDirectCredit(id: string, bankReference: string): Promise<Written> {
  return apiRequest('POST', `${adminDistribution(id)}/direct-credit/confirm`, { bankReference });
}
