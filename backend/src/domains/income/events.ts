import {
  array,
  boolean,
  id,
  int,
  isoDate,
  isoDateTime,
  literal,
  nullable,
  object,
  oneOf,
  optional,
  string,
  type EventSchemas,
} from '../../platform/event-schema.js';
import { INCOME_KINDS, RESIDENCIES, type IncomeKind, type Residency, type TaxKind } from './tax.js';
import { ELECTED_RWT_RATES, type ElectedRwtRate } from './tax-rates.js';

/**
 * A person's tax profile, in its own stream (`tax-profile-<userId>`): what the payer of their income needs to
 * withhold tax. The IRD number and the date of birth are personal (sealed with the person's key); whether an IRD
 * number is held is not, so a distribution decides its tax without opening them.
 */
export interface TaxProfileSaved {
  type: 'TaxProfileSaved';
  data: {
    userId: string;
    subjectId: string;
    residency: Residency;
    hasIrdNumber: boolean;
    rwtRate: ElectedRwtRate | null;
    treatyCountry: string | null;
    savedAt: string;
    /** The bank account income is paid to by direct credit (NZ format, 2-4-7-3 digits without dashes). */
    personal: { irdNumber: string | null; dateOfBirth: string | null; bankAccount: string | null };
  };
}
export type TaxProfileEvent = TaxProfileSaved;

export const taxProfileStream = (userId: string) => `tax-profile-${userId}`;

export const INCOME_FIELDS = {
  irdNumber: string({ max: 9, pattern: /^\d{9}$/ }),
  treatyCountry: string({ max: 2, pattern: /^[A-Z]{2}$/ }),
  /** Bank (2), branch (4), account (7), suffix (3): 16 digits. */
  bankAccount: string({ max: 16, pattern: /^\d{16}$/ }),
  /** NZD cents: at most a trillion dollars. */
  cents: int({ max: 100_000_000_000_000 }),
  tokens: int({ max: 1e12 }),
};

export const taxProfileEventSchemas = {
  TaxProfileSaved: object({
    userId: id(),
    subjectId: id(),
    residency: oneOf(RESIDENCIES),
    hasIrdNumber: boolean(),
    rwtRate: nullable(oneOf(ELECTED_RWT_RATES)),
    treatyCountry: nullable(INCOME_FIELDS.treatyCountry),
    savedAt: isoDateTime(),
    personal: object({
      irdNumber: nullable(INCOME_FIELDS.irdNumber),
      dateOfBirth: nullable(isoDate()),
      bankAccount: nullable(INCOME_FIELDS.bankAccount),
    }),
  }),
} satisfies EventSchemas<TaxProfileEvent>;

/** Who a line of a distribution is for: a platform investor, an off-platform holder, or the owner's own tokens. */
export type HolderKind = 'platform' | 'off-platform' | 'owner';
export const HOLDER_KINDS = ['platform', 'off-platform', 'owner'] as const satisfies readonly HolderKind[];
export type PaymentMethod = 'stablecoin' | 'direct-credit' | 'retained';

/** One holder's entitlement, fixed at declaration: amounts in cents, gross = withholdingTax + net. */
export interface DistributionLine {
  holderKind: HolderKind;
  /** The user id (platform), the holder id (off-platform), null for the owner. */
  investorId: string | null;
  /** Tokens held at the end of the record date. */
  tokens: number;
  gross: number;
  imputationCredits: number;
  withholdingTax: number;
  taxKind: TaxKind;
  /** The rate applied, hundredths of a percent. */
  taxRate: number;
  /** What the tax was decided on (the profile at declaration); null for the owner's line. */
  residency: Residency | null;
  hasIrdNumber: boolean;
  net: number;
}

/**
 * A distribution of income to the holders of one asset's token at a record date, in its own stream
 * (`distribution-<id>`). Declared by the owner with every line fixed (the register's as-of replay at the end of the
 * record date in New Zealand time), approved by another admin, funded by the owner, then paid.
 */
