import { everyType } from '../../platform/event-schema.js';
import type { Address } from 'viem';
import {
  NEW_ZEALAND,
  type ChainCall,
  type PlatformContracts,
  type TokenSuite,
} from '../../platform/chain/contracts.js';
import {
  DVD_MANAGER_TX,
  dvdManagerCall,
  PLATFORM_STEPS,
  platformCall,
  platformContracts,
  STABLECOIN_TX,
  stablecoinCall,
  type PlatformStep,
} from '../../platform/chain/platform-plan.js';
import type { RecordedEvent } from '../../platform/event-store/event-store.js';
import { nzLongDate } from '../../platform/nz-time.js';
import { TRANSFER_MESSAGES } from '../../messages.js';
import type { TokenizationApproved } from '../assets/events.js';
import type { DistributionPaymentStarted } from '../income/events.js';
import type { InvestmentCancelled, InvestmentConfirmed, InvestmentRequested } from '../offerings/events.js';
import type { FreezeApproved, SupplyChangeApproved } from '../register/events.js';
import type { TransferAbandoned, TransferSettlementRequested } from '../transfers/events.js';
import type { CertificateRevoked, VerificationApproved, VerificationExpired } from '../wholesale/events.js';
import type { ChainBatchSubmitted, ChainIntent, TokenEvent } from './events.js';

/**
 * The chain flow, pure: what the register's events ask of the chain (`chainIntents`, the one mapping from an event
 * to chain transactions), when a requested transaction can go (`blockedBy`), and what exactly it sends
 * (`callFor`). `evolveFlow` folds the events both read; the state is owned by one process manager and folded in
 * place (thousands of entries: a copy per event would be quadratic).
 */
export type SourceEvent =
  | TokenizationApproved
  | VerificationApproved
  | VerificationExpired
  | CertificateRevoked
  | InvestmentRequested
  | InvestmentConfirmed
  | InvestmentCancelled
  | SupplyChangeApproved
  | FreezeApproved
  | DistributionPaymentStarted
  | TransferSettlementRequested
  | TransferAbandoned;
export type FlowEvent = SourceEvent | TokenEvent;

export const SOURCE_EVENT_TYPES = everyType<SourceEvent['type']>()([
  'TokenizationApproved',
  'VerificationApproved',
  'VerificationExpired',
  'CertificateRevoked',
  'InvestmentRequested',
  'InvestmentConfirmed',
  'SupplyChangeApproved',
  'InvestmentCancelled',
  'DistributionPaymentStarted',
  'FreezeApproved',
  'TransferSettlementRequested',
  'TransferAbandoned',
]);

/** Most holders of one token at once (HoldingRulesModule); the specification names no figure. */
export const MAX_HOLDERS = 1000;

export interface TxView {
  txId: string;
  intent: ChainIntent;
  /** Order of request: the outbox sends ready transactions in this order. */
  seq: number;
  status: 'requested' | 'submitted' | 'confirmed' | 'failed';
  txHash: string | null;
  nonce: number | null;
  raw: string | null;
  wallet: string | null;
  contractAddress: string | null;
  blockNumber: number | null;
  suite: TokenSuite | null;
  reason: string | null;
  requestedAt: string;
  /** The batch whose one chain transaction carries it (`FlowState.batches`), null when sent alone. */
  batchId: string | null;
  /** After its batch failed as a whole: the most it may share a chain transaction with (null: no limit). */
  maxBatch: number | null;
}

/** A batch without outcome yet: the chain transaction that carries several requested ones, as it was recorded. */
export type BatchView = ChainBatchSubmitted['data'];

export interface PersonView {
  /** Set while a verification stands (approved, not lapsed). */
  verificationId: string | null;
  /**
   * Why no certificate stands since the last one was revoked or lapsed (a settlement's reason: the take it stops);
   * absent while one stands or none ever did.
   */
  certificateEnded?: string;
  /** Owns an approved asset: stays registered to hold its retained tokens. */
  owner: boolean;
  /**
   * What the registry operations requested so far leave in the identity registry, decided when their cause is
   * folded (not when the outbox records them, which comes later): null for nothing; `wallet` null for a
   * registration that takes the person's wallet when it is sent (resolved when it is submitted).
   */
  registry: { wallet: string | null } | null;
  /** Wallet switches that asked for registry changes: numbers their transactions, so X → Y → X asks twice. */
  switches: number;
  /** The person's registry transactions (register, remove) in request order: they are sent one after another. */
  registryTxs: string[];
}

export interface AssetView {
  ownerId: string;
  symbol: string;
  name: string;
  totalSupply: number;
}

export interface InvestmentView {
  assetId: string;
  ownerId: string;
  investorId: string;
  tokens: number;
  transferableFrom: string | null;
  confirmed: boolean;
}

export interface FlowState {
  chainId: number;
  txs: Map<string, TxView>;
  persons: Map<string, PersonView>;
  assets: Map<string, AssetView>;
  investments: Map<string, InvestmentView>;
  /** personId → the wallet they use now (custody or their own). */
  wallets: Map<string, string>;
  /** lower-cased wallet → personId. */
  walletOwners: Map<string, string>;
  /**
   * lower-cased wallet a person used before their current one → that person: the balance a past block shows there
   * (a record date's, before a wallet recovery or switch) is still theirs.
   */
  formerWalletOwners: Map<string, string>;
  /** personId → wallet whose registration is confirmed on chain. */
  registered: Map<string, string>;
  /** A failed transaction → the attempt an admin asked for in its place (which may itself be retried). */
  retries: Map<string, string>;
  nextSeq: number;
  /** Highest nonce recorded per sender (lower-cased). */
  nonces: Map<string, number>;
  /** Batches submitted whose members are not all settled yet (settled ones are dropped). */
  batches: Map<string, BatchView>;
  /**
   * Transfers between investors an admin abandoned after their settlement failed → when: their DvP steps still
   * requested are never sent, and neither those nor the failed ones are problems any more (`abandonedStep`).
   */
  abandoned: Map<string, string>;
  /** Transfers between investors whose settlement was requested → their buyer (whose certificate the take needs). */
  settlementBuyers: Map<string, string>;
  /**
   * DvP takes never to be sent (txId → why): the buyer's certificate was revoked or lapsed after the approval,
   * before the take went out — decided when the revocation is folded, so by the log's order, once. The outbox
   * records each as failed with the reason (`stoppedTakes`), which fails the transfer (domains/transfers).
   */
  stopped: Map<string, string>;
  position: number;
}

export function initialFlowState(chainId: number): FlowState {
  return {
    chainId,
    txs: new Map(),
    persons: new Map(),
    assets: new Map(),
    investments: new Map(),
    wallets: new Map(),
    walletOwners: new Map(),
    formerWalletOwners: new Map(),
    registered: new Map(),
    retries: new Map(),
    nextSeq: 0,
    nonces: new Map(),
    batches: new Map(),
    abandoned: new Map(),
    settlementBuyers: new Map(),
    stopped: new Map(),
    position: 0,
  };
}

/** Transaction ids name the chain, so the same history replays onto another chain as new transactions. */
export const txIdOf = (chainId: number, suffix: string) => `c${chainId}-${suffix}`;
const belongs = (state: FlowState, txId: string) => txId.startsWith(`c${state.chainId}-`);

const person = (state: FlowState, personId: string): PersonView => {
  let found = state.persons.get(personId);
  if (!found) {
    found = { verificationId: null, owner: false, registry: null, switches: 0, registryTxs: [] };
    state.persons.set(personId, found);
  }
  return found;
};

export interface RequestedIntent {
  txId: string;
  intent: ChainIntent;
}

/**
 * THE mapping from a register event to the chain transactions it calls for (none already requested). Pure: it
 * reads `state` as it was before `event` and changes nothing. Supply changes of the asset register can be added
 * here as new cases (a mint or burn intent each).
 */
export function chainIntents(event: FoldedEvent, state: FlowState): RequestedIntent[] {
  return intentsFor(event, state).filter(({ txId }) => !state.txs.has(txId));
}

/** An event as folded: from the log it carries its position and metadata (a test's may not). */
export type FoldedEvent = FlowEvent & Partial<Pick<RecordedEvent, 'position' | 'metadata'>>;

/**
 * Whether a lock-up ending at `until` still locks anything when `event` happens. One already over (an offering
 * without a lock-up: it ends the moment the investment was requested) is no chain transaction at all: it would cost
 * gas for nothing and, mined within the same second, refuse the holder's transfers until the next block's time.
 * Without the event's time (a test's bare event) the lock-up is asked for, as before.
 */
