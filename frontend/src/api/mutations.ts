/** Write calls, one function per command the backend accepts. */
import { apiCall, uploadFile } from './client';
import { callUrl, type RequestBody } from './contract';
import type { ConfirmationReceipt } from './types';
import type {
  AssetRegister,
  ReconciliationStatus,
  IntegrityStatus,
  ProjectionInfo,
  EvidenceRef,
  OfferingInput,
  VerificationSubmission,
  ComplianceCheck,
  AssetInput,
  DocumentKind,
  TokenTerms,
  ValuationMethod,
  Written,
  CreatedSubscription,
  PlanChanged,
  FundingPayment,
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
  EmailVerified,
  EmailVerificationRequested,
  PersonForgotten,
  RebuildStarted,
  VerificationDecided,
  VerificationSubmitted,
  CertificateRevoked,
  WalletRegistered,
  WalletRecovery,
  WalletChallenge,
  RegisterWalletInput,
  ChainRetry,
  TaxProfileInput,
  DistributionInput,
  DistributionPreview,
  TaxPaymentInput,
  Declared,
  TransferInput,
  TransferWritten,
} from './types';

export function registerInterest(request: RegisterInterestRequest): Promise<RegistrationReceipt> {
  return apiCall('post', '/api/register-interest', { body: request });
}

/** Confirms a registration with the token from the e-mailed link. */
export function confirmInterest(token: string): Promise<ConfirmationReceipt> {
  return apiCall('post', '/api/register-interest/confirm', { body: { token } });
}

/** Forgot password: the server mails a reset link if the address has an account, and says the same either way. */
export function requestPasswordReset(email: string): Promise<PasswordResetRequested> {
  return apiCall('post', '/api/password-reset/request', { body: { email } });
}

/** Sets a new password with the token of a reset link; every session of the account ends. */
export function resetPassword(token: string, password: string): Promise<PasswordChanged> {
  return apiCall('post', '/api/password-reset', { body: { token, password } });
}

/** Confirms the account's e-mail address with the token of the e-mailed link (signed in or not). */
export function verifyEmail(token: string): Promise<EmailVerified> {
  return apiCall('post', '/api/email-verification', { body: { token } });
}

/** Mails the signed-in account a new link to confirm its address (the older one stops working). */
export function requestEmailVerification(): Promise<EmailVerificationRequested> {
  return apiCall('post', '/api/email-verification/request');
}

export function analyzeProperty(input: PropertyInput): Promise<PropertyAnalysis> {
  return apiCall('post', '/api/calculator/analyze', { body: input });
}

export function analyzeStartup(input: StartupInput): Promise<StartupAnalysis> {
  return apiCall('post', '/api/calculator/analyze-startup', { body: input });
}

export function calculatePricing(input: RequestBody<'post', '/api/pricing/calculate'>): Promise<PricingResult> {
  return apiCall('post', '/api/pricing/calculate', { body: input });
}

export function createSubscription(tier: Tier): Promise<CreatedSubscription> {
  return apiCall('post', '/api/create-subscription', { body: { tier } });
}

/** The tiers a running monthly plan can move to. */
export type MonthlyTier = RequestBody<'post', '/api/subscription/change'>['tier'];

/** Upgrade or downgrade a running monthly plan; the rest of the period is prorated at once. */
export function changePlan(tier: MonthlyTier): Promise<PlanChanged> {
  return apiCall('post', '/api/subscription/change', { body: { tier } });
}

export function cancelSubscription(): Promise<Written> {
  return apiCall('post', '/api/subscription/cancel', { body: {} });
}

/** Sandbox mode: pay the pending checkout with a test card. A decline is a 402 with the card's message. */
export function confirmSandboxPayment(clientSecret: string, card: TestCard) {
  return apiCall('post', '/api/billing/sandbox/confirm', { body: { clientSecret, ...card } });
}

export function billingPortalUrl(): Promise<BillingPortal> {
  return apiCall('post', '/api/billing/portal', { body: {} });
}

export function createAsset(input: AssetInput): Promise<Created> {
  return apiCall('post', '/api/assets', { body: input });
}

export function uploadDocument(
  assetId: string,
  kind: DocumentKind,
  file: File,
  onProgress: (percent: number) => void,
): Promise<DocumentUploaded> {
  return uploadFile(
    callUrl('put', '/api/assets/{id}/documents/{kind}', { path: { id: assetId, kind } }),
    file,
    onProgress,
  );
}

