/**
 * The messages a person reads when a form or a request is refused, word for word as the specification gives
 * them (docs/specification.md §5 validation, §8 errors) — and the few of our own that both sides show. One module for both sides: the
 * backend's DTOs and deciders refuse with these texts, the frontend's form rules say them before anything is
 * sent, so the two can never drift apart. The frontend imports this file as `@kauri/messages` (tsconfig paths
 * and Vite's resolve.alias): plain constants only, importing nothing.
 */

/** The heading of a refusal's toast: the server names it in `title`, the frontend falls back to it. */
export const ERROR_TITLES = {
  accessRestricted: 'Access Restricted',
  creationFailed: 'Creation Failed',
  investmentFailed: 'Investment Failed',
  investmentTooSmall: 'Investment Too Small',
  missingFields: 'Missing Fields',
  missingInformation: 'Missing Information',
  paymentFailed: 'Payment Failed',
  paymentProcessing: 'Payment Processing',
  paymentRequired: 'Payment Required',
  planChangeFailed: 'Plan Change Failed',
  rejectionReasonRequired: 'Rejection Reason Required',
  signInFailed: 'Sign In Failed',
  subscriptionFailed: 'Subscription Failed',
  subscriptionRequired: 'Subscription Required',
} as const;

export const INVALID_EMAIL = 'Please enter a valid email address';
/** An address with full-width, compatibility or invisible characters (`isPlainEmail`, platform/email-key.ts). */
export const EMAIL_NOT_PLAIN = 'Please enter your email address in plain characters';

/** The security page's rule (docs/specification.md §9): passwords are at least 12 characters. */
export const MIN_PASSWORD_LENGTH = 12;
/** Accounts: sign-up, sign-in, profile, password reset. */
export const IDENTITY_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  passwordTooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  firstNameTooLong: 'First name must be at most 100 characters',
  lastNameTooLong: 'Last name must be at most 100 characters',
  resetLinkInvalid: 'This reset link is not valid or has been used. Please ask for a new one.',
  emailLinkInvalid: 'This confirmation link is not valid or has been used. Please ask for a new one.',
} as const;

/**
 * A sign-in refused because of failures on the account from many addresses (429, before the password is
 * checked): only a browser that signed in to the account before (or set a new password with a reset link) gets
 * past it.
 */
export const accountLockedMessage = (retryAfterMs: number) => {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return (
    `Too many failed sign-ins on this account. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}, ` +
    'sign in from a browser you have signed in with before, or reset your password.'
  );
};

/** Register interest (docs/specification.md §5: its thirteen messages), by the form's field. */
export const REGISTER_INTEREST_MESSAGES = {
  firstName: 'First name must be at least 2 characters',
  lastName: 'Last name must be at least 2 characters',
  email: INVALID_EMAIL,
  phone: 'Please enter a valid phone number',
  dateOfBirth: 'Date of birth is required',
  country: 'Country is required',
  city: 'City is required',
  occupation: 'Occupation is required',
  investmentInterest: 'Please select at least one area of interest',
  investmentAmount: 'Please select an investment range',
  experience: 'Please select your experience level',
  agreeToTerms: 'You must agree to the terms and conditions',
  agreeToContact: 'You must agree to be contacted',
} as const;
export const CONFIRMATION_LINK_INVALID =
  'This confirmation link is not valid. Please use the link in the e-mail we sent you.';

/** The asset form (docs/specification.md §5), by field, and the wizard's token configuration. */
export const ASSET_MESSAGES = {
  name: 'Asset name is required',
  description: 'Description must be at least 10 characters',
  totalValue: 'Total value must be at least 1',
  tokenCount: 'Token count must be at least 1',
} as const;
export const TOKEN_TERMS_MESSAGES = {
  name: 'Token name is required',
  symbol: 'Symbol must be 3 to 6 capital letters or digits',
} as const;
/** docs/specification.md §6: token creation needs a plan that allows it (with ERROR_TITLES.subscriptionRequired). */
export const SUBSCRIPTION_REQUIRED = 'Please upgrade your account to create tokens.';
/** docs/specification.md §5: asset documents are PDF, at most 10MB. */
export const DOCUMENT_MESSAGES = {
  notPdf: 'Documents must be PDF files',
  tooLarge: 'Documents must be at most 10MB',
} as const;