function lockUpOpen(until: string, event: FoldedEvent): boolean {
  const at = event.metadata?.occurredAt;
  return at === undefined || Date.parse(until) > Date.parse(at);
}

/** What an event calls for, whether or not already requested (the registry bookkeeping needs all of it). */
function intentsFor(event: FoldedEvent, state: FlowState): RequestedIntent[] {
  const out: RequestedIntent[] = [];
  const want = (suffix: string, intent: ChainIntent) => {
    const txId = txIdOf(state.chainId, suffix);
    if (!out.some((o) => o.txId === txId)) out.push({ txId, intent });
  };
  /**
   * Moves the person's registry entry from the wallet it holds (or will hold) to `to`: out with the old, then in
   * with the new, numbered by the person's switch count — never keyed by address, so switching back registers again.
   */
  const switchTo = (
    personId: string,
    from: string,
    to: string,
    legacy: { remove: string; register: string } | null,
  ) => {
    if (from.toLowerCase() === to.toLowerCase()) return;
    const n = (state.persons.get(personId)?.switches ?? 0) + 1;
    want(legacy?.remove ?? `wallet-${personId}-${n}-remove`, { kind: 'remove-identity', personId, wallet: from });
    want(legacy?.register ?? `wallet-${personId}-${n}-register`, { kind: 'register-identity', personId, wallet: to });
  };
  const platform = () => {
    for (const step of PLATFORM_STEPS) want(`platform-${step}`, { kind: 'platform-step', step });
  };
  const identity = (personId: string) => want(`identity-${personId}`, { kind: 'deploy-identity', personId });
  const registered = (personId: string) => (state.persons.get(personId)?.registry ?? null) !== null;
  switch (event.type) {
    case 'TokenizationApproved': {
      const { assetId, ownerId, terms } = event.data;
      platform();
      identity(ownerId);
      if (!registered(ownerId)) want(`register-${ownerId}-owner`, { kind: 'register-identity', personId: ownerId });
      want(`token-identity-${assetId}`, { kind: 'deploy-token-identity', assetId });
      want(`suite-${assetId}`, {
        kind: 'deploy-suite',
        assetId,
        name: terms.name,
        symbol: terms.symbol,
        maxHolders: MAX_HOLDERS,
      });
      want(`mint-${assetId}`, { kind: 'mint', assetId, personId: ownerId, amount: terms.totalSupply });
      want(`unpause-${assetId}`, { kind: 'unpause', assetId });
      return out;
    }
    case 'SupplyChangeApproved': {
      // The register's approved supply change: more tokens to the owner, or the owner's retained ones burnt.
      const { assetId, ownerId, changeId, delta } = event.data;
      const kind = delta > 0 ? ('mint' as const) : ('burn' as const);
      want(`supply-${changeId}`, { kind, assetId, personId: ownerId, amount: Math.abs(delta) });
      return out;
    }
    case 'FreezeApproved': {
      // An approved freeze or unfreeze (register, four eyes): the holder's wallet on this asset's token.
      const { assetId, holderId: personId, requestId, action, scope, tokens } = event.data;
      if (!state.assets.has(assetId)) return out;
      if (scope === 'address')
        want(`freeze-${requestId}`, {
          kind: 'freeze-address',
          assetId,
          personId,
          requestId,
          frozen: action === 'freeze',
        });
      else if (tokens)
        want(`freeze-${requestId}`, {
          kind: 'freeze-tokens',
          assetId,
          personId,
          requestId,
          amount: tokens,
          unfreeze: action === 'unfreeze',
        });
      return out;
    }
    case 'VerificationApproved': {
      const { userId, verificationId } = event.data;
      platform();
      identity(userId);
      if (!registered(userId))
        want(`register-${userId}-${verificationId}`, { kind: 'register-identity', personId: userId });
      return out;
    }
    // A lapsed or revoked certificate (FMC Act Sch 1 cl 46): the person may receive no more tokens on chain either.
    case 'VerificationExpired':
    case 'CertificateRevoked': {
      const { userId, verificationId } = event.data;
      const who = state.persons.get(userId);
      const wallet = who?.registry?.wallet ?? state.wallets.get(userId);
      // An owner stays in the registry: the retained tokens are held, and sent from, that wallet.
      if (who?.registry && !who.owner && wallet)
        want(`remove-${userId}-${verificationId}`, { kind: 'remove-identity', personId: userId, wallet });
      return out;
    }
    case 'InvestmentConfirmed': {
      const { assetId, investmentId, investorId, ownerId, tokens } = event.data;
      if (!state.assets.has(assetId)) return out;
      want(`transfer-${investmentId}`, {
        kind: 'forced-transfer',
        assetId,
        investmentId,
        fromPersonId: ownerId,
        toPersonId: investorId,
        amount: tokens,
        reversal: false,
      });
      const until = state.investments.get(investmentId)?.transferableFrom;
      if (until && lockUpOpen(until, event))
        want(`lockup-${investmentId}`, { kind: 'lock-up', assetId, investmentId, personId: investorId, until });
      return out;
    }
    case 'InvestmentCancelled': {
      const { assetId, investmentId, investorId, ownerId, tokens } = event.data;
      // Only tokens that were transferred come back; a pending investment never reached the chain.
      if (!state.investments.get(investmentId)?.confirmed || !state.assets.has(assetId)) return out;
      want(`reverse-${investmentId}`, {
        kind: 'forced-transfer',
        assetId,
        investmentId,
        fromPersonId: investorId,
        toPersonId: ownerId,
        amount: tokens,
        reversal: true,
      });
      return out;
    }
    case 'OwnWalletRegistered': {
      const { personId, address, previousAddress, nonce } = event.data;
      const from = state.persons.get(personId)?.registry?.wallet;
      // Not registered: nothing to move. A registration not yet sent takes the new wallet itself (or is moved
      // when it is submitted, below).
      if (!from) return out;
      // Registrations made before proofs were required keep the transaction ids they were recorded under.
      const legacy =
        nonce === undefined
          ? {
              register: `register-${personId}-wallet-${address.toLowerCase()}`,
              remove: `remove-${personId}-wallet-${(previousAddress ?? from).toLowerCase()}`,
            }
          : null;
      switchTo(personId, from, address, legacy);
      return out;
    }
    case 'ChainTransactionSubmitted': {
      // A registration that took the person's wallet when sent: if the person switched meanwhile, follow them.
      const tx = state.txs.get(event.data.txId);
      if (tx?.intent.kind !== 'register-identity' || tx.intent.wallet || !event.data.wallet) return out;
      const who = state.persons.get(tx.intent.personId);
      const current = state.wallets.get(tx.intent.personId);
      if (who?.registry && who.registry.wallet === null && current)
        switchTo(tx.intent.personId, event.data.wallet, current, null);
      return out;
    }
    case 'DistributionPaymentStarted': {
      // The wallet lines of a distribution, paid in the stablecoin: Kauri's test coin (deployed once, and minted to
      // the signer for this run) on the embedded chain, else the configured coin the platform wallet holds.
      const { distributionId, methods, coin } = event.data;
      const lines = methods.filter((m) => m.method === 'stablecoin' && m.wallet && (m.net ?? 0) > 0);
      if (lines.length === 0) return out;
      const token = coin ?? null;
      if (token === null) {
        want(STABLECOIN_TX, { kind: 'deploy-stablecoin' });
        const amount = lines.reduce((sum, m) => sum + m.net!, 0);
        want(`dist-${distributionId}-mint`, { kind: 'stablecoin-mint', distributionId, amount });
      }
      for (const m of lines)
        want(`dist-${distributionId}-line-${m.line}`, {
          kind: 'stablecoin-transfer',
          distributionId,
          line: m.line,
          wallet: m.wallet!,
          amount: m.net!,
          token,
        });
      return out;
    }
    case 'TransferSettlementRequested': {
      // A transfer between investors, delivery versus payment through T-REX's DVDTransferManager (domains/transfers):
      // the coin for the buyer (embedded chain: the test faucet), both parties' allowances (their custody keys), the
      // seller's offer, then the take — tokens and coin in one transaction.
      const { transferId, assetId, fromInvestorId, toInvestorId, tokens, amountCents, coin } = event.data;
      if (!state.assets.has(assetId)) return out;
      const token = coin ?? null;
      want(DVD_MANAGER_TX, { kind: 'deploy-dvd' });
      if (token === null) {
        want(STABLECOIN_TX, { kind: 'deploy-stablecoin' });
        want(`xfer-${transferId}-fund`, {
          kind: 'transfer-fund',
          transferId,
          personId: toInvestorId,
          amount: amountCents,
        });
      }
      const leg = { transferId, assetId, token };
      want(`xfer-${transferId}-seller-allow`, {
        kind: 'transfer-allow',
        ...leg,
        personId: fromInvestorId,
        side: 'seller',
        amount: tokens,
      });
      want(`xfer-${transferId}-buyer-allow`, {
        kind: 'transfer-allow',
        ...leg,
        personId: toInvestorId,
        side: 'buyer',
        amount: amountCents,
      });
      const both = { ...leg, fromPersonId: fromInvestorId, toPersonId: toInvestorId, tokens, amount: amountCents };
      want(`xfer-${transferId}-initiate`, { kind: 'transfer-initiate', ...both });
      want(`xfer-${transferId}-take`, { kind: 'transfer-take', ...both });
      return out;
    }
    case 'TransferAbandoned': {
      // An abandoned transfer's DvP left open on chain (domains/transfers README "Abandoning"): the seller's offer,
      // if it was made, and each allowance to the manager that was given or is on its way. The manager escrows
      // nothing (it moves both legs only in the take), and the coin minted to the buyer stays theirs.
      const { transferId } = event.data;
      const step = (name: string) => latestAttempt(state, txIdOf(state.chainId, `xfer-${transferId}-${name}`));
      const initiate = step('initiate');
      if (initiate?.intent.kind === 'transfer-initiate' && ['confirmed', 'submitted'].includes(initiate.status))
        want(`xfer-${transferId}-cancel`, { ...initiate.intent, kind: 'transfer-cancel' });
      for (const side of ['seller', 'buyer'] as const) {
        const allow = step(`${side}-allow`);
        if (allow?.intent.kind !== 'transfer-allow') continue;
        // Given, on its way, or ready to go (the sender may hold it as this is folded); a failed one set nothing.
        const given =
          allow.status === 'confirmed' ||
          allow.status === 'submitted' ||
          (allow.status === 'requested' && blockedBy(allow, state) === null);
        // Signed by the person's custody key: a wallet recovered since is left as it is (README "Not done").
        const current = state.wallets.get(allow.intent.personId)?.toLowerCase();
        if (!given || (allow.wallet !== null && allow.wallet.toLowerCase() !== current)) continue;
        const { assetId, personId, token } = allow.intent;
        want(`xfer-${transferId}-${side}-revoke`, {
          kind: 'transfer-revoke',
          transferId,
          assetId,
          personId,
          side,
          token,
        });
      }
      return out;
    }
    case 'WalletRecoveryApproved': {
      // Recovery (custody, four eyes): the holdings and freezes the register expects of the person now, moved from
      // the lost wallet to the new one (README "Wallet recovery").
      const { requestId, personId, lostAddress: lostWallet, newAddress: newWallet } = event.data;
      const held = [...expectedHoldings(state)]
        .map(([assetId, holders]) => ({ assetId, tokens: holders.get(personId) ?? 0 }))
        .filter(({ assetId, tokens }) => tokens > 0 && suiteOf(state, assetId));
      if (held.length === 0 || !identityOf(state, personId)) return out;
      const r = `recovery-${requestId}`;
      want(`${r}-key`, { kind: 'add-identity-key', personId, requestId, wallet: newWallet });
      const frozen = expectedFrozen(state);
      held.forEach(({ assetId, tokens }, n) => {
        const base = { assetId, personId, requestId };
        if (n === 0) want(`${r}-recover-${assetId}`, { kind: 'recover', ...base, lostWallet, newWallet });
        else {
          want(`${r}-transfer-${assetId}`, {
            kind: 'recovery-transfer',
            ...base,
            lostWallet,
            newWallet,
            amount: tokens,
          });
          // A forced transfer unfreezes what it needs on the lost wallet: freeze it again on the new one.
          const f = frozen.get(assetId)?.get(personId);
          if (f && f.tokens > 0)
            want(`${r}-freeze-tokens-${assetId}`, { kind: 'recovery-freeze', ...base, newWallet, amount: f.tokens });
          if (f?.address)
            want(`${r}-freeze-address-${assetId}`, { kind: 'recovery-freeze', ...base, newWallet, amount: null });
        }
      });
      // Lock-ups are kept by holder address: the new wallet gets the ones not over yet.
      for (const [investmentId, investment] of state.investments)
        if (
          investment.confirmed &&
          investment.investorId === personId &&
          investment.transferableFrom &&
          lockUpOpen(investment.transferableFrom, event)
        )
          want(`${r}-lockup-${investmentId}`, {
            kind: 'lock-up',
            assetId: investment.assetId,
            investmentId,
            personId,
            until: investment.transferableFrom,
          });
      return out;
    }
    case 'InvestmentRequested':
    case 'CustodyWalletAssigned':
    case 'WalletRecoveryRequested':
    case 'WalletRecoveryProved':
    case 'WalletRecoveryCancelled':
    case 'ChainTransactionRequested':
    case 'ChainTransactionConfirmed':
    case 'ChainTransactionFailed':
    case 'ChainTransactionReleased':
    case 'ChainBatchSubmitted':
      return out;
    default: {
      const _exhaustive: never = event;
      return out;
    }
  }
}