export function valueAsset(assetId: string, value: number, method: ValuationMethod): Promise<Written> {
  return apiCall('post', '/api/assets/{id}/valuation', { path: { id: assetId }, body: { value, method } });
}

export function configureToken(assetId: string, terms: TokenTerms): Promise<Written> {
  return apiCall('put', '/api/assets/{id}/token', { path: { id: assetId }, body: terms });
}

export function submitAsset(assetId: string): Promise<Written> {
  return apiCall('post', '/api/assets/{id}/submit', { path: { id: assetId } });
}

export function addInvestor(
  assetId: string,
  investor: RequestBody<'post', '/api/assets/{id}/investors'>,
): Promise<Created> {
  return apiCall('post', '/api/assets/{id}/investors', { path: { id: assetId }, body: investor });
}

/** Changes an off-platform holding (name, e-mail, tokens); the reason is kept in the audit log. */
export function changeInvestor(
  assetId: string,
  investorId: string,
  holding: RequestBody<'put', '/api/assets/{id}/investors/{investorId}'>,
): Promise<Written> {
  return apiCall('put', '/api/assets/{id}/investors/{investorId}', {
    path: { id: assetId, investorId },
    body: holding,
  });
}

export function removeInvestor(assetId: string, investorId: string, reason: string): Promise<Written> {
  return apiCall('delete', '/api/assets/{id}/investors/{investorId}', {
    path: { id: assetId, investorId },
    body: { reason },
  });
}

/** Asks an admin to issue (delta > 0) or cancel (delta < 0) tokens of an approved asset. */
export function requestSupplyChange(
  assetId: string,
  change: RequestBody<'post', '/api/assets/{id}/supply-changes'>,
): Promise<Created> {
  return apiCall('post', '/api/assets/{id}/supply-changes', { path: { id: assetId }, body: change });
}

export function decideSupplyChange(
  assetId: string,
  changeId: string,
  decision: { approve: true } | { approve: false; reason: string },
): Promise<Written> {
  const path = { id: assetId, changeId };
  return decision.approve
    ? apiCall('post', '/api/admin/assets/{id}/supply-changes/{changeId}/approve', { path })
    : apiCall('post', '/api/admin/assets/{id}/supply-changes/{changeId}/reject', {
        path,
        body: { reason: decision.reason },
      });
}

/** An admin asks to freeze or unfreeze a holder's tokens of an asset, with a reason; another admin decides. */
export function requestFreeze(assetId: string, request: RequestBody<'post', '/api/admin/assets/{id}/freezes'>) {
  return apiCall('post', '/api/admin/assets/{id}/freezes', { path: { id: assetId }, body: request });
}

export function decideFreeze(
  assetId: string,
  requestId: string,
  decision: { approve: true } | { approve: false; reason: string },
): Promise<Written> {
  const path = { id: assetId, requestId };
  return decision.approve
    ? apiCall('post', '/api/admin/assets/{id}/freezes/{requestId}/approve', { path })
    : apiCall('post', '/api/admin/assets/{id}/freezes/{requestId}/reject', { path, body: { reason: decision.reason } });
}

/** Starts (or joins) a reconciliation of the read models against the registers; follow it with reconciliationQuery. */
export function startReconciliation(): Promise<ReconciliationStatus> {
  return apiCall('post', '/api/operations/reconciliation', { body: {} });
}

export function approveAsset(assetId: string): Promise<Written> {
  return apiCall('post', '/api/admin/assets/{id}/approve', { path: { id: assetId } });
}

export function returnAsset(assetId: string, reason: string): Promise<Written> {
  return apiCall('post', '/api/admin/assets/{id}/return', { path: { id: assetId }, body: { reason } });
}

export function requestComplianceReview(message?: string): Promise<Written> {
  return apiCall('post', '/api/compliance/review-request', { body: message ? { message } : {} });
}

export function recordComplianceCheck(
  ownerId: string,
  check: ComplianceCheck['id'],
  record: RequestBody<'post', '/api/compliance-reviews/{ownerId}/checks/{check}'>,
): Promise<Written> {
  return apiCall('post', '/api/compliance-reviews/{ownerId}/checks/{check}', {
    path: { ownerId, check },
    body: record,
  });
}