/** Wholesale verification (docs/specification.md §5), by the form's field. */
export const VERIFICATION_MESSAGES = {
  verificationType: 'Please choose how you qualify as a wholesale investor',
  netWorthAmount: 'Net worth must be at least NZD 5,000,000',
  investmentAmount: 'Investment must be at least NZD 750,000',
  professionalType: 'Please choose your profession',
  verifierName: 'Verifier name required',
  verifierContact: 'Valid verifier email required',
} as const;
/**
 * Revoking one's own wholesale investor certificate in writing (FMC Act 2013, Schedule 1 clause 46). Dates are
 * New Zealand calendar days as people write them (27 November 2026).
 */
export const REVOCATION_STATEMENT = { min: 20, max: 2000 } as const;
export const REVOCATION_MESSAGES = {
  statement: 'Please write your revocation in your own words: at least one sentence (20 characters or more)',
  statementTooLong: 'Your statement must be at most 2,000 characters',
  noCertificate: 'You have no current wholesale investor certificate to revoke',
  lapsed: 'Your wholesale investor certificate has already lapsed: there is nothing to revoke',
  alreadyRevoked: (date: string) => `You already revoked your wholesale investor certificate on ${date}`,
  notYourOwn: 'Only the certified investor can revoke their own certificate',
  /** Investing (or seeing the offerings) after revoking. */
  revoked: (date: string) =>
    `You revoked your wholesale investor certificate on ${date}, so you may not invest in a new offer. ` +
    'What you hold stays yours; to invest again, get certified again.',
} as const;
export const EVIDENCE_TOO_LARGE = 'Each document must be at most 10MB';
/** docs/specification.md §5 Admin (with ERROR_TITLES.rejectionReasonRequired). */
export const REJECTION_REASON_REQUIRED = 'Please provide a reason for rejection';

/** docs/specification.md §5 Admin: creating an offering without its required fields (with ERROR_TITLES.missingFields). */
export const FILL_IN_REQUIRED = 'Please fill in all required fields';
/**
 * Why an investment waits for staff (the settlement rule, domains/offerings README): `pending` always; `linked` too
 * when the investment alone is under NZD 100,000, so it waits because linked investments count together.
 */
export const SETTLEMENT_THRESHOLD_NZD = 100_000;
/** Investments in other offerings this many days back are linked to a new one (domains/offerings README). */
export const LINKED_WINDOW_DAYS = 30;
export const SETTLEMENT_MESSAGES = {
  pending:
    'Investments of NZD 100,000 or more are confirmed once the funds have cleared and the enhanced AML/CFT checks are done.',
  linked: `This one counts together with your other investments in this offering, and in other offerings over the last ${LINKED_WINDOW_DAYS} days: together they come to NZD 100,000 or more.`,
} as const;
/** docs/specification.md §5 Investment (with ERROR_TITLES.investmentTooSmall); `amount` as the offering shows it, without '$'. */
export const minimumInvestmentMessage = (amount: string) => `Minimum investment is NZD ${amount}`;
/**
 * The token terms' maximum per investor, across all their investments in the asset (confirmed and pending);
 * amounts as `nzdText` writes them.
 */
export const maximumInvestmentMessage = (maximum: string, held: string, left: string) =>
  held === '0.00'
    ? `The most one investor may hold in this asset is NZD ${maximum}; you may invest up to NZD ${maximum}`
    : `The most one investor may hold in this asset is NZD ${maximum}; you hold NZD ${held} and may invest up to NZD ${left}`;
/** An offering narrows the token terms' limits per investor, never widens them. */
export const OFFERING_LIMIT_MESSAGES = {
  belowTermsMinimum: (minimum: string) =>
    `Minimum investment may not be below the token terms' minimum of NZD ${minimum}`,
  aboveTermsMaximum: (maximum: string) =>
    `Minimum investment may not exceed the token terms' maximum per investor of NZD ${maximum}`,
} as const;

/** The calculators' required fields (docs/specification.md §5, with ERROR_TITLES.missingInformation). */
export const PROPERTY_REQUIRED =
  'Please fill in all required fields: property address, token count, property percentage, property type, ' +
  'and condition.';
export const STARTUP_REQUIRED = 'Please fill in all required fields.';

/** The register of holders (cap table). */
export const HOLDER_MESSAGES = {
  investorName: 'Investor name is required',
  reason: 'Please give a reason',
} as const;

/** A person's own wallet. */
export const WALLET_ADDRESS_INVALID = 'Enter an Ethereum address: 0x followed by 40 hexadecimal characters';