/**
 * Keeps each person's registry plan (`PersonView.registry`) in step with the registry transactions their events
 * call for, at the moment the cause is folded — so the next event (a switch back, say) sees them even while the
 * outbox has not recorded them yet. Replays compute the same, as intents are a function of the log.
 */
function planRegistry(state: FlowState, event: FlowEvent): void {
  const intents = intentsFor(event, state);
  if (event.type === 'ChainTransactionSubmitted') {
    const intent = state.txs.get(event.data.txId)?.intent;
    const who = intent?.kind === 'register-identity' && !intent.wallet ? state.persons.get(intent.personId) : undefined;
    if (who?.registry && who.registry.wallet === null && event.data.wallet)
      who.registry = { wallet: event.data.wallet };
  }
  const switched = new Set<string>();
  for (const { intent } of intents) {
    if (intent.kind === 'register-identity') {
      person(state, intent.personId).registry = { wallet: intent.wallet ?? null };
      if (intent.wallet) switched.add(intent.personId);
    } else if (intent.kind === 'remove-identity') {
      person(state, intent.personId).registry = null;
    }
  }
  for (const personId of switched) person(state, personId).switches++;
}

/**
 * The meaning of `evolveFlow` (and of `chainIntents`, whose pending results a checkpoint keeps): a checkpoint of the
 * flow (flow-checkpoint.ts) taken under another number is ignored and the log folded again from position 0. Bump it
 * with any change to what folding an event leaves in the state, or to the state's shape.
 */
export const FLOW_VERSION = 10;

/** The person's current wallet is theirs no longer, but what it held before stays theirs (`formerWalletOwners`). */
function leaveWallet(state: FlowState, personId: string): void {
  const previous = state.wallets.get(personId)?.toLowerCase();
  if (!previous) return;
  state.walletOwners.delete(previous);
  state.formerWalletOwners.set(previous, personId);
}