export function uploadEvidence(file: File, onProgress: (percent: number) => void): Promise<EvidenceRef> {
  return uploadFile(callUrl('post', '/api/wholesale-verification/documents'), file, onProgress, 'POST');
}

export function submitVerification(submission: VerificationSubmission): Promise<VerificationSubmitted> {
  return apiCall('post', '/api/wholesale-verification', { body: submission });
}

/** Revokes the signed-in investor's own wholesale certificate, in writing (FMC Act 2013, Schedule 1 clause 46). */
export function revokeCertificate(statement: string): Promise<CertificateRevoked> {
  return apiCall('post', '/api/wholesale-verification/revoke', { body: { statement } });
}

export function decideVerification(
  id: string,
  decision: RequestBody<'put', '/api/admin/wholesale-verification/{id}'>,
): Promise<VerificationDecided> {
  return apiCall('put', '/api/admin/wholesale-verification/{id}', { path: { id }, body: decision });
}

export function createOffering(input: OfferingInput): Promise<Created> {
  return apiCall('post', '/api/admin/offerings', { body: input });
}

export function invest(request: RequestBody<'post', '/api/invest'>): Promise<Invested> {
  return apiCall('post', '/api/invest', { body: request });
}

export function closeOffering(offeringId: string): Promise<Written> {
  return apiCall('post', '/api/admin/offerings/{id}/close', { path: { id: offeringId } });
}

export function settleInvestment(
  offeringId: string,
  investmentId: string,
  decision: { confirm: true } | { confirm: false; reason: string },
): Promise<Written> {
  const path = { offeringId, investmentId };
  return decision.confirm
    ? apiCall('post', '/api/admin/investments/{offeringId}/{investmentId}/confirm', { path })
    : apiCall('post', '/api/admin/investments/{offeringId}/{investmentId}/cancel', {
        path,
        body: { reason: decision.reason },
      });
}

/** Starts (or joins) the tamper check; follow it with integrityQuery. */
export function startIntegrityCheck(): Promise<IntegrityStatus> {
  return apiCall('post', '/api/audit/integrity', { body: {} });
}

export function forgetPerson(subjectId: string, reason: string): Promise<PersonForgotten> {
  return apiCall('post', '/api/audit/subjects/{subjectId}/forget', { path: { subjectId }, body: { reason } });
}

export function rebuildProjection(name: string): Promise<RebuildStarted> {
  return apiCall('post', '/api/operations/projections/{name}/rebuild', { path: { name }, body: {} });
}

export function resumeProjection(name: string): Promise<ProjectionInfo> {
  return apiCall('post', '/api/operations/projections/{name}/resume', { path: { name }, body: {} });
}

/**
 * The message that proves control of `address` once signed by it (single-use, 10 minutes), saying what the signature
 * agrees to: registering the wallet, or receiving a recovery's tokens.
 */
export function walletChallenge(address: string, purpose: 'wallet' | 'recovery'): Promise<WalletChallenge> {
  return apiCall('post', '/api/wallet/challenge', { body: { address, purpose } });
}

/**
 * Registers an address of the person's own instead of the platform-held one, with the signature of the message
 * `walletChallenge` issued for it (refused while the current wallet holds tokens).
 */
export function registerWallet(input: RegisterWalletInput): Promise<WalletRegistered> {
  return apiCall('post', '/api/wallet', { body: input });
}

/** An admin records the investor's re-verified identity (how, in `reason`) and opens the recovery of their wallet. */
export function requestWalletRecovery(personId: string, reason: string): Promise<WalletRecovery> {
  return apiCall('post', '/api/admin/wallet-recoveries', { body: { personId, reason } });
}

/** Another admin approves a recovery (never the requester), or any admin cancels an open one with a reason. */
export function decideWalletRecovery(
  id: string,
  decision: { approve: true } | { approve: false; reason: string },
): Promise<WalletRecovery> {
  return decision.approve
    ? apiCall('post', '/api/admin/wallet-recoveries/{id}/approve', { path: { id } })
    : apiCall('post', '/api/admin/wallet-recoveries/{id}/cancel', { path: { id }, body: { reason: decision.reason } });
}

/** The investor proves control of the new address of an open recovery (the message of `walletChallenge`, signed). */
export function proveWalletRecovery(id: string, proof: RegisterWalletInput): Promise<WalletRecovery> {
  return apiCall('post', '/api/wallet/recoveries/{id}/proof', { path: { id }, body: proof });
}