export interface DistributionDeclared {
  type: 'DistributionDeclared';
  data: {
    distributionId: string;
    assetId: string;
    ownerId: string;
    kind: IncomeKind;
    amount: number;
    imputationCredits: number;
    recordDate: string;
    /** The last instant of the record date in New Zealand: the register is replayed up to it. */
    recordInstant: string;
    paymentDate: string;
    /** The rate table's entry (its effectiveFrom) the tax was worked out with. */
    ratesFrom: string;
    supply: number;
    /** What the owner must fund: the gross of every line but the owner's own. */
    fundingDue: number;
    declaredAt: string;
    /**
     * Declared for today on a chain: the chain's head once it showed every token movement recorded before the
     * declaration — the block today's holders are checked against (record-check.ts). Absent: the last block mined
     * at the record moment.
     */
    recordBlock?: number;
    lines: DistributionLine[];
  };
}
export interface DistributionApproved {
  type: 'DistributionApproved';
  data: { distributionId: string; assetId: string; approvedBy: string; approvedAt: string };
}
/**
 * The intent of a card payment, recorded before the provider is asked (its id is in the provider's idempotency key).
 * Ended by `DistributionFunded`, or by `DistributionFundingFailed` once its payment can never be paid. `flow`:
 * `intent-first` (v2), its payment is recorded (`DistributionFundingIntentCreated`) before a card is put to it;
 * `charge-at-once` (v1, upcast), its payment was created and confirmed in one call and its id never recorded.
 */
export interface DistributionFundingStarted {
  type: 'DistributionFundingStarted';
  data: {
    distributionId: string;
    assetId: string;
    attemptId: string;
    amount: number;
    method: 'card';
    flow: FundingFlow;
  };
}
export type FundingFlow = 'charge-at-once' | 'intent-first';
/**
 * The attempt's payment at the provider (Stripe's PaymentIntent, created unconfirmed with the attempt's idempotency
 * key), recorded before it is confirmed with a card: every retry asks the provider about this payment, so a retry
 * days later, with another card, or after a crash at any step charges at most once.
 */
export interface DistributionFundingIntentCreated {
  type: 'DistributionFundingIntentCreated';
  data: { distributionId: string; assetId: string; attemptId: string; reference: string };
}
export interface DistributionFunded {
  type: 'DistributionFunded';
  data: {
    distributionId: string;
    assetId: string;
    attemptId: string;
    amount: number;
    reference: string;
    fundedAt: string;
  };
}
export interface DistributionFundingFailed {
  type: 'DistributionFundingFailed';
  data: { distributionId: string; assetId: string; attemptId: string; reason: string };
}
/**
 * The entitlements were checked against the chain as the payment run started: the token's balances in the last block
 * mined at the end of the record date (or at the declaration, for a record date of today) equal the lines' holders.
 * Recorded with the block's number and hash, so the check can be made again against the same block.
 */
export interface DistributionEntitlementsChecked {
  type: 'DistributionEntitlementsChecked';
  data: {
    distributionId: string;
    assetId: string;
    /** The moment compared: the end of the record date, or the declaration when that was earlier (a record date of today). */
    moment: string;
    chainId: number;
    token: string;
    blockNumber: number;
    blockHash: string;
    blockTime: string;
    /** The people compared (each platform holder, and the owner, who holds the off-platform holders' tokens on chain). */
    people: number;
  };
}
/** The payment run starts: each line's method (holders with a wallet in the stablecoin, others by direct credit). */
export interface DistributionPaymentStarted {
  type: 'DistributionPaymentStarted';
  data: {
    distributionId: string;
    assetId: string;
    startedBy: string;
    /** `net`: the line's net cents (what a stablecoin transfer moves; absent on events before the stablecoin). */
    methods: { line: number; method: PaymentMethod; wallet: string | null; net?: number }[];
    /**
     * The stablecoin the wallet lines are paid in: the configured coin's address on a real network, null for
     * Kauri's test coin on the embedded chain (deployed and minted by the outbox). Absent before the stablecoin.
     */
    coin?: string | null;
  };
}
/**
 * A stablecoin line's transfer is confirmed on chain (the chain outbox's `ChainTransactionConfirmed` of its
 * `dist-<id>-line-<n>` transaction, or of an admin's retry of it): the line is paid, with its transaction's hash.
 */
export interface StablecoinPaymentConfirmed {
  type: 'StablecoinPaymentConfirmed';
  data: {
    distributionId: string;
    assetId: string;
    line: number;
    txId: string;
    txHash: string;
    paidAt: string;
  };
}
/** Operations confirm the bank ran the direct-credit file: those lines are paid. */
export interface DirectCreditConfirmed {
  type: 'DirectCreditConfirmed';
  data: {
    distributionId: string;
    assetId: string;
    lines: number[];
    bankReference: string;
    confirmedBy: string;
    paidAt: string;
  };
}
export interface DistributionPaid {
  type: 'DistributionPaid';
  data: { distributionId: string; assetId: string; paidAt: string };
}
export interface DistributionCancelled {
  type: 'DistributionCancelled';
  data: {
    distributionId: string;
    assetId: string;
    cancelledBy: string;
    reason: string;
    /** What the owner funded and is owed back (0 when cancelled before funding). */
    refundDue: number;
  };
}