/**
 * Separation of duties (four eyes): nobody decides on their own request — their own asset's tokenization or
 * supply change, an offering or investment on it, their own investment, verification, compliance or role.
 * The server's 403, and the reason an admin queue gives for a decision it will not offer on one's own request.
 */
export const OWN_REQUEST = 'You made this request, so another admin must decide it.';
export const OWN_REQUEST_REASON = 'Another admin must decide your own request';
/** Proving control of a wallet (EIP-4361 message signed with EIP-191). */
export const WALLET_PROOF_MESSAGES = {
  burn: 'This is a zero or burn address: nobody can use it. Enter an address your wallet signs with',
  platform: "This is one of the platform's own addresses: enter an address of your own wallet",
  contract: 'This address is a contract: enter the address of a wallet that signs (an externally owned account)',
  noChain: 'No chain is configured on this platform: there is no wallet to register',
  message: 'Request a message to sign first, then sign that exact message',
  messageUnknown: 'This message was not issued to you for this address: request a new one and sign it',
  purpose: 'Choose what the message is for: wallet or recovery',
  messagePurpose: 'This message was issued for something else: request a new one here and sign it',
  expired: 'This message has expired: request a new one and sign it within 10 minutes',
  used: 'This message has already been used: request a new one and sign it',
  tooMany: 'Too many messages requested: sign one you were given, or try again in 10 minutes',
  signature: 'Sign the message with your wallet: a signature is 0x followed by 130 hexadecimal characters',
  signatureWrong: 'The signature does not match this address: sign the message with the wallet that holds the address',
  taken: 'This address is already registered to another person',
  same: 'This address is already your wallet',
} as const;
/** Wallet recovery (issue 32): an investor's tokens moved to a new wallet after identity re-verification. */
export const WALLET_RECOVERY_MESSAGES = {
  reason: 'Say how the investor’s identity was re-verified (up to 1000 characters)',
  noWallet: 'This person has no wallet: there is nothing to recover',
  noTokens: 'This person holds no tokens: there is nothing to recover',
  open: 'A recovery of this person’s wallet is already open: approve or cancel it first',
  own: 'You cannot recover your own wallet: another admin must',
  notFound: 'No such wallet recovery',
  notOpen: 'This wallet recovery is no longer open',
  fourEyes: 'Another admin must approve a recovery you requested',
  investor: 'You cannot approve the recovery of your own wallet',
  custodial: 'The platform holds this wallet’s key and recovers it to a new platform-held wallet: no address to prove',
  proofRequired: 'The investor has not yet proven control of the new address',
  lost: 'This is the lost wallet: enter the address of the new one',
  moved: 'The investor’s wallet changed since this recovery was opened: cancel it and open a new one',
} as const;
/** A transfer of tokens to an investor that the chain could not make (shown on the holding and to operations). */
export const TRANSFER_BLOCKED = {
  noRegistration: 'Waiting for the wallet to be registered on the identity registry',
  failed: 'The chain refused the transfer',
  retryNotFailed: 'Only a failed transfer, mint, lock-up, registry change, freeze or recovery step can be retried',
  alreadyRetried: 'This transaction has been retried already: retry its latest attempt',
  unknownTx: 'No such chain transaction',
} as const;
/** A chain view asked for before the chain outbox's state is loaded (a moment after a restart; never expected). */
export const CHAIN_STATE_LOADING = 'The chain’s state is still loading after a restart: try again in a moment';

/** Income: a holder's tax profile, and the distributions an owner declares to the holders of a token. */
export const TAX_PAYMENT_MESSAGES = {
  period: 'Enter the month the tax was withheld in (YYYY-MM)',
  taxKind: 'Choose the tax paid: RWT or NRWT',
  amount: 'Enter the amount paid in NZD in whole cents, at least 0.01',
  paidOn: 'Enter the date it was paid to Inland Revenue (YYYY-MM-DD), not after today',
  paidBeforePeriod: 'Tax withheld in a month is paid to Inland Revenue in or after that month',
  irReference: 'Enter Inland Revenue’s reference for the payment',
  moreThanOutstanding: (outstanding: string) =>
    `That is more than is withheld and not yet paid for that month and tax (NZD ${outstanding}, counting payments awaiting confirmation)`,
  notFound: 'Tax payment not found',
  notRecorded: 'That payment is confirmed already',
  rejected: 'That payment was rejected: it counts for nothing, and cannot be confirmed',
  notAwaiting: 'Only a payment awaiting confirmation can be rejected',
  rejectReason: 'Please give a reason',
  sameReference: (reference: string) =>
    `A payment with Inland Revenue’s reference ${reference} is already recorded for that month and tax: reject it first if it was wrong`,
} as const;

