/** Request and response shapes of the backend API, as the frontend relies on them. */

/** One invalid field in a refused request (design §4). */
export interface FieldError {
  field: string;
  message: string;
}

/** Body of every 4xx response (design §4). */
export interface ErrorBody {
  message: string;
  errors?: FieldError[];
  /** A short title for the toast, when the server names one (e.g. 'Subscription Required'). */
  title?: string;
}

export type Country = 'nz' | 'au' | 'sg' | 'uk' | 'us' | 'ca' | 'other';
export type InvestmentInterest = 'residential' | 'commercial' | 'startups' | 'businesses' | 'infrastructure' | 'other';
export type InvestmentAmount = 'under-10k' | '10k-50k' | '50k-100k' | '100k-500k' | '500k-1m' | 'over-1m';
export type InvestmentExperience = 'beginner' | 'intermediate' | 'experienced' | 'expert';

/** POST /api/register-interest */
export interface RegisterInterestRequest {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  /** Calendar date, `YYYY-MM-DD`. */
  dateOfBirth: string;
  country: Country;
  city: string;
  occupation: string;
  investmentInterest: InvestmentInterest[];
  investmentAmount: InvestmentAmount;
  experience: InvestmentExperience;
  additionalInfo?: string;
  agreeToTerms: boolean;
  agreeToContact: boolean;
}

/** 201 answer to POST /api/register-interest: recorded, and a confirmation link is on its way by e-mail. */
export interface RegistrationReceipt {
  registrationId: string;
  /** Global position of the event, for read-your-writes. */
  position: number;
}

/** 200 answer to POST /api/register-interest/confirm: the registration counts from now on. */
export interface ConfirmationReceipt {
  registrationId: string;
  /** The registration's number in order of confirmation, quoted back to the registrant. */
  number: number;
  /** True for the first 100 confirmed registrations: their sign-on fee is waived. */
  feeWaived: boolean;
  position: number;
}

/** GET /api/early-access */
export interface EarlyAccess {
  /** How many registrations have their sign-on fee waived (100). */
  waivedPlaces: number;
  placesLeft: number;
  registrations: number;
}

export type Role = 'admin' | 'compliance';

/** The signed-in person (spec §3 "User"). */
export interface User {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  profileImageUrl: string | null;
  role: 'admin' | 'user';
  roles: Role[];
  subscriptionStatus: SubscriptionStatusName;
  subscriptionTier: Tier | null;
}

/** POST /api/auth/callback (spec §3 "Auth callback response"). */
export interface AuthCallbackResponse {
  user: User;
  token: string;
  /** Seconds. */
  expires_in: number;
}

export interface Credentials {
  email: string;
  password: string;
}

export interface Registration extends Credentials {
  firstName?: string;
  lastName?: string;
}

/** One registration of interest, as admins see it (GET /api/admin/registrations). */
export interface RegistrationRecord {
  _id: string;
  /** In order of confirmation; null until the registrant confirms their e-mail address. */
  number: number | null;
  feeWaived: boolean;
  confirmedAt: string | null;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  city: string;
  country: string;
  occupation: string;
  investmentInterest: string[];
  investmentAmount: string;
  experience: string;
  additionalInfo: string | null;
  registeredAt: string;
}

export type PropertyType =
  | 'residential-house'
  | 'apartment'
  | 'duplex'
  | 'vacation-rental'
  | 'commercial-office'
  | 'retail-space'
  | 'warehouse'
  | 'mixed-use'
  | 'residential-development'
  | 'commercial-development'
  | 'land-development'
  | 'hotel-development'
  | 'agricultural-land'
  | 'industrial-facility'
  | 'healthcare-facility'
  | 'renewable-energy'
  | 'art-collection'
  | 'luxury-assets'
  | 'intellectual-property'
  | 'infrastructure';
export type Condition = 'excellent' | 'good' | 'average' | 'needs-work';
export type Amenity = 'parking' | 'pool' | 'gym' | 'garden' | 'security' | 'elevator';
export type Industry =
  | 'technology'
  | 'fintech'
  | 'healthcare'
  | 'e-commerce'
  | 'saas'
  | 'biotech'
  | 'energy'
  | 'real-estate'
  | 'manufacturing'
  | 'other';
export type BusinessStage = 'idea' | 'pre-seed' | 'seed' | 'series-a' | 'series-b' | 'growth';
export type Tier = 'starter' | 'professional' | 'enterprise';