/**
 * A cancelled distribution's funding given back to the owner's card by the payment provider (asked with the key
 * `distribution-<id>-refund-<n>`, n the refunds that failed before: one refund, whatever retries).
 */
export interface DistributionRefunded {
  type: 'DistributionRefunded';
  data: { distributionId: string; assetId: string; amount: number; reference: string; refundedAt: string };
}
/** The provider refused the refund: operations see why and may ask again (a new key: nothing was refunded). */
export interface DistributionRefundFailed {
  type: 'DistributionRefundFailed';
  data: { distributionId: string; assetId: string; attempt: number; reason: string; failedAt: string };
}

export type DistributionEvent =
  | DistributionDeclared
  | DistributionApproved
  | DistributionFundingStarted
  | DistributionFundingIntentCreated
  | DistributionFunded
  | DistributionFundingFailed
  | DistributionEntitlementsChecked
  | DistributionPaymentStarted
  | DirectCreditConfirmed
  | StablecoinPaymentConfirmed
  | DistributionPaid
  | DistributionCancelled
  | DistributionRefunded
  | DistributionRefundFailed;

export const distributionStream = (distributionId: string) => `distribution-${distributionId}`;

/** At most this many lines (holders) in one distribution: the event that fixes them stays bounded. */
export const MAX_LINES = 20_000;
const cents = INCOME_FIELDS.cents;
const WALLET = string({ max: 42, pattern: /^0x[0-9a-fA-F]{40}$/ });
const base = { distributionId: id(), assetId: id() };
const line = object({
  holderKind: oneOf(HOLDER_KINDS),
  investorId: nullable(id()),
  tokens: INCOME_FIELDS.tokens,
  gross: cents,
  imputationCredits: cents,
  withholdingTax: cents,
  taxKind: literal('RWT', 'NRWT', 'none'),
  taxRate: int({ max: 10_000 }),
  residency: nullable(oneOf(RESIDENCIES)),
  hasIrdNumber: boolean(),
  net: cents,
});

export const distributionEventSchemas = {
  DistributionDeclared: object({
    ...base,
    ownerId: id(),
    kind: oneOf(INCOME_KINDS),
    amount: int({ min: 1, max: 100_000_000_000_000 }),
    imputationCredits: cents,
    recordDate: isoDate(),
    recordInstant: isoDateTime(),
    paymentDate: isoDate(),
    ratesFrom: isoDate(),
    supply: int({ min: 1, max: 1e12 }),
    fundingDue: cents,
    declaredAt: isoDateTime(),
    recordBlock: optional(int({ max: 2 ** 53 - 1 })),
    lines: array(line, { min: 1, max: MAX_LINES }),
  }),
  DistributionApproved: object({ ...base, approvedBy: id(), approvedAt: isoDateTime() }),
  DistributionFundingStarted: object({
    ...base,
    attemptId: id(),
    amount: cents,
    method: literal('card'),
    flow: literal('charge-at-once', 'intent-first'),
  }),
  DistributionFundingIntentCreated: object({ ...base, attemptId: id(), reference: id() }),
  DistributionFunded: object({ ...base, attemptId: id(), amount: cents, reference: id(), fundedAt: isoDateTime() }),
  DistributionFundingFailed: object({ ...base, attemptId: id(), reason: string({ max: 500 }) }),
  DistributionEntitlementsChecked: object({
    ...base,
    moment: isoDateTime(),
    chainId: int({ min: 1, max: 2 ** 53 - 1 }),
    token: WALLET,
    blockNumber: int({ max: 2 ** 53 - 1 }),
    blockHash: string({ max: 66, pattern: /^0x[0-9a-f]{64}$/ }),
    blockTime: isoDateTime(),
    people: int({ max: MAX_LINES + 1 }),
  }),
  DistributionPaymentStarted: object({
    ...base,
    startedBy: id(),
    methods: array(
      object({
        line: int({ max: MAX_LINES }),
        method: literal('stablecoin', 'direct-credit', 'retained'),
        wallet: nullable(WALLET),
        net: optional(cents),
      }),
      { max: MAX_LINES },
    ),
    coin: optional(nullable(WALLET)),
  }),
  StablecoinPaymentConfirmed: object({
    ...base,
    line: int({ max: MAX_LINES }),
    txId: id(),
    txHash: string({ max: 66, pattern: /^0x[0-9a-f]{64}$/ }),
    paidAt: isoDateTime(),
  }),
  DirectCreditConfirmed: object({
    ...base,
    lines: array(int({ max: MAX_LINES }), { max: MAX_LINES }),
    bankReference: string({ nonEmpty: true, max: 200 }),
    confirmedBy: id(),
    paidAt: isoDateTime(),
  }),
  DistributionPaid: object({ ...base, paidAt: isoDateTime() }),
  DistributionCancelled: object({
    ...base,
    cancelledBy: id(),
    reason: string({ nonEmpty: true, max: 1000 }),
    refundDue: cents,
  }),
  DistributionRefunded: object({
    ...base,
    amount: int({ min: 1, max: 100_000_000_000_000 }),
    reference: string({ nonEmpty: true, max: 200 }),
    refundedAt: isoDateTime(),
  }),
  DistributionRefundFailed: object({
    ...base,
    attempt: int({ max: 1_000_000 }),
    reason: string({ max: 500 }),
    failedAt: isoDateTime(),
  }),
} satisfies EventSchemas<DistributionEvent>;