/**
 * Two-letter codes ICU names that are no country of tax residence (the tax profile's country, checked by the server
 * and listed by the page): groupings, placeholders, test codes and ISO 3166's exceptional reservations.
 */
export const NOT_TAX_COUNTRIES: readonly string[] = [
  'EU',
  'EZ',
  'UN',
  'QO',
  'ZZ',
  'XA',
  'XB',
  'AC',
  'CP',
  'DG',
  'EA',
  'IC',
  'TA',
  // Reserved for the United Kingdom, whose code is GB (the treaty list's): listed once, so the treaty rate applies.
  'UK',
];

export const TAX_PROFILE_MESSAGES = {
  residency: 'Choose whether you are a New Zealand tax resident',
  irdNumber: 'Enter a valid IRD number: 8 or 9 digits whose last is the check digit Inland Revenue gives',
  rwtRate: 'Choose the RWT rate for your interest: 10.5, 17.5, 30, 33 or 39 %',
  rateWithoutIrd:
    'Enter your IRD number to elect an RWT rate: without one, interest is taxed at the non-declaration rate of 45 %',
  treatyCountry: 'Enter your country of tax residence as its two-letter code, e.g. AU',
  treatyCountryNz:
    'A non-resident’s country of tax residence is not New Zealand: choose resident, or the country you are resident in',
  dateOfBirth: 'Enter your date of birth as a past date (YYYY-MM-DD)',
  dateOfBirthTooOld: 'Check your date of birth: it would make you more than 120 years old',
  dateOfBirthTooYoung: 'You must be 18 or older to invest on Kauri',
  bankAccount: 'Enter a New Zealand bank account number: bank, branch, account and suffix, e.g. 01-0902-0068389-00',
  bankAccountInvalid:
    'This is not a valid New Zealand bank account number: check the bank, branch and account digits against a statement',
} as const;
export const DISTRIBUTION_MESSAGES = {
  assetNotFound: 'Asset not found',
  notFound: 'Distribution not found',
  kind: 'Choose what is distributed: a dividend, interest, rent or other income',
  amount: 'Enter the amount in NZD in whole cents, at least 0.01',
  amountTooLarge: 'The amount can be at most NZD 1,000,000,000,000.00',
  recordDate: 'Enter the record date (YYYY-MM-DD)',
  recordDateFuture: 'The record date must be today or a past date: the holders are those at the end of that day',
  beforeToken: 'The record date is before this asset’s token existed: choose a date on or after its approval',
  paymentDate: 'Enter the payment date (YYYY-MM-DD)',
  paymentBeforeRecord: 'The payment date must be on or after the record date',
  noRates: 'There are no New Zealand withholding tax rates for that payment date',
  imputationCredits: 'Imputation credits must be in NZD in whole cents',
  imputationNotDividend: 'Only a dividend carries imputation credits',
  imputationTooHigh: (maximum: string) =>
    `Imputation credits may be at most NZD ${maximum}: the maximum imputation ratio is 28/72 of the dividend`,
  noHolders: 'No one but the owner held this asset’s tokens at the end of the record date: there is nobody to pay',
  sharesRoundToNothing:
    'At this amount every other holder’s share rounds down to NZD 0.00, so there is nothing to pay them: declare a larger amount',
  notProposed: 'Only a proposed distribution can be approved',
  notApproved: 'Only an approved distribution can be funded',
  notFunded: 'Only a funded distribution can be paid',
  notPaying: 'Only a distribution being paid can be marked paid',
  cannotCancel: 'A distribution can be cancelled only before it is being paid',
  alreadyCancelled: 'This distribution is cancelled already',
  fundingUnderWay:
    'A card payment for this distribution is still being processed and cannot be stopped now. Try again in a few minutes: once it has gone through, cancelling refunds it',
  fundingProcessing:
    'Your card payment is still being processed, so this distribution is not funded yet. Do not pay again: it shows as funded here once your bank clears it (Fund again checks it now) — your card will not be charged a second time',
  fundingActionRequired:
    'Your card’s bank asked for this payment to be authenticated, so it has not been paid and nothing more will be charged. Cancel the distribution to stop it, or check it again later with Fund',
  fundingCancelled:
    'The earlier card payment for this distribution was cancelled before it was paid: nothing was charged',
  fundingTooSmall: (provider: string) =>
    `The card payment is below Stripe’s smallest charge (${provider}), so nothing was charged. Cancel this distribution and declare one that pays the other holders more`,
  fundingTooLarge: (provider: string) =>
    `The card payment is above Stripe’s largest charge (${provider}), so nothing was charged. Cancel this distribution and pay it as several smaller ones`,
  chainSettling:
    'This asset’s latest token movements are still being recorded on the chain, so today’s holders cannot be checked against it yet: declare the distribution again in a minute',
  cancelReason: 'Please give a reason',
  beforePaymentDate: 'Payments start on the payment date, not before',
  bankReference: 'Enter the bank’s reference for the direct-credit run',
  chainDrift:
    'The chain’s balances of this token differ from the register (drift): payments stop until operations reconcile them',
  recordDrift: (block: number, differences: number) =>
    `The chain’s balances of this token at the end of the record date (block ${block}) differ from the register’s holders for ${differences} holder(s) (drift): the payment run stops until operations reconcile them or the distribution is cancelled`,
  recordDriftLine: (register: number, chain: number) =>
    `The register gives ${register} tokens, the chain held ${chain}`,
  recordNoToken: 'This asset’s token is not on chain yet: the holders at the record date cannot be checked against it',
  noRefundOwed: 'Nothing is owed back on this distribution (not cancelled, nothing funded, or refunded already)',
  refundFailed: (why: string) => `The refund did not go through: ${why}`,
  nothingByDirectCredit: 'No line of this distribution is waiting for a direct credit',
  paymentFailed: 'The payment did not go through: nothing was charged',
  notStablecoinLine: 'That line of the distribution is not paid in the stablecoin',
  stablecoinShort: (needed: string, held: string) =>
    `The platform wallet holds NZD ${held} of the stablecoin and this payment run needs NZD ${needed}: top it up before paying`,
} as const;