/** POST /api/calculator/analyze (spec §3 "Property calculator input"). */
export interface PropertyInput {
  propertyAddress: string;
  tokenCount: number;
  propertyPercentage: number;
  propertyType: PropertyType;
  location: string;
  country: string;
  size: number;
  condition: Condition;
  amenities: Amenity[];
}

export interface Cost {
  description: string;
  amount: number;
}

export interface Risk {
  level: string;
  category: string;
  description: string;
}

export interface PropertyAnalysis {
  propertyValue: number;
  tokenValue: number;
  currency: string;
  tokenCount: number;
  propertyPercentage: number;
  tokenizedValue: number;
  costs: Cost[];
  totalCost: number;
  riskAnalysis: Risk[];
  recommendations: string[];
  incomeProjections?: {
    monthlyRental: number;
    ownerRetainedIncome: number;
    tokenHolderShare: number;
    fiveYearProjection: number;
    distributionPerToken: number;
    yieldPercentage: number;
    years: { year: number; tokenHolderIncome: number }[];
  };
  basis: string[];
  disclaimer: string;
  referenceDate: string;
}

/** POST /api/calculator/analyze-startup (spec §3 "Startup input"). */
export interface StartupInput {
  companyName: string;
  tokenCount: number;
  fundingGoal: number;
  industry: Industry;
  businessStage: BusinessStage;
  revenue?: number;
  employees?: number;
  foundedYear?: number;
  description?: string;
  useOfFunds?: string;
}

export interface StartupAnalysis {
  companyValuation: number;
  tokenValue: number;
  fundingGoal: number;
  currency: string;
  costs: Cost[];
  totalCost: number;
  riskAnalysis: Risk[];
  projectedReturns: { expectedGrowthRate: number; timeToLiquidity: string; potentialReturns: string };
  recommendations: string[];
  equityOffered: number;
  basis: string[];
  disclaimer: string;
}

export interface PricingResult {
  tier: Tier;
  setupFee: number;
  setupFeeWaived: boolean;
  planPrice: number;
  planBilling: 'one-time' | 'monthly';
  platformFeePercent: number;
  platformFee: number;
  total: number;
}

/** GET /api/plans: the catalogue (spec §9), NZD. */
export interface Plan {
  tier: Tier;
  name: string;
  billing: 'one-time' | 'monthly';
  price: number;
  mostPopular: boolean;
  limits: { maxAssets: number | null; maxAssetValue: number | null; maxInvestorsPerAsset: number | null };
  features: string[];
}

export type SubscriptionStatusName = 'active' | 'canceled' | 'past_due' | 'incomplete' | 'inactive';

/** GET /api/subscription/status (spec §3). */
export interface SubscriptionStatus {
  status: SubscriptionStatusName;
  tier: Tier | null;
  /** Unix seconds; null for the one-time Starter plan. */
  currentPeriodEnd: number | null;
  cancelAtPeriodEnd: boolean;
}

/** POST /api/create-subscription (spec §3 "Create-subscription response", plus what the payment page shows). */
export interface CreatedSubscription {
  /** Null when nothing is to be paid: the plan is active at once. */
  clientSecret: string | null;
  intent: 'payment' | 'setup' | null;
  tier: Tier;
  amountDue: number;
  setupFeeWaived: boolean;
  status: 'incomplete' | 'active';
  position: number;
}

/** POST /api/subscription/change: the plan now, and what the rest of the period cost (+) or credited (−), NZD. */
export interface PlanChanged {
  tier: Tier;
  proration: number;
  currentPeriodEnd: number | null;
  position: number;
}

export interface BillingHistoryEntry {
  at: string;
  kind:
    | 'checkout'
    | 'plan-changed'
    | 'payment'
    | 'renewal'
    | 'payment-failed'
    | 'past-due'
    | 'cancellation-scheduled'
    | 'cancellation-withdrawn'
    | 'canceled';
  tier: Tier | null;
  amount: number | null;
  note: string | null;
}

/** GET /api/billing: the billing page. */
export interface BillingOverview extends SubscriptionStatus {
  provider: 'stripe' | 'sandbox';
  publishableKey: string | null;
  lastPaymentError: string | null;
  history: BillingHistoryEntry[];
}

export interface TestCard {
  number: string;
  expiry: string;
  cvc: string;
}

export type AssetType = 'property' | 'business' | 'startup';
export type AssetStatus = 'draft' | 'pending' | 'active';
export type DocumentKind =
  | 'property-deed'
  | 'valuation-report'
  | 'financial-statements'
  | 'company-constitution'
  | 'shareholder-register';