/** Folds one event into the flow's state (in place; see above). */
export function evolveFlow(state: FlowState, event: FoldedEvent) {
  if (event.position !== undefined) state.position = Math.max(state.position, event.position);
  planRegistry(state, event);
  switch (event.type) {
    case 'TokenizationApproved': {
      const { assetId, ownerId, terms } = event.data;
      state.assets.set(assetId, { ownerId, symbol: terms.symbol, name: terms.name, totalSupply: terms.totalSupply });
      person(state, ownerId).owner = true;
      return state;
    }
    case 'SupplyChangeApproved': {
      const asset = state.assets.get(event.data.assetId);
      if (asset) asset.totalSupply = event.data.supply;
      return state;
    }
    case 'VerificationApproved': {
      const who = person(state, event.data.userId);
      who.verificationId = event.data.verificationId;
      delete who.certificateEnded;
      return state;
    }
    case 'VerificationExpired':
    case 'CertificateRevoked': {
      const who = person(state, event.data.userId);
      if (who.verificationId !== event.data.verificationId) return state; // an older certificate's: nothing stands on it
      who.verificationId = null;
      who.certificateEnded =
        event.type === 'CertificateRevoked'
          ? TRANSFER_MESSAGES.settlementStopped('revoked', dayOf(event.data.revokedAt))
          : TRANSFER_MESSAGES.settlementStopped('lapsed', dayOf(event.data.expiredAt));
      const reason = who.certificateEnded;
      stopTakes(state, event.data.userId, () => reason);
      return state;
    }
    case 'InvestmentRequested': {
      const d = event.data;
      state.investments.set(d.investmentId, {
        assetId: d.assetId,
        ownerId: d.ownerId,
        investorId: d.investorId,
        tokens: d.tokens,
        transferableFrom: d.transferableFrom,
        confirmed: false,
      });
      return state;
    }
    case 'InvestmentConfirmed': {
      const d = event.data;
      const known = state.investments.get(d.investmentId);
      state.investments.set(d.investmentId, {
        assetId: d.assetId,
        ownerId: d.ownerId,
        investorId: d.investorId,
        tokens: d.tokens,
        transferableFrom: known?.transferableFrom ?? null,
        confirmed: true,
      });
      return state;
    }
    case 'InvestmentCancelled': {
      const known = state.investments.get(event.data.investmentId);
      if (known) known.confirmed = false;
      return state;
    }
    case 'DistributionPaymentStarted':
    case 'FreezeApproved':
      return state; // its intents are all it leaves (chainIntents)
    case 'TransferSettlementRequested': {
      // Its intents, and whose certificate its take needs (as its intents: only for a token on chain).
      if (!state.assets.has(event.data.assetId)) return state;
      state.settlementBuyers.set(event.data.transferId, event.data.toInvestorId);
      // Approved in the same moment as the buyer's revocation, and recorded after it: its take is stopped at once.
      const ended = state.persons.get(event.data.toInvestorId)?.certificateEnded;
      if (ended !== undefined) stopTakes(state, event.data.toInvestorId, () => ended);
      return state;
    }
    case 'TransferAbandoned':
      state.abandoned.set(event.data.transferId, event.data.abandonedAt);
      return state;
    case 'WalletRecoveryRequested':
    case 'WalletRecoveryProved':
    case 'WalletRecoveryCancelled':
      return state;
    case 'WalletRecoveryApproved': {
      // The person's wallet is the new one from now on; the registry will hold it once `recover` is confirmed.
      const { personId, newAddress } = event.data;
      leaveWallet(state, personId);
      state.wallets.set(personId, newAddress);
      state.walletOwners.set(newAddress.toLowerCase(), personId);
      const who = state.persons.get(personId);
      if (who?.registry) who.registry = { wallet: newAddress };
      return state;
    }
    case 'CustodyWalletAssigned':
    case 'OwnWalletRegistered': {
      const { personId, address } = event.data;
      leaveWallet(state, personId);
      state.wallets.set(personId, address);
      state.walletOwners.set(address.toLowerCase(), personId);
      return state;
    }
    case 'ChainTransactionRequested': {
      const { txId, intent, retryOf } = event.data;
      if (!belongs(state, txId) || state.txs.has(txId)) return state;
      if (retryOf) state.retries.set(retryOf, txId);
      state.txs.set(txId, {
        txId,
        intent,
        seq: state.nextSeq++,
        status: 'requested',
        txHash: null,
        nonce: null,
        raw: null,
        wallet: null,
        contractAddress: null,
        blockNumber: null,
        suite: null,
        reason: null,
        requestedAt: event.metadata?.occurredAt ?? '',
        batchId: null,
        maxBatch: null,
      });
      if (intent.kind === 'register-identity' || intent.kind === 'remove-identity')
        person(state, intent.personId).registryTxs.push(txId);
      // An admin's registration (a retry or a repair; no event caused it) is part of the plan from now on, so the
      // person's next switch moves it.
      if (intent.kind === 'register-identity' && event.data.causeEventId === null)
        person(state, intent.personId).registry = { wallet: intent.wallet ?? null };
      return state;
    }
    case 'ChainTransactionSubmitted': {
      const tx = state.txs.get(event.data.txId);
      if (!tx) return state;
      const d = event.data;
      Object.assign(tx, {
        status: 'submitted',
        txHash: d.txHash,
        nonce: d.nonce,
        raw: d.raw ?? null,
        wallet: d.wallet,
        contractAddress: d.contractAddress,
        batchId: d.batchId ?? null,
      });
      const sender = d.from.toLowerCase();
      state.nonces.set(sender, Math.max(state.nonces.get(sender) ?? -1, d.nonce));
      return state;
    }
    case 'ChainBatchSubmitted': {
      // The batch's record comes before its members' own: from here on they are on their way, in this batch.
      const d = event.data;
      state.batches.set(d.batchId, {
        batchId: d.batchId,
        txIds: [...d.txIds],
        txHash: d.txHash,
        nonce: d.nonce,
        from: d.from,
        to: d.to,
        raw: d.raw,
      });
      for (const txId of d.txIds) {
        const tx = state.txs.get(txId);
        if (tx?.status === 'requested')
          Object.assign(tx, { status: 'submitted', txHash: d.txHash, nonce: d.nonce, batchId: d.batchId, raw: null });
      }
      const sender = d.from.toLowerCase();
      state.nonces.set(sender, Math.max(state.nonces.get(sender) ?? -1, d.nonce));
      return state;
    }
    case 'ChainTransactionReleased': {
      const tx = state.txs.get(event.data.txId);
      if (!tx) return state;
      const batchId = tx.batchId;
      Object.assign(tx, {
        status: 'requested',
        txHash: null,
        nonce: null,
        raw: null,
        wallet: null,
        batchId: null,
        maxBatch: event.data.maxBatch,
      });
      if (batchId) dropSettledBatch(state, batchId);
      return state;
    }
    case 'ChainTransactionConfirmed': {
      const tx = state.txs.get(event.data.txId);
      if (!tx) return state;
      const d = event.data;
      Object.assign(tx, {
        status: 'confirmed',
        blockNumber: d.blockNumber,
        contractAddress: d.contractAddress ?? tx.contractAddress,
        suite: d.suite as TokenSuite | null,
        raw: null, // sent and mined: the bytes are on the chain now
      });
      if (tx.batchId) dropSettledBatch(state, tx.batchId);
      if (tx.intent.kind === 'register-identity' && tx.wallet) state.registered.set(tx.intent.personId, tx.wallet);
      if (tx.intent.kind === 'remove-identity' && state.registered.get(tx.intent.personId) === tx.wallet)
        state.registered.delete(tx.intent.personId);
      // `recoveryAddress` registered the new wallet and deleted the lost one.
      if (tx.intent.kind === 'recover') state.registered.set(tx.intent.personId, tx.intent.newWallet);
      return state;
    }
    case 'ChainTransactionFailed': {
      const tx = state.txs.get(event.data.txId);
      if (!tx) return state;
      Object.assign(tx, { status: 'failed', reason: event.data.reason, raw: null });
      if (tx.batchId) dropSettledBatch(state, tx.batchId);
      // A registration that never went out resolved to no wallet: the plan is nothing registered.
      const intent = tx.intent;
      const who =
        intent.kind === 'register-identity' && !intent.wallet ? state.persons.get(intent.personId) : undefined;
      if (who?.registry && who.registry.wallet === null) who.registry = null;
      return state;
    }
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}

/**
 * The buyer's certificate was revoked or lapsed (FMC Act 2013, Sch 1 cl 46: no transfer to them from then on): each
 * of their transfers whose take has not gone out — not yet requested, or requested and not sent — is stopped; a take
 * already submitted or confirmed goes on (the revocation is not retroactive), a failed one is the transfer's failure
 * already (a retry asks a new attempt, which must pass the buyer's certificate again), and an abandoned transfer's
 * steps are never sent anyway.
 */
function stopTakes(state: FlowState, buyerId: string, reason: () => string): void {
  for (const [transferId, buyer] of state.settlementBuyers) {
    if (buyer !== buyerId || state.abandoned.has(transferId)) continue;
    const base = txIdOf(state.chainId, `xfer-${transferId}-take`);
    const take = latestAttempt(state, base);
    if (take === undefined) state.stopped.set(base, reason());
    else if (take.status === 'requested') state.stopped.set(take.txId, reason());
  }
}

/** The NZ date of an event's time (as recorded, should it not be one: folding never throws). */
const dayOf = (at: string) => (Number.isNaN(Date.parse(at)) ? at : nzLongDate(at));

/**
 * Stopped takes still requested (`FlowState.stopped`): the outbox records each as failed with its reason, never
 * sending it, so the transfer fails with it (domains/transfers) and an admin may abandon it.
 */
export function stoppedTakes(state: FlowState): { txId: string; reason: string }[] {
  const out: { txId: string; reason: string }[] = [];
  for (const [txId, reason] of state.stopped) {
    const tx = state.txs.get(txId);
    if (tx?.status === 'requested' && !abandonedStep(state, tx.intent)) out.push({ txId, reason });
  }
  return out;
}

/** Forgets a batch once none of its members waits on it any more (its bytes are on the chain, or never will be). */
function dropSettledBatch(state: FlowState, batchId: string): void {
  const batch = state.batches.get(batchId);
  if (!batch) return;
  const waiting = batch.txIds.some((txId) => {
    const tx = state.txs.get(txId);
    return tx?.status === 'submitted' && tx.batchId === batchId;
  });
  if (!waiting) state.batches.delete(batchId);
}

/** The transaction, or the last attempt an admin asked for in place of it. */
export function latestAttempt(state: FlowState, txId: string): TxView | undefined {
  let id = txId;
  for (let next = state.retries.get(id); next !== undefined; next = state.retries.get(id)) id = next;
  return state.txs.get(id);
}

const confirmed = (state: FlowState, suffix: string) =>
  latestAttempt(state, txIdOf(state.chainId, suffix))?.status === 'confirmed';

/** Everything the platform set-up deployed, once its last step is confirmed. */
export function platformOf(state: FlowState): PlatformContracts | null {
  if (!PLATFORM_STEPS.every((step) => confirmed(state, `platform-${step}`))) return null;
  return platformContracts(platformAddresses(state));
}

function platformAddresses(state: FlowState): Map<PlatformStep, Address> {
  const done = new Map<PlatformStep, Address>();
  for (const step of PLATFORM_STEPS) {
    const tx = state.txs.get(txIdOf(state.chainId, `platform-${step}`));
    if (tx?.status === 'confirmed' && tx.contractAddress) done.set(step, tx.contractAddress as Address);
  }
  return done;
}

export function suiteOf(state: FlowState, assetId: string): TokenSuite | null {
  return state.txs.get(txIdOf(state.chainId, `suite-${assetId}`))?.suite ?? null;
}

/** Kauri's test stablecoin on this chain, once its deployment is confirmed (null on a network with a configured coin). */
export function stablecoinOf(state: FlowState): Address | null {
  const tx = state.txs.get(txIdOf(state.chainId, STABLECOIN_TX));
  return tx?.status === 'confirmed' ? (tx.contractAddress as Address) : null;
}

/** T-REX's DVDTransferManager on this chain, once its deployment is confirmed. */
export function dvdManagerOf(state: FlowState): Address | null {
  const tx = state.txs.get(txIdOf(state.chainId, DVD_MANAGER_TX));
  return tx?.status === 'confirmed' ? (tx.contractAddress as Address) : null;
}

/** The person whose custody key signs a transaction (a DvP allowance or offer); null: the platform's signer. */
export function custodySignerOf(intent: ChainIntent): string | null {
  if (intent.kind === 'transfer-allow' || intent.kind === 'transfer-revoke') return intent.personId;
  if (intent.kind === 'transfer-initiate') return intent.fromPersonId;
  return null;
}

/** A DvP take's transfer id is read from the manager when it is sent (it depends on the manager's own nonce). */
export const UNRESOLVED_DVD_ID = `0x${'0'.repeat(64)}` as const;

export function identityOf(state: FlowState, personId: string): Address | null {
  const tx = state.txs.get(txIdOf(state.chainId, `identity-${personId}`));
  return tx?.status === 'confirmed' ? (tx.contractAddress as Address) : null;
}

/**
 * What a requested transaction still waits for (a readable reason), or null when it can be sent now. Waiting
 * is only ever on transactions requested before it, so the queue always drains.
 */
export function blockedBy(tx: TxView, state: FlowState): string | null {
  const intent = tx.intent;
  const needPlatform = () => (platformOf(state) ? null : 'the platform contracts');
  // Tokens go to the wallet the person uses now, once that very wallet is in the registry.
  const needRegistered = (personId: string) =>
    registeredNow(state, personId) ? null : `the registration of ${personId}'s wallet`;
  switch (intent.kind) {
    case 'platform-step': {
      const index = PLATFORM_STEPS.indexOf(intent.step);
      const before = PLATFORM_STEPS[index - 1];
      return before && !confirmed(state, `platform-${before}`) ? `platform step ${before}` : null;
    }
    case 'deploy-identity':
    case 'deploy-token-identity':
      return null;
    case 'register-identity':
      return (
        needPlatform() ??
        earlierRegistryChange(tx, state) ??
        (identityOf(state, intent.personId) ? null : `the identity of ${intent.personId}`)
      );
    case 'remove-identity':
      return needPlatform() ?? earlierRegistryChange(tx, state);
    case 'deploy-suite':
      return needPlatform() ?? (confirmed(state, `token-identity-${intent.assetId}`) ? null : 'the token identity');
    case 'mint':
      return (suiteOf(state, intent.assetId) ? null : 'the token suite') ?? needRegistered(intent.personId);
    case 'burn':
      return confirmed(state, `mint-${intent.assetId}`) ? null : 'the mint';
    case 'unpause':
      return confirmed(state, `mint-${intent.assetId}`) ? null : 'the mint';
    case 'forced-transfer': {
      const before = intent.reversal ? `transfer-${intent.investmentId}` : `mint-${intent.assetId}`;
      return (confirmed(state, before) ? null : before) ?? needRegistered(intent.toPersonId);
    }
    case 'lock-up':
      return confirmed(state, `transfer-${intent.investmentId}`) ? null : 'the transfer';
    case 'freeze-address':
    case 'freeze-tokens':
      return (suiteOf(state, intent.assetId) ? null : 'the token suite') ?? earlierHoldingTx(tx, state);
    case 'add-identity-key':
      return identityOf(state, intent.personId) ? null : `the identity of ${intent.personId}`;
    case 'recover':
      return (
        (confirmed(state, `recovery-${intent.requestId}-key`) ? null : 'the new wallet’s identity key') ??
        earlierPersonTx(tx, state, intent.personId)
      );
    case 'recovery-transfer':
      return (
        (anyRecoverConfirmed(state, intent.requestId) ? null : 'the recovery of the first token') ??
        earlierPersonTx(tx, state, intent.personId)
      );
    case 'recovery-freeze':
      return confirmed(state, `recovery-${intent.requestId}-transfer-${intent.assetId}`)
        ? null
        : 'the recovery transfer';
    case 'deploy-stablecoin':
      return null;
    case 'stablecoin-mint':
      return stablecoinOf(state) ? null : 'the stablecoin';
    case 'stablecoin-transfer':
      if (intent.token) return null;
      return confirmed(state, `dist-${intent.distributionId}-mint`) ? null : 'the stablecoin minted for the payment';
    case 'deploy-dvd':
      return null;
    case 'transfer-fund':
      if (state.abandoned.has(intent.transferId)) return ABANDONED;
      return (stablecoinOf(state) ? null : 'the stablecoin') ?? needRegistered(intent.personId);
    case 'transfer-allow': {
      if (state.abandoned.has(intent.transferId)) return ABANDONED;
      if (!dvdManagerOf(state)) return 'the DvP manager';
      if (intent.side === 'seller') return suiteOf(state, intent.assetId) ? null : 'the token suite';
      if (intent.token) return null;
      return confirmed(state, `xfer-${intent.transferId}-fund`) ? null : 'the buyer’s stablecoin';
    }
    case 'transfer-initiate': {
      if (state.abandoned.has(intent.transferId)) return ABANDONED;
      const x = `xfer-${intent.transferId}`;
      if (!confirmed(state, `${x}-seller-allow`)) return 'the seller’s allowance';
      if (!confirmed(state, `${x}-buyer-allow`)) return 'the buyer’s allowance';
      return needRegistered(intent.toPersonId);
    }
    case 'transfer-take': {
      if (state.abandoned.has(intent.transferId)) return ABANDONED;
      const stopped = state.stopped.get(tx.txId);
      if (stopped !== undefined) return `nothing: ${stopped}`;
      const x = `xfer-${intent.transferId}`;
      if (!confirmed(state, `${x}-initiate`)) return 'the seller’s DvP offer';
      // A retry sets both allowances again before its take (`givenAllowances`): the take uses them.
      if (!confirmed(state, `${x}-seller-allow`)) return 'the seller’s allowance';
      return confirmed(state, `${x}-buyer-allow`) ? null : 'the buyer’s allowance';
    }
    case 'transfer-cancel':
      return confirmed(state, `xfer-${intent.transferId}-initiate`) ? null : 'the seller’s DvP offer';
    case 'transfer-revoke': {
      // It sets what the person's other transfers still need (`allowanceNeeded`), so it waits for none of them.
      const allow = latestAttempt(state, txIdOf(state.chainId, `xfer-${intent.transferId}-${intent.side}-allow`));
      return allow?.status === 'submitted' ? 'the allowance on its way' : null;
    }
    default: {
      const _exhaustive: never = intent;
      return 'unknown intent';
    }
  }
}

/** Why an abandoned transfer's DvP steps still requested wait for ever: they are never sent. */
const ABANDONED = 'nothing: the transfer was abandoned';

/** The kinds of a transfer's DvP settlement steps, in the order sent; not its undoing (revoke, cancel). */
const DVP_STEP_KINDS = [
  'transfer-fund',
  'transfer-allow',
  'transfer-initiate',
  'transfer-take',
] as const satisfies readonly ChainIntent['kind'][];
const dvpStepKinds: ReadonlySet<ChainIntent['kind']> = new Set(DVP_STEP_KINDS);

/** One of a transfer's DvP settlement steps (domains/transfers), not its undoing. */
export function isDvpStep(intent: ChainIntent): intent is ChainIntent & { kind: (typeof DVP_STEP_KINDS)[number] } {
  return dvpStepKinds.has(intent.kind);
}

/** A DvP step of a transfer an admin abandoned (not its undoing): never sent, and no problem any more. */
export function abandonedStep(state: FlowState, intent: ChainIntent): boolean {
  return isDvpStep(intent) && state.abandoned.has(intent.transferId);
}

/**
 * A requested transaction that is not going anywhere by itself: an abandoned transfer's DvP step, a take stopped by
 * its buyer's revocation (the outbox records it failed), or a DvP step behind a failed step of its transfer (sent only
 * if an admin retries it). Nothing else waits on it, and health does not count the first two as pending.
 */
export function dormant(state: FlowState, tx: TxView, { behindFailure = true } = {}): boolean {
  if (tx.status !== 'requested') return false;
  if (abandonedStep(state, tx.intent) || state.stopped.has(tx.txId)) return true;
  if (!behindFailure) return false;
  const intent = tx.intent;
  return (
    isDvpStep(intent) &&
    ['fund', 'seller-allow', 'buyer-allow', 'initiate', 'take'].some(
      (step) => latestAttempt(state, txIdOf(state.chainId, `xfer-${intent.transferId}-${step}`))?.status === 'failed',
    )
  );
}

export type AllowanceIntent = Extract<ChainIntent, { kind: 'transfer-allow' | 'transfer-revoke' }>;

/**
 * What a person's allowance to the DvP manager must be when one of their transfers sets it. An ERC-20 allowance is
 * ONE figure per wallet, token and spender, and `approve` sets it: approving only this transfer's amount took the
 * allowance from the person's other transfers under way on the same token (an outside probe: a second transfer's
 * allowance of 1 token, used by its take, left 0 for the first one's retried take of 5, which reverted). So it is
 * this transfer's amount (none for a revoke) plus every other transfer's of that person, side and token whose
 * allowance was given, is on its way or is still to come (its latest attempt not failed: a failed one set nothing,
 * and the transfer's retry sets it again), whose take is not confirmed (a confirmed take used its share; one on its
 * way still counts: over-approving for a moment is safe, as the manager moves tokens only in the take of an offer
 * the platform made, while under-approving makes a take revert), and which was not abandoned. A failed transfer
 * still counts: an admin may retry it. Worked out when the call is built, from the fold, so old histories need
 * nothing new.
 */
export function allowanceNeeded(state: FlowState, intent: AllowanceIntent): number {
  let amount = intent.kind === 'transfer-allow' ? intent.amount : 0;
  for (const other of state.txs.values()) {
    const o = other.intent;
    if (o.kind !== 'transfer-allow' || o.transferId === intent.transferId || o.personId !== intent.personId) continue;
    if (o.side !== intent.side || (o.side === 'seller' ? o.assetId !== intent.assetId : o.token !== intent.token))
      continue;
    // Each transfer once: its allowance step as first asked (its retries are attempts of it, `latestAttempt`).
    if (other.txId !== txIdOf(state.chainId, `xfer-${o.transferId}-${o.side}-allow`)) continue;
    if (state.abandoned.has(o.transferId) || latestAttempt(state, other.txId)?.status === 'failed') continue;
    if (latestAttempt(state, txIdOf(state.chainId, `xfer-${o.transferId}-take`))?.status === 'confirmed') continue;
    amount += o.amount;
  }
  return amount;
}

/**
 * A recovery moves what the lost wallet holds: it waits for every transaction requested before it that is already
 * on its way (submitted) and moves that person's tokens — those act on the lost wallet. Ones still requested go to
 * the new wallet when sent.
 */
function earlierPersonTx(tx: TxView, state: FlowState, personId: string): string | null {
  for (const other of state.txs.values()) {
    if (other.seq >= tx.seq || other.status !== 'submitted') continue;
    if (personsOf(other.intent).includes(personId)) return `the earlier transaction ${other.txId}`;
  }
  return null;
}

/** The recovery's `recover` is confirmed: the new wallet is in the identity registry. */
function anyRecoverConfirmed(state: FlowState, requestId: string): boolean {
  const prefix = txIdOf(state.chainId, `recovery-${requestId}-recover-`);
  for (const tx of state.txs.values()) if (tx.txId.startsWith(prefix) && tx.status === 'confirmed') return true;
  return false;
}

/** The person's current wallet is the one the registry holds (as confirmed on chain). */
export function registeredNow(state: FlowState, personId: string): boolean {
  const registered = state.registered.get(personId);
  return registered !== undefined && registered.toLowerCase() === state.wallets.get(personId)?.toLowerCase();
}

/** A person's registry changes go one after another, in request order: out with X before in with Y, and so on. */
function earlierRegistryChange(tx: TxView, state: FlowState): string | null {
  const intent = tx.intent;
  if (intent.kind !== 'register-identity' && intent.kind !== 'remove-identity') return null;
  for (const txId of state.persons.get(intent.personId)?.registryTxs ?? []) {
    if (txId === tx.txId) return null;
    const status = state.txs.get(txId)?.status;
    if (status === 'requested' || status === 'submitted') return `the earlier registry change ${txId}`;
  }
  return null;
}

/**
 * A freeze acts on what the holder's wallet holds on chain: it waits for every transaction requested before it that
 * moves, mints, burns or freezes that holder's tokens of the asset (so a freeze of tokens just bought finds them).
 */
function earlierHoldingTx(tx: TxView, state: FlowState): string | null {
  const intent = tx.intent;
  if (intent.kind !== 'freeze-address' && intent.kind !== 'freeze-tokens') return null;
  for (const other of state.txs.values()) {
    if (other.seq >= tx.seq || (other.status !== 'requested' && other.status !== 'submitted')) continue;
    // A step that is not going anywhere (an abandoned or failed transfer's) must not hold a freeze up for good.
    if (dormant(state, other)) continue;
    if (!('assetId' in other.intent) || other.intent.assetId !== intent.assetId) continue;
    if (personsOf(other.intent).includes(intent.personId)) return `the earlier transaction ${other.txId}`;
  }
  return null;
}

/** Persons whose wallet a transaction needs (the outbox gives each a custody wallet first if they have none). */
export function personsOf(intent: ChainIntent): string[] {
  switch (intent.kind) {
    case 'register-identity':
    case 'mint':
    case 'burn':
    case 'lock-up':
    case 'freeze-address':
    case 'freeze-tokens':
    case 'recover':
    case 'recovery-transfer':
    case 'recovery-freeze':
      return [intent.personId];
    case 'forced-transfer':
    case 'transfer-initiate':
    case 'transfer-take':
    case 'transfer-cancel':
      return [intent.fromPersonId, intent.toPersonId];
    case 'transfer-fund':
    case 'transfer-allow':
    case 'transfer-revoke':
      return [intent.personId];
    default:
      return [];
  }
}

/** The exact call a ready transaction sends, and the holder wallet it acts on. Pure. */
export function callFor(tx: TxView, state: FlowState, signer: Address): { call: ChainCall; wallet: string | null } {
  const intent = tx.intent;
  const wallet = (personId: string) => {
    const found = state.wallets.get(personId);
    if (!found) throw new Error(`${personId} has no wallet yet`);
    return found as Address;
  };
  const platform = () => platformOf(state)!;
  const suite = (assetId: string) => suiteOf(state, assetId)!;
  switch (intent.kind) {
    case 'platform-step':
      return { call: platformCall(intent.step, platformAddresses(state), signer), wallet: null };
    case 'deploy-identity':
    case 'deploy-token-identity':
      return { call: { op: 'deploy', contract: 'Identity', args: [signer, false] }, wallet: null };
    case 'register-identity': {
      const to = (intent.wallet as Address | undefined) ?? wallet(intent.personId);
      const identity = identityOf(state, intent.personId)!;
      const registry = platform().identityRegistry;
      return { call: { op: 'register-identity', registry, wallet: to, identity, country: NEW_ZEALAND }, wallet: to };
    }
    case 'remove-identity':
      return {
        call: { op: 'delete-identity', registry: platform().identityRegistry, wallet: intent.wallet as Address },
        wallet: intent.wallet,
      };
    case 'deploy-suite': {
      const p = platform();
      return {
        call: {
          op: 'deploy-suite',
          factory: p.factory,
          salt: saltOf(intent.assetId),
          owner: signer,
          name: intent.name,
          symbol: intent.symbol,
          decimals: 0,
          storage: p.identityRegistryStorage,
          onchainId: state.txs.get(txIdOf(state.chainId, `token-identity-${intent.assetId}`))!
            .contractAddress as Address,
          countryAllowModule: p.countryAllowModule,
          holdingRulesModule: p.holdingRulesModule,
          maxHolders: intent.maxHolders,
        },
        wallet: null,
      };
    }
    case 'mint': {
      const to = wallet(intent.personId);
      return {
        call: { op: 'mint', token: suite(intent.assetId).token, to, amount: BigInt(intent.amount) },
        wallet: to,
      };
    }
    case 'burn': {
      const from = wallet(intent.personId);
      return {
        call: { op: 'burn', token: suite(intent.assetId).token, from, amount: BigInt(intent.amount) },
        wallet: from,
      };
    }
    case 'unpause':
      return { call: { op: 'unpause', token: suite(intent.assetId).token }, wallet: null };
    case 'forced-transfer': {
      const to = wallet(intent.toPersonId);
      const from = wallet(intent.fromPersonId);
      const token = suite(intent.assetId).token;
      return { call: { op: 'forced-transfer', token, from, to, amount: BigInt(intent.amount) }, wallet: to };
    }
    case 'lock-up': {
      const holder = wallet(intent.personId);
      const until = BigInt(Math.ceil(Date.parse(intent.until) / 1000));
      const { compliance } = suite(intent.assetId);
      const module = platform().holdingRulesModule;
      return { call: { op: 'lock-until', compliance, module, holder, until }, wallet: holder };
    }
    case 'freeze-address': {
      const holder = wallet(intent.personId);
      const token = suite(intent.assetId).token;
      return { call: { op: 'set-frozen', token, wallet: holder, frozen: intent.frozen }, wallet: holder };
    }
    case 'freeze-tokens': {
      const holder = wallet(intent.personId);
      const token = suite(intent.assetId).token;
      const op = intent.unfreeze ? ('unfreeze-tokens' as const) : ('freeze-tokens' as const);
      return { call: { op, token, wallet: holder, amount: BigInt(intent.amount) }, wallet: holder };
    }
    case 'add-identity-key': {
      const identity = identityOf(state, intent.personId)!;
      return { call: { op: 'add-identity-key', identity, wallet: intent.wallet as Address }, wallet: intent.wallet };
    }
    case 'recover': {
      const identity = identityOf(state, intent.personId)!;
      const token = suite(intent.assetId).token;
      const lostWallet = intent.lostWallet as Address;
      const newWallet = intent.newWallet as Address;
      return { call: { op: 'recover', token, lostWallet, newWallet, identity }, wallet: newWallet };
    }
    case 'recovery-transfer': {
      const token = suite(intent.assetId).token;
      const from = intent.lostWallet as Address;
      const to = intent.newWallet as Address;
      return { call: { op: 'forced-transfer', token, from, to, amount: BigInt(intent.amount) }, wallet: to };
    }
    case 'recovery-freeze': {
      const token = suite(intent.assetId).token;
      const holder = intent.newWallet as Address;
      if (intent.amount === null)
        return { call: { op: 'set-frozen', token, wallet: holder, frozen: true }, wallet: holder };
      return { call: { op: 'freeze-tokens', token, wallet: holder, amount: BigInt(intent.amount) }, wallet: holder };
    }
    case 'deploy-stablecoin':
      return { call: stablecoinCall(signer), wallet: null };
    case 'stablecoin-mint':
      return {
        call: { op: 'mint', token: stablecoinOf(state)!, to: signer, amount: BigInt(intent.amount) },
        wallet: null,
      };
    case 'stablecoin-transfer': {
      const token = (intent.token as Address | null) ?? stablecoinOf(state)!;
      const to = intent.wallet as Address;
      return { call: { op: 'transfer', token, to, amount: BigInt(intent.amount) }, wallet: to };
    }
    case 'deploy-dvd':
      return { call: dvdManagerCall(), wallet: null };
    case 'transfer-fund': {
      const to = wallet(intent.personId);
      return { call: { op: 'mint', token: stablecoinOf(state)!, to, amount: BigInt(intent.amount) }, wallet: to };
    }
    case 'transfer-allow':
    case 'transfer-revoke': {
      // Sets the one figure the person's DvP claims on this token share (`allowanceNeeded`): a revoke leaves the
      // other transfers' claims in place, where setting 0 would take them away.
      const token =
        intent.side === 'seller'
          ? suite(intent.assetId).token
          : ((intent.token as Address | null) ?? stablecoinOf(state)!);
      const amount = BigInt(allowanceNeeded(state, intent));
      return {
        call: { op: 'erc20-approve', token, spender: dvdManagerOf(state)!, amount },
        wallet: wallet(intent.personId),
      };
    }
    case 'transfer-cancel': {
      // The offer's id is read from the manager when sent (`UNRESOLVED_DVD_ID`), as the take's is.
      const manager = dvdManagerOf(state)!;
      return {
        call: { op: 'dvd-cancel', manager, transferId: UNRESOLVED_DVD_ID },
        wallet: wallet(intent.fromPersonId),
      };
    }
    case 'transfer-initiate':
    case 'transfer-take': {
      const manager = dvdManagerOf(state)!;
      if (intent.kind === 'transfer-take')
        return { call: { op: 'dvd-take', manager, transferId: UNRESOLVED_DVD_ID }, wallet: wallet(intent.toPersonId) };
      return {
        call: {
          op: 'dvd-initiate',
          manager,
          token1: suite(intent.assetId).token,
          amount1: BigInt(intent.tokens),
          counterpart: wallet(intent.toPersonId),
          token2: (intent.token as Address | null) ?? stablecoinOf(state)!,
          amount2: BigInt(intent.amount),
        },
        wallet: wallet(intent.fromPersonId),
      };
    }
    default: {
      const _exhaustive: never = intent;
      throw new Error(`unknown intent ${JSON.stringify(_exhaustive)}`);
    }
  }
}

/** The factory's salt for an asset's suite (one suite per asset, ever). */
export const saltOf = (assetId: string) => `kauri-${assetId}`;

/**
 * What the register says each holder of each token should hold: the owner the supply less what was transferred
 * to investors, each investor what they were transferred. asset → personId → tokens.
 */
export function expectedHoldings(state: FlowState): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  for (const [assetId, asset] of state.assets) out.set(assetId, new Map([[asset.ownerId, asset.totalSupply]]));
  for (const investment of state.investments.values()) {
    const holdings = out.get(investment.assetId);
    if (!holdings || !investment.confirmed) continue;
    holdings.set(investment.ownerId, (holdings.get(investment.ownerId) ?? 0) - investment.tokens);
    holdings.set(investment.investorId, (holdings.get(investment.investorId) ?? 0) + investment.tokens);
  }
  // Transfers between investors, once their DvP take is confirmed (the only transaction that moves the tokens).
  for (const tx of state.txs.values()) {
    if (tx.intent.kind !== 'transfer-take' || tx.status !== 'confirmed') continue;
    const holdings = out.get(tx.intent.assetId);
    if (!holdings) continue;
    const { fromPersonId, toPersonId, tokens } = tx.intent;
    holdings.set(fromPersonId, (holdings.get(fromPersonId) ?? 0) - tokens);
    holdings.set(toPersonId, (holdings.get(toPersonId) ?? 0) + tokens);
  }
  return out;
}