/**
 * Withheld tax paid over to Inland Revenue (issue 31): the tax withheld from the lines paid in a month is the
 * platform's liability until paid. Each period and tax kind is a stream (`withheld-tax-<YYYY-MM>-<RWT|NRWT>`): an
 * admin records a payment made to Inland Revenue, another admin confirms it (four eyes); only a confirmed payment
 * reduces what is outstanding.
 */
export interface TaxPaymentRecorded {
  type: 'TaxPaymentRecorded';
  data: {
    paymentId: string;
    period: string;
    taxKind: 'RWT' | 'NRWT';
    amount: number;
    paidOn: string;
    irReference: string;
    recordedBy: string;
    recordedAt: string;
  };
}
export interface TaxPaymentConfirmed {
  type: 'TaxPaymentConfirmed';
  data: { paymentId: string; period: string; taxKind: 'RWT' | 'NRWT'; confirmedBy: string; confirmedAt: string };
}
/** A recorded payment another admin (or its recorder) found wrong, before it was confirmed: it no longer counts. */
export interface TaxPaymentRejected {
  type: 'TaxPaymentRejected';
  data: {
    paymentId: string;
    period: string;
    taxKind: 'RWT' | 'NRWT';
    rejectedBy: string;
    reason: string;
    rejectedAt: string;
  };
}
export type TaxPaymentEvent = TaxPaymentRecorded | TaxPaymentConfirmed | TaxPaymentRejected;
export const WITHHELD_TAX_KINDS = ['RWT', 'NRWT'] as const;
export const withheldTaxStream = (period: string, taxKind: 'RWT' | 'NRWT') => `withheld-tax-${period}-${taxKind}`;

const PERIOD = string({ max: 7, pattern: /^\d{4}-(0[1-9]|1[0-2])$/ });
export const taxPaymentEventSchemas = {
  TaxPaymentRecorded: object({
    paymentId: id(),
    period: PERIOD,
    taxKind: oneOf(WITHHELD_TAX_KINDS),
    amount: int({ min: 1, max: 100_000_000_000_000 }),
    paidOn: isoDate(),
    irReference: string({ nonEmpty: true, max: 100 }),
    recordedBy: id(),
    recordedAt: isoDateTime(),
  }),
  TaxPaymentConfirmed: object({
    paymentId: id(),
    period: PERIOD,
    taxKind: oneOf(WITHHELD_TAX_KINDS),
    confirmedBy: id(),
    confirmedAt: isoDateTime(),
  }),
  TaxPaymentRejected: object({
    paymentId: id(),
    period: PERIOD,
    taxKind: oneOf(WITHHELD_TAX_KINDS),
    rejectedBy: id(),
    reason: string({ nonEmpty: true, max: 1000 }),
    rejectedAt: isoDateTime(),
  }),
} satisfies EventSchemas<TaxPaymentEvent>;