export type ValuationMethod = 'property-calculator' | 'startup-calculator' | 'owner-estimate';

/** POST /api/assets (spec §3 Asset, §5 Asset form). */
export interface AssetInput {
  name: string;
  description: string;
  assetType: AssetType;
  address?: string;
  totalValue: number;
  tokenCount: number;
}

export interface TokenTerms {
  symbol: string;
  name: string;
  totalSupply: number;
  decimals: number;
  price: number;
  minInvestment: number;
  maxInvestment: number;
  network: 'ethereum' | 'polygon' | 'base';
  lockUpMonths: number;
  feePercent: number;
}

export interface AssetDocument {
  id: string;
  kind: DocumentKind;
  title: string;
  fileName: string;
  size: number;
  sha256: string;
  uploadedAt: string;
}

export interface CapTableEntry {
  investorId: string;
  name: string;
  email: string | null;
  tokens: number;
  addedAt: string;
}

/** GET /api/assets, /api/assets/:id (spec §3 Asset, plus the wizard's saved steps). */
export interface Asset {
  id: string;
  ownerId: string;
  name: string;
  description: string;
  assetType: AssetType;
  address: string | null;
  totalValue: number;
  tokenCount: number;
  status: AssetStatus;
  currentStep: number;
  documents: AssetDocument[];
  valuation: { value: number; method: ValuationMethod; at: string } | null;
  firstValuation: number | null;
  terms: TokenTerms | null;
  capTable: CapTableEntry[];
  returnReason: string | null;
  createdAt: string;
  submittedAt: string | null;
  approvedAt: string | null;
  /** Real change since the first accepted valuation; null until there is one. */
  changePercent: number | null;
}

/** GET /api/dashboard/stats (spec §3 Dashboard stats). */
export interface DashboardStats {
  totalValue: number;
  activeTokens: number;
  totalInvestors: number;
  complianceScore: number | null;
  valueHistory: { at: string; totalValue: number; activeTokens: number; totalInvestors: number }[];
}

/** GET /api/activities (spec §3 Activity), with what it is about so the list can link to its page. */
export interface Activity {
  id: string;
  type: 'kyc' | 'asset' | 'investor' | 'compliance';
  description: string;
  createdAt: string;
  assetId?: string;
  offeringId?: string;
  investmentId?: string;
  offeringName?: string;
}

/** GET /api/investors (spec §3 Investor). */
export interface Investor {
  id: string;
  name: string;
  email: string | null;
  assetId: string;
  assetName: string;
  tokensHeld: number;
  investmentValue: number;
  percentOwned: number;
  status: 'verified' | 'off-platform';
}

export interface Written {
  success: boolean;
  position: number;
}

export type CheckStatus = 'passed' | 'pending' | 'failed' | 'expired';

/** Spec §3 "Compliance check", with when it was last recorded. */
export interface ComplianceCheck {
  id: 'fma' | 'aml' | 'privacy' | 'fmca';
  name: string;
  description: string;
  status: CheckStatus;
  expiryDate: string | null;
  lastUpdated: string | null;
  note: string | null;
}

/** GET /api/compliance. */
export interface ComplianceOverview {
  checks: ComplianceCheck[];
  score: number;
  label: 'Excellent' | 'Good' | 'Needs Attention';
  deadlines: { check: ComplianceCheck['id']; name: string; expiryDate: string; daysLeft: number }[];
  /** The review asked for and not yet complete; `recorded`: the checks staff have recorded since it was asked for. */
  openRequest: {
    requestId: string;
    requestedAt: string;
    message: string | null;
    recorded: ComplianceCheck['id'][];
  } | null;
  history: { at: string; event: string; note: string | null }[];
}

/** GET /api/compliance-reviews: an owner waiting for compliance staff. */
export interface ComplianceReview extends ComplianceOverview {
  ownerId: string;
  email: string | null;
}

export type VerificationType = 'high_net_worth' | 'large_investment' | 'professional';
export type ProfessionalType = 'lawyer' | 'accountant' | 'financial_advisor' | 'other';

/** GET /api/wholesale-status (spec §3). */
export interface WholesaleStatus {
  verificationStatus: 'none' | 'pending' | 'verified' | 'rejected' | 'expired';
  isWholesaleInvestor: boolean;
  verificationType: VerificationType | null;
  verifiedAt: string | null;
  validUntil: string | null;
  rejectionReason: string | null;
}

/** An uploaded piece of evidence, as listed in the submission (spec §3: filename, url, type). */
export interface EvidenceRef {
  filename: string;
  url: string;
  type: string;
  size: number;
}