/**
 * What the register's approved freezes ask the chain to hold frozen, by asset and person, from the freeze
 * transactions requested (`freeze-address` sets the flag, `freeze-tokens` adds or takes tokens), confirmed or not:
 * compare with the chain once `pending` is 0. asset → personId → { address, tokens }.
 */
export function expectedFrozen(state: FlowState): Map<string, Map<string, { address: boolean; tokens: number }>> {
  const out = new Map<string, Map<string, { address: boolean; tokens: number }>>();
  const txs = [...state.txs.values()].filter((t) => belongs(state, t.txId) && !state.retries.has(t.txId));
  for (const tx of txs.sort((a, b) => a.seq - b.seq)) {
    const intent = tx.intent;
    if (intent.kind !== 'freeze-address' && intent.kind !== 'freeze-tokens') continue;
    let holders = out.get(intent.assetId);
    if (!holders) out.set(intent.assetId, (holders = new Map()));
    const now = holders.get(intent.personId) ?? { address: false, tokens: 0 };
    holders.set(
      intent.personId,
      intent.kind === 'freeze-address'
        ? { ...now, address: intent.frozen }
        : { ...now, tokens: now.tokens + (intent.unfreeze ? -intent.amount : intent.amount) },
    );
  }
  return out;
}

/**
 * Every address the platform itself deployed or holds (lower-cased): the signer, each contract created (platform
 * set-up, identities, token identities, also those submitted and not yet mined) and each suite's token, identity
 * registry and compliance. None of them can be a person's wallet.
 */