/** Who reads a transfer's refusal: the seller (proposing: "your tokens") or someone else (the buyer, an approver). */
type Reader = 'seller' | 'other';

/** Transfers between investors (issue 32): each refusal says why, before anything is signed. */
/** How a settlement stopped for the buyer's certificate begins (`TRANSFER_MESSAGES.settlementStopped`). */
export const SETTLEMENT_STOPPED = 'The settlement was stopped before the tokens moved';

export const TRANSFER_MESSAGES = {
  notFound: 'Transfer not found',
  assetNotFound: 'Asset not found',
  assetNotActive: 'Tokens of this asset cannot be transferred until it is approved',
  toSelf: 'You cannot transfer tokens to yourself',
  tokens: 'Tokens must be a whole number of at least 1',
  price: 'Price per token must be an amount in NZD of at least 0.01, with at most 2 decimals',
  totalTooLarge: 'The tokens at this price come to more than NZD 1,000,000,000,000.00, the most one transfer may be',
  buyerUnknown: 'The buyer is not a Kauri investor',
  buyerNotVerified: 'The buyer is not a verified wholesale investor',
  buyerLapsed: 'The buyer’s wholesale certificate has lapsed',
  buyerRevoked: (date: string) => `The buyer revoked their wholesale certificate on ${date}`,
  buyerNoWallet: 'The buyer has no wallet yet: their wallet is set up once their certificate is recorded on chain',
  ownWallet: (who: 'seller' | 'buyer') =>
    `The ${who} uses their own wallet: own wallets must approve the DvP manager first, so transfers settle between custody wallets only`,
  sellerNoWallet: (to: Reader = 'seller') => `${to === 'seller' ? 'Your' : 'The seller’s'} wallet is not on chain yet`,
  lockedUp: (date: string, to: Reader = 'seller') =>
    `${to === 'seller' ? 'Your' : 'The seller’s'} tokens are locked up until ${date}`,
  holderLimit: (max: number) => `This token has reached its limit of ${max} holders`,
  frozen: (count: number, to: Reader = 'seller') =>
    `${count} of ${to === 'seller' ? 'your' : 'the seller’s'} tokens ${count === 1 ? 'is' : 'are'} frozen`,
  buyerFrozen: 'The buyer’s wallet is frozen for this token: it cannot receive tokens until it is unfrozen',
  notEnough: (free: number, to: Reader = 'seller') => {
    const holder = to === 'seller' ? 'You hold' : 'The seller holds';
    return free === 0
      ? `${holder} no tokens of this asset free to transfer`
      : `${holder} ${free} ${free === 1 ? 'token' : 'tokens'} free to transfer`;
  },
  /**
   * Enough held and not frozen, but other transfers' claims take the rest (`which`: at a proposal every open
   * transfer's promise counts; at acceptance, approval and retry only approved transfers settling on chain).
   */
  claimedElsewhere: (claimed: number, free: number, to: Reader, which: 'open' | 'approved') => {
    const whose = to === 'seller' ? 'your' : 'the seller’s';
    const holder = to === 'seller' ? 'you hold' : 'the seller holds';
    const held = free === 0 ? 'no tokens' : `${free} ${free === 1 ? 'token' : 'tokens'}`;
    return `${claimed} of ${whose} tokens ${claimed === 1 ? 'is' : 'are'} in other ${which} transfers: ${holder} ${held} free to transfer`;
  },
  chainRefused: 'The token’s compliance refuses this transfer on chain (canTransfer)',
  /** To the buyer, whose refusal must not tell them about the seller's holding (a freeze may be a court order). */
  sellerCannotNow:
    'The seller cannot transfer these tokens at the moment, so this transfer cannot be accepted now. The seller may cancel it, or it lapses after 7 days',
  noChain: 'Transfers settle on chain, and no chain is configured',
  noSettlementCoin:
    'Transfers between investors settle in an NZD stablecoin, and none is configured on this platform’s network yet',
  onlyBuyer: 'Only the buyer can accept this transfer',
  onlyParties: 'Only the seller or the buyer can cancel this transfer',
  onlyApprover: 'Only the asset’s owner or an admin can approve this transfer',
  onlyAdminApprover: 'Transfers of this asset are approved by Kauri’s admins',
  partyApprover:
    'You are a party to this transfer, so you cannot approve it: the asset’s owner or another admin must (four eyes)',
  partyRetry: 'You are a party to this transfer, so you cannot retry its settlement: another admin must (four eyes)',
  approveEnded: (status: 'cancelled' | 'failed' | 'abandoned') =>
    status === 'failed'
      ? 'This transfer was approved and its settlement failed: an admin may retry or abandon it, not approve it again'
      : `This transfer was ${status}: it has ended and cannot be approved`,
  /**
   * Why a settlement's take was never sent (the chain flow, tokens/flow.ts): the buyer's certificate was revoked or
   * lapsed after the approval and before the tokens moved. Recorded as the take's failure and the transfer's reason.
   */
  settlementStopped: (how: 'revoked' | 'lapsed', date: string) =>
    `${SETTLEMENT_STOPPED}: the buyer’s wholesale certificate ${how === 'revoked' ? 'was revoked by them' : 'lapsed'} on ${date}, after the approval. Nothing moved; an admin may abandon the transfer`,
  notProposed: 'This transfer is no longer waiting for the buyer',
  notAccepted: 'This transfer must be accepted by the buyer before it is approved',
  alreadyApproved: 'This transfer has already been approved',
  notCancellable: 'This transfer can no longer be cancelled: its settlement has started or it has ended',
  expired: 'This transfer has expired',
  recovering: (who: 'seller' | 'buyer') =>
    `A recovery of the ${who}’s wallet is under way: transfers of theirs wait until it is decided and their tokens are in the new wallet`,
  settlingWallet: (transferId: string) =>
    `A transfer of yours (${transferId}) is settling on chain between custody wallets: a new address can be registered once it has settled or failed`,
  settlingRecovery: (transferId: string) =>
    `A transfer of theirs (${transferId}) is settling on chain: a recovery of their wallet may be asked for once it has settled or failed`,
  notFailed: 'Only a transfer whose settlement failed can be retried',
  retryAbandoned: 'This transfer was abandoned: it has ended and cannot be retried',
  notRetryable: 'No failed settlement step of this transfer can be asked for again',
  abandonReason: 'Please give a reason of at most 1,000 characters',
  onlyAdminAbandons: 'Only an admin who is not a party to this transfer can abandon it',
  abandonSettled: 'This transfer has settled: the tokens and the payment changed hands, so it cannot be abandoned',
  abandonSettling: 'This transfer is settling on chain: it can be abandoned only once its settlement has failed',
  abandonOpen: 'This transfer has not been approved yet: either party can cancel it instead',
  abandonEnded: 'This transfer has ended already (cancelled or expired): there is nothing to abandon',
  alreadyAbandoned: 'This transfer has been abandoned already',
};