/** POST /api/wholesale-verification (spec §3 submission). */
export interface VerificationSubmission {
  verificationType: VerificationType;
  netWorthAmount?: number;
  investmentAmount?: number;
  professionalType?: ProfessionalType;
  verifierName: string;
  verifierContact: string;
  verificationDocuments: EvidenceRef[];
}

/** GET /api/admin/wholesale-verifications (spec §3 stored record). */
export interface VerificationRecord {
  id: string;
  userId: string;
  /** The investor's name on their account (else their e-mail). */
  name: string;
  email: string | null;
  verificationType: VerificationType;
  status: 'pending' | 'verified' | 'rejected' | 'expired';
  netWorthAmount: number | null;
  investmentAmount: number | null;
  professionalType: ProfessionalType | null;
  verifierName: string;
  verifierContact: string;
  documents: { documentId: string; fileName: string; contentType: string; size: number; url: string }[];
  rejectionReason: string | null;
  createdAt: string;
  verifiedAt: string | null;
  validUntil: string | null;
}

/** Spec §3 "Offering". */
export interface Offering {
  id: string;
  assetId: string;
  name: string;
  description: string;
  totalTokens: number;
  tokenPrice: string;
  minimumInvestment: string;
  /** Days. */
  lockupPeriod: number;
  status: 'active' | 'closed';
  tokensIssued: number;
  tokensReserved: number;
  fundsRaised: string;
  createdAt: string;
}

/** Spec §3 "Holding". */
export interface Holding {
  id: string;
  offeringId: string;
  offeringName: string | null;
  tokensHeld: number;
  purchasePrice: string;
  tokenPrice: string;
  purchaseDate: string;
  status: 'pending' | 'confirmed' | 'cancelled';
  transferableFrom: string;
}

/** The chain side of an investor's holding (items of /api/holdings and /api/investments, /api/investments/:id). */
export interface HoldingOnChain {
  /** The wallet the investor uses now (platform-held or their own); null without a chain. */
  walletAddress: string | null;
  /** That wallet's balance of the asset's token; null before the token is deployed or without a chain. */
  onChainBalance: number | null;
  /** The register's count of the investor's tokens of the asset: what the balance should come to. */
  onChainExpected: number | null;
  /** The transfer to the investor, once confirmed. */
  chainTxHash: string | null;
  chainTxStatus: ChainTxStatus | null;
  chainExplorerUrl: string | null;
}

export type ChainTxStatus = 'requested' | 'submitted' | 'confirmed' | 'failed';

/** GET /api/assets/:id/token: the asset's ERC-3643 token (404 while there is none). */
export interface TokenOnChain {
  chainId: number;
  tokenAddress: string | null;
  identityRegistryAddress: string | null;
  complianceAddress: string | null;
  symbol: string;
  name: string;
  decimals: number;
  totalSupply: number;
  /** pending: set-up, deployment or mint not yet confirmed; deployed: minted and live; failed: a step failed. */
  status: 'pending' | 'deployed' | 'failed';
  /** Block explorer base (links `<url>/address/…`, `<url>/tx/…`); null shows no links. */
  explorerUrl: string | null;
  /** personId is null for viewers other than the asset's owner and admins. */
  holders: { wallet: string; personId: string | null; balance: number }[];
  transactions: {
    kind: string;
    txHash: string | null;
    blockNumber: number | null;
    status: ChainTxStatus | 'not requested';
  }[];
}

/** The chain in GET /api/health. */
export type ChainHealth =
  | { ok: boolean; kind: 'off'; chainId: null; head: null; drift: null; pending?: null; detail?: string }
  | {
      ok: boolean;
      kind: 'anvil' | 'rpc';
      chainId: number;
      head: number | null;
      /** Σ |register − chain| over every holder of every token; 0 when they agree (null before the first check). */
      drift: number | null;
      /** Chain transactions not yet settled. */
      pending: number | null;
      detail?: string;
    };

/** GET /api/health (the parts the screens read). */
export interface Health {
  status: 'ok' | 'degraded';
  chain: ChainHealth;
}

/** GET /api/wallet: the signed-in person's wallet on the chain. */
export interface Wallet {
  address: string | null;
  /** Its registration in the identity registry is confirmed on chain. */
  registered: boolean;
  chainId: number | null;
}

/** A person as staff lists show them. */
export interface Person {
  id: string;
  name: string;
  email: string | null;
}