export function platformOwnAddresses(state: FlowState, signer: string): Set<string> {
  const own = new Set<string>([signer.toLowerCase()]);
  for (const tx of state.txs.values()) {
    if (tx.contractAddress) own.add(tx.contractAddress.toLowerCase());
    if (tx.suite) for (const address of Object.values(tx.suite)) own.add(address.toLowerCase());
  }
  return own;
}

/** Intents an admin may ask again for once they failed (deployments are not: their addresses are read by id). */
export const RETRYABLE: ReadonlySet<ChainIntent['kind']> = new Set([
  'forced-transfer',
  'lock-up',
  'mint',
  'burn',
  'unpause',
  'register-identity',
  'remove-identity',
  'stablecoin-mint',
  'stablecoin-transfer',
  'freeze-address',
  'freeze-tokens',
  // A recovery's steps: a failed one changed nothing on chain (refused by simulation, reverted, or its nonce went to
  // other bytes), its intent names the wallets and amount fixed at approval, and whatever waited on it follows the
  // latest attempt (`confirmed` reads `latestAttempt`) — so asking again does it once. Not the identity key added
  // twice either: `addKey` of a key already there reverts, and only a failed (absent) one is asked for again.
  'add-identity-key',
  'recover',
  'recovery-transfer',
  'recovery-freeze',
  // An abandoned transfer's undoing moves nothing: setting an allowance again (to what the party's other transfers
  // need, worked out when sent), or cancelling the offer again (refused while none is open), leaves the chain as one
  // success would.
  'transfer-revoke',
  'transfer-cancel',
]);