/** Admins: asks again for a failed chain transaction (the recipient's wallet registered first when missing). */
export function retryChainTransaction(txId: string): Promise<ChainRetry> {
  return apiCall('post', '/api/admin/chain/transactions/{txId}/retry', { path: { txId }, body: {} });
}

/** Income: the signed-in person's tax profile. */
export function saveTaxProfile(profile: TaxProfileInput): Promise<Written> {
  return apiCall('put', '/api/tax-profile', { body: profile });
}

/** Every holder's line as the declaration would fix it; nothing is recorded. */
export function previewDistribution(assetId: string, input: DistributionInput): Promise<DistributionPreview> {
  return apiCall('post', '/api/assets/{id}/distributions/preview', { path: { id: assetId }, body: input });
}

export function declareDistribution(assetId: string, input: DistributionInput): Promise<Declared> {
  return apiCall('post', '/api/assets/{id}/distributions', { path: { id: assetId }, body: input });
}

/** The seller proposes a transfer of some of their tokens to a named verified investor. */
export function proposeTransfer(input: TransferInput) {
  return apiCall('post', '/api/transfers', { body: input });
}

/** Who approves transfers between an asset's investors: its owner (admins may too), or Kauri's admins only. */
export function chooseTransferApproval(assetId: string, approval: AssetRegister['transferApproval']): Promise<Written> {
  return apiCall('put', '/api/assets/{id}/transfer-approval', { path: { id: assetId }, body: { approval } });
}

/** The buyer accepts, the owner (or an admin) approves, either party cancels; an admin retries a failed settlement. */
export function transferStep(
  transferId: string,
  step: 'accept' | 'approve' | 'cancel' | 'retry',
): Promise<TransferWritten> {
  return apiCall('post', `/api/transfers/{id}/${step}`, { path: { id: transferId } });
}

/** An admin who is not a party gives up on a failed settlement, saying why (the parties read it). */
export function abandonTransfer(transferId: string, reason: string): Promise<TransferWritten> {
  return apiCall('post', '/api/transfers/{id}/abandon', { path: { id: transferId }, body: { reason } });
}

/** The owner funds an approved distribution by card (the sandbox's test cards). */
export function fundDistribution(assetId: string, distributionId: string, payment: FundingPayment): Promise<Written> {
  return apiCall('post', '/api/assets/{id}/distributions/{distributionId}/fund', {
    path: { id: assetId, distributionId },
    body: payment,
  });
}

export function cancelDistribution(assetId: string, distributionId: string, reason: string): Promise<Written> {
  return apiCall('post', '/api/assets/{id}/distributions/{distributionId}/cancel', {
    path: { id: assetId, distributionId },
    body: { reason },
  });
}

/** Another admin than the owner approves (four eyes). */
export function approveDistribution(id: string): Promise<Written> {
  return apiCall('post', '/api/admin/distributions/{id}/approve', { path: { id }, body: {} });
}

export function startDistributionPayment(id: string): Promise<Written> {
  return apiCall('post', '/api/admin/distributions/{id}/pay', { path: { id }, body: {} });
}

/** Ask the payment provider again for a cancelled distribution's refund (after it was refused). */
export function retryDistributionRefund(id: string): Promise<Written> {
  return apiCall('post', '/api/admin/distributions/{id}/refund', { path: { id }, body: {} });
}

/** A payment of withheld tax made to Inland Revenue; another admin confirms it. */
export function recordTaxPayment(input: TaxPaymentInput): Promise<Created> {
  return apiCall('post', '/api/admin/withheld-tax/payments', { body: input });
}

export function confirmTaxPayment(id: string): Promise<Written> {
  return apiCall('post', '/api/admin/withheld-tax/payments/{id}/confirm', { path: { id }, body: {} });
}

/** A recorded payment found wrong, before anyone confirmed it: it no longer counts. */
export function rejectTaxPayment(id: string, reason: string): Promise<Written> {
  return apiCall('post', '/api/admin/withheld-tax/payments/{id}/reject', { path: { id }, body: { reason } });
}

export function confirmDirectCredit(id: string, bankReference: string): Promise<Written> {
  return apiCall('post', '/api/admin/distributions/{id}/direct-credit/confirm', {
    path: { id },
    body: { bankReference },
  });
}