/** One investment priced now (GET /api/investments, /api/investments/:id). */
export interface InvestmentView {
  id: string;
  status: 'pending' | 'confirmed' | 'cancelled';
  tokens: number;
  /** NZD paid in all, and per token (decimal strings). */
  amountPaid: string;
  tokenPricePaid: string;
  purchaseDate: string;
  confirmedAt: string | null;
  cancelledAt: string | null;
  cancellationReason: string | null;
  /** End of the lock-up. */
  transferableFrom: string;
  currentTokenPrice: number;
  currentPriceSource: 'valuation' | 'offering' | 'purchase';
  currentValue: number;
  offering: { id: string; name: string; status: 'active' | 'closed'; lockupPeriod: number } | null;
  asset: { id: string; name: string; assetType: AssetType } | null;
}

/** GET /api/investments: the investor's home. */
export interface InvestorPortfolio {
  portfolioValue: number;
  invested: number;
  pendingAmount: number;
  pendingCount: number;
  investments: (InvestmentView & HoldingOnChain)[];
}

/** GET /api/investments/:id. */
export interface InvestmentPage extends InvestmentView, HoldingOnChain {
  viewer: 'investor' | 'owner' | 'admin';
  investor: Person | null;
}

/** GET /api/admin/investments: named rows for the admins. */
export interface InvestmentRow extends InvestmentView {
  offeringId: string;
  investorId: string;
  assetId: string;
  tokensHeld: number;
  purchasePrice: string;
  investor: Person;
}

/** What an offering says about the asset behind it. */
export interface AssetSummary {
  id: string;
  name: string;
  assetType: AssetType;
  description: string;
  address: string | null;
  status: AssetStatus;
  value: number;
  valuation: Asset['valuation'];
  tokenCount: number;
  terms: TokenTerms | null;
  documents: (AssetDocument & { url: string })[];
}

/** GET /api/offerings: a card, with the asset behind it. */
export interface OfferingCard extends Offering {
  asset: AssetSummary | null;
  tokensAvailable: number;
  percentIssued: number;
}

/** GET /api/offerings/:id. */
export interface OfferingPage extends OfferingCard {
  viewer: 'staff' | 'owner' | 'investor';
  myInvestments: InvestmentView[];
  canInvest: boolean;
}

export interface CapTableRow {
  holder: string;
  email: string | null;
  kind: 'platform' | 'off-platform';
  tokens: number;
  percent: number;
  you: boolean;
}

/** GET /api/assets/:id/overview: the asset page, shaped by who is looking. */
export interface AssetPage extends AssetSummary {
  viewer: 'owner' | 'staff' | 'investor';
  owner: Person | null;
  currentStep: number;
  changePercent: number | null;
  firstValuation: number | null;
  returnReason: string | null;
  createdAt: string;
  submittedAt: string | null;
  approvedAt: string | null;
  tokenPrice: { price: number; source: 'valuation' | 'offering'; at: string } | null;
  capTable: { rows: CapTableRow[]; held: number; retained: number };
  offerings: {
    id: string;
    name: string;
    status: 'active' | 'closed';
    tokenPrice: string;
    totalTokens: number;
    tokensIssued: number;
    tokensReserved: number;
    fundsRaised: string;
    createdAt: string;
  }[];
  history: { at: string; event: string; text: string; offeringId: string | null }[];
}

export interface AdminCounters {
  pending: number;
  verified: number;
  rejected: number;
  activeOfferings: number;
}

export interface OfferingInput {
  assetId: string;
  name: string;
  description?: string;
  totalTokens: number;
  tokenPrice: string;
  minimumInvestment?: string;
  lockupPeriod?: number;
}

// ── Audit (compliance staff and admins) and operations (admins) ──

export type AuditActor =
  | { kind: 'user'; userId: string; roles: Role[] }
  | { kind: 'anonymous' }
  | { kind: 'system'; name: string };

export interface AuditEvent {
  streamId: string;
  revision: number;
  position: number;
  type: string;
  data: Record<string, unknown>;
  metadata: {
    eventId: string;
    schemaVersion: number;
    occurredAt: string;
    actor: AuditActor;
    correlationId: string;
    causationId: string | null;
  };
}

export interface AuditFilter {
  stream?: string;
  type?: string;
  actor?: string;
  from?: string;
  to?: string;
}

/** People (by id) and streams (by stream id) named for the audit screen; the ids stay in the events. */
export interface AuditNames {
  people: Record<string, { name: string; forgotten: boolean }>;
  streams: Record<string, string>;
}