/**
 * A transfer's DvP settlement steps (domains/transfers), asked again only through the transfer's own retry (which
 * puts the transfer back to settling first), never the generic one: a take confirmed behind a failed transfer's back
 * would move tokens the transfer does not record. Each is safe to ask again once it failed, as a failed step changed
 * nothing: the coin minted for the price, an ERC-20 `approve` (sets, never adds: `allowanceNeeded`), the seller's offer (a reverted
 * `initiateDVDTransfer` leaves none; a new one is read by its maker, tokens and coin), and the take (reads the
 * offer's id when sent; a reverted take moved neither leg).
 */
export const SETTLEMENT_RETRYABLE: ReadonlySet<ChainIntent['kind']> = dvpStepKinds;

/** What the admins' generic retry may ask again: a failed transaction of a kind in `RETRYABLE`. */
export const retryable = (tx: TxView) => tx.status === 'failed' && RETRYABLE.has(tx.intent.kind);

/**
 * What a transfer's retry may ask again: a failed DvP step (`SETTLEMENT_RETRYABLE`), or an allowance it was given
 * (`givenAllowances`) — setting it again sends the figure `allowanceNeeded` works out now.
 */
export const settlementRetryable = (tx: TxView) =>
  tx.status === 'failed' ? SETTLEMENT_RETRYABLE.has(tx.intent.kind) : isGivenAllowance(tx);

const isGivenAllowance = (tx: TxView) => tx.status === 'confirmed' && tx.intent.kind === 'transfer-allow';

/**
 * The allowances a transfer's retry sets again, first (its latest attempt of each, given): a history from before
 * `allowanceNeeded` may have had another transfer of the same person and token set the figure to its own amount
 * and use it, so the take retried would revert for want of allowance. Setting it again is safe (`approve` sets,
 * and the figure is what the person's transfers need now), and the take waits for it (`blockedBy`).
 */
export function givenAllowances(state: FlowState, transferId: string): string[] {
  return (['seller', 'buyer'] as const).flatMap((side) => {
    const allow = latestAttempt(state, txIdOf(state.chainId, `xfer-${transferId}-${side}-allow`));
    return allow && isGivenAllowance(allow) ? [allow.txId] : [];
  });
}

/** The person whose wallet receives or must hold what a transaction moves (registered for it to go). */
export function recipientOf(intent: ChainIntent): string | null {
  switch (intent.kind) {
    case 'forced-transfer':
      return intent.toPersonId;
    case 'mint':
    case 'lock-up':
      return intent.personId;
    default:
      return null;
  }
}

/** A chain transaction that will not happen by itself: failed, or waiting on something that is not on its way. */
export interface ChainProblem {
  txId: string;
  kind: ChainIntent['kind'];
  assetId: string | null;
  investmentId: string | null;
  personId: string | null;
  status: 'failed' | 'stuck';
  reason: string;
  /** An admin can ask for it again (POST /api/admin/chain/transactions/:txId/retry). */
  retryable: boolean;
}

/**
 * Every transaction that cannot go on by itself: each failed one not yet retried, and — when the outbox has nothing
 * it can send or is waiting for (so nothing will unblock them) — each still waiting, with what it waits for.
 */
export function chainProblems(state: FlowState): ChainProblem[] {
  const problems: ChainProblem[] = [];
  const waiting: { tx: TxView; reason: string }[] = [];
  let moving = false;
  for (const tx of state.txs.values()) {
    if (tx.status === 'submitted') moving = true;
    if (tx.status !== 'requested' || abandonedStep(state, tx.intent)) continue;
    const reason = blockedBy(tx, state);
    if (reason === null) moving = true;
    else waiting.push({ tx, reason });
  }
  const problemOf = (tx: TxView, status: ChainProblem['status'], reason: string): ChainProblem => {
    const intent = tx.intent;
    return {
      txId: tx.txId,
      kind: intent.kind,
      assetId: 'assetId' in intent ? intent.assetId : null,
      investmentId: 'investmentId' in intent ? intent.investmentId : null,
      personId: 'personId' in intent ? intent.personId : intent.kind === 'forced-transfer' ? intent.toPersonId : null,
      status,
      reason,
      retryable: status === 'failed' && RETRYABLE.has(intent.kind),
    };
  };
  for (const tx of state.txs.values())
    if (tx.status === 'failed' && !state.retries.has(tx.txId) && !abandonedStep(state, tx.intent))
      problems.push(problemOf(tx, 'failed', tx.reason ?? 'failed'));
  if (!moving) for (const { tx, reason } of waiting) problems.push(problemOf(tx, 'stuck', `waiting for ${reason}`));
  return problems.sort((a, b) => state.txs.get(a.txId)!.seq - state.txs.get(b.txId)!.seq);
}

/** One of a token's own transactions as its page lists them. */
export interface TokenTransaction {
  /** suite, mint, unpause (the deployment); supply-mint, supply-burn (an approved supply change). */
  kind: 'suite' | 'mint' | 'unpause' | 'supply-mint' | 'supply-burn';
  /** Tokens minted or burnt; null for the suite and unpause. */
  amount: number | null;
  tx: TxView | undefined;
}

/**
 * A token's transactions: its deployment steps (asked for or not yet), then each approved supply change's mint or
 * burn in the order they were requested — so the page's list accounts for the whole supply on chain.
 */
export function tokenTransactions(state: FlowState, assetId: string): TokenTransaction[] {
  const tx = (suffix: string) => state.txs.get(txIdOf(state.chainId, suffix));
  const mint = tx(`mint-${assetId}`);
  const steps: TokenTransaction[] = [
    { kind: 'suite', amount: null, tx: tx(`suite-${assetId}`) },
    { kind: 'mint', amount: mint?.intent.kind === 'mint' ? mint.intent.amount : null, tx: mint },
    { kind: 'unpause', amount: null, tx: tx(`unpause-${assetId}`) },
  ];
  const prefix = txIdOf(state.chainId, 'supply-');
  const changes = [...state.txs.values()]
    .filter((t) => t.txId.startsWith(prefix) && 'assetId' in t.intent && t.intent.assetId === assetId)
    .sort((a, b) => a.seq - b.seq)
    .flatMap((t): TokenTransaction[] =>
      t.intent.kind === 'mint' || t.intent.kind === 'burn'
        ? [{ kind: t.intent.kind === 'mint' ? 'supply-mint' : 'supply-burn', amount: t.intent.amount, tx: t }]
        : [],
    );
  return [...steps, ...changes];
}