export interface AuditPage {
  events: AuditEvent[];
  next: number | null;
  head: number;
  names: AuditNames;
}

export interface AggregateAt {
  streamId: string;
  at: string;
  aggregate: string | null;
  revision: number;
  state: unknown;
  events: AuditEvent[];
  laterEvents: number;
  names: AuditNames;
}

export interface BrokenLink {
  streamId: string;
  revision: number;
  position: number;
  eventId: string;
  type: string;
  reason: string;
}

export interface IntegrityStatus {
  running: boolean;
  checked: number;
  total: number;
  startedAt: string | null;
  finishedAt: string | null;
  report: { checkedEvents: number; checkedStreams: number; firstBroken: BrokenLink | null } | null;
  supported: boolean;
  error: string | null;
}

export interface SubjectStanding {
  subjectId: string;
  personalEvents: number;
  customer: boolean;
  relationshipEnded: string | null;
  retainedUntil: string | null;
  forgotten: boolean;
}

export interface ProjectionInfo {
  name: string;
  version: number;
  status: 'starting' | 'catching-up' | 'live' | 'failed' | 'rebuilding';
  checkpoint: number;
  head: number;
  lag: number;
  /** Events per second over the last 10 s (live, resumed or replayed): the rate the table and the chart show. */
  rate: number;
  lastError: { message: string; position: number; eventType: string; streamId: string; at: string } | null;
  rebuild: { done: number; total: number; position: number; rate: number; startedAt: string } | null;
  lastRebuild: RebuildOutcome | null;
}

/** What a projection's last rebuild did, as the server recorded it. */
export interface RebuildOutcome {
  outcome: 'swapped' | 'failed';
  startedAt: string;
  finishedAt: string;
  durationMs: number;
  eventsReplayed: number;
  position: number;
  documents: number;
  error: string | null;
}

// ── The asset register: supply, cap table, supply changes (issue 15) ──

export interface RegisterTotals {
  supply: number;
  /** Supply less everything held or offered: what offerings, holders and cancellations may still take. */
  ownerRetained: number;
  offPlatform: number;
  /** Allocated to offerings and not (yet) issued. */
  unsold: number;
  issued: number;
}

export interface SupplyChange {
  changeId: string;
  /** Positive: tokens to issue; negative: unissued tokens to cancel. */
  delta: number;
  reason: string;
  status: 'pending' | 'approved' | 'rejected';
  requestedAt: string;
  decidedAt: string | null;
  decisionReason: string | null;
  supplyAfter: number | null;
}

/** GET /api/assets/:id/register. */
export interface AssetRegister {
  assetId: string;
  ownerId: string;
  status: AssetStatus;
  supply: number;
  holders: { investorId: string; tokens: number }[];
  investors: { investorId: string; tokens: number }[];
  offerings: {
    offeringId: string;
    allocated: number;
    issued: number;
    returned: number;
    closed: boolean;
    created: boolean;
  }[];
  supplyChanges: SupplyChange[];
  totals: RegisterTotals;
  updatedAt: string;
}

export type CapTableLineKind = 'platform' | 'off-platform' | 'offered' | 'owner';

export interface CapTableLine {
  kind: CapTableLineKind;
  investorId: string | null;
  name: string;
  email: string | null;
  tokens: number;
  /** Percent of the supply to two decimals; the lines sum to exactly 100. */
  percent: number;
  addedAt: string | null;
}

/** GET /api/assets/:id/cap-table[?asOf=YYYY-MM-DD]. */
export interface CapTableView {
  assetId: string;
  supply: number;
  /** NZD per token. */
  tokenPrice: number;
  /** The end of the NZ day replayed, or null for now. */
  asOf: string | null;
  lines: CapTableLine[];
}

/** GET /api/admin/supply-changes: one pending request. */
export interface PendingSupplyChange extends SupplyChange {
  assetId: string;
  assetName: string;
  supply: number;
  ownerRetained: number;
}

export interface RegisterDrift {
  assetId: string;
  readModel: 'registers' | 'assets' | 'holdings' | 'offerings';
  offeringId: string | null;
  field: string;
  expected: number | string | null;
  actual: number | string | null;
}

/** GET /api/operations/reconciliation. */
export interface ReconciliationStatus {
  ok: boolean | null;
  running: boolean;
  assets: number;
  checked: number;
  total: number;
  drift: RegisterDrift[];
  unsettled: number;
  startedAt: string | null;
  finishedAt: string | null;
  durationMs: number | null;
  error: string | null;
}
