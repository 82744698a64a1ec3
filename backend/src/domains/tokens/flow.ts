import type { Address } from 'viem';
import {
  NEW_ZEALAND,
  type ChainCall,
  type PlatformContracts,
  type TokenSuite,
} from '../../platform/chain/contracts.js';
import {
  PLATFORM_STEPS,
  platformCall,
  platformContracts,
  type PlatformStep,
} from '../../platform/chain/platform-plan.js';
import type { RecordedEvent } from '../../platform/event-store/event-store.js';
import type { TokenizationApproved } from '../assets/events.js';
import type { InvestmentCancelled, InvestmentConfirmed, InvestmentRequested } from '../offerings/events.js';
import type { SupplyChangeApproved } from '../register/events.js';
import type { VerificationApproved, VerificationExpired } from '../wholesale/events.js';
import type { ChainIntent, TokenEvent } from './events.js';

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
  | InvestmentRequested
  | InvestmentConfirmed
  | InvestmentCancelled
  | SupplyChangeApproved;
export type FlowEvent = SourceEvent | TokenEvent;

export const SOURCE_EVENT_TYPES: readonly SourceEvent['type'][] = [
  'TokenizationApproved',
  'VerificationApproved',
  'VerificationExpired',
  'InvestmentRequested',
  'InvestmentConfirmed',
  'SupplyChangeApproved',
  'InvestmentCancelled',
];

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
}

export interface PersonView {
  /** Set while a verification stands (approved, not lapsed). */
  verificationId: string | null;
  /** Owns an approved asset: stays registered to hold its retained tokens. */
  owner: boolean;
  /** A registration has been requested and not undone by a requested removal. */
  registrationRequested: boolean;
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
  /** personId → wallet whose registration is confirmed on chain. */
  registered: Map<string, string>;
  nextSeq: number;
  /** Highest nonce recorded per sender (lower-cased). */
  nonces: Map<string, number>;
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
    registered: new Map(),
    nextSeq: 0,
    nonces: new Map(),
    position: 0,
  };
}

/** Transaction ids name the chain, so the same history replays onto another chain as new transactions. */
export const txIdOf = (chainId: number, suffix: string) => `c${chainId}-${suffix}`;
const belongs = (state: FlowState, txId: string) => txId.startsWith(`c${state.chainId}-`);

const person = (state: FlowState, personId: string): PersonView => {
  let found = state.persons.get(personId);
  if (!found) {
    found = { verificationId: null, owner: false, registrationRequested: false };
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
export function chainIntents(event: FlowEvent, state: FlowState): RequestedIntent[] {
  const out: RequestedIntent[] = [];
  const want = (suffix: string, intent: ChainIntent) => {
    const txId = txIdOf(state.chainId, suffix);
    if (!state.txs.has(txId) && !out.some((o) => o.txId === txId)) out.push({ txId, intent });
  };
  const platform = () => {
    for (const step of PLATFORM_STEPS) want(`platform-${step}`, { kind: 'platform-step', step });
  };
  const identity = (personId: string) => want(`identity-${personId}`, { kind: 'deploy-identity', personId });
  const registered = (personId: string) => state.persons.get(personId)?.registrationRequested ?? false;
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
    case 'VerificationApproved': {
      const { userId, verificationId } = event.data;
      platform();
      identity(userId);
      if (!registered(userId))
        want(`register-${userId}-${verificationId}`, { kind: 'register-identity', personId: userId });
      return out;
    }
    case 'VerificationExpired': {
      const { userId, verificationId } = event.data;
      const who = state.persons.get(userId);
      const wallet = state.wallets.get(userId);
      // An owner stays in the registry: the retained tokens are held, and sent from, that wallet.
      if (who?.registrationRequested && !who.owner && wallet)
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
      if (until)
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
      const { personId, address, previousAddress } = event.data;
      if (!registered(personId)) return out;
      want(`register-${personId}-wallet-${address.toLowerCase()}`, { kind: 'register-identity', personId });
      if (previousAddress)
        want(`remove-${personId}-wallet-${previousAddress.toLowerCase()}`, {
          kind: 'remove-identity',
          personId,
          wallet: previousAddress,
        });
      return out;
    }
    case 'InvestmentRequested':
    case 'CustodyWalletAssigned':
    case 'ChainTransactionRequested':
    case 'ChainTransactionSubmitted':
    case 'ChainTransactionConfirmed':
    case 'ChainTransactionFailed':
      return out;
    default: {
      const _exhaustive: never = event;
      return out;
    }
  }
}

/** Folds one event into the flow's state (in place; see above). */
export function evolveFlow(state: FlowState, event: FlowEvent & Partial<Pick<RecordedEvent, 'position' | 'metadata'>>) {
  if (event.position !== undefined) state.position = Math.max(state.position, event.position);
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
    case 'VerificationApproved':
      person(state, event.data.userId).verificationId = event.data.verificationId;
      return state;
    case 'VerificationExpired': {
      const who = person(state, event.data.userId);
      if (who.verificationId === event.data.verificationId) who.verificationId = null;
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
    case 'CustodyWalletAssigned':
    case 'OwnWalletRegistered': {
      const { personId, address } = event.data;
      const previous = state.wallets.get(personId);
      if (previous) state.walletOwners.delete(previous.toLowerCase());
      state.wallets.set(personId, address);
      state.walletOwners.set(address.toLowerCase(), personId);
      return state;
    }
    case 'ChainTransactionRequested': {
      const { txId, intent } = event.data;
      if (!belongs(state, txId) || state.txs.has(txId)) return state;
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
      });
      if (intent.kind === 'register-identity') person(state, intent.personId).registrationRequested = true;
      if (intent.kind === 'remove-identity') {
        const who = person(state, intent.personId);
        // Taking out an old wallet after a switch keeps the person registered (with the new one).
        if (state.wallets.get(intent.personId)?.toLowerCase() === intent.wallet.toLowerCase())
          who.registrationRequested = false;
      }
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
        raw: d.raw,
        wallet: d.wallet,
        contractAddress: d.contractAddress,
      });
      const sender = d.from.toLowerCase();
      state.nonces.set(sender, Math.max(state.nonces.get(sender) ?? -1, d.nonce));
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
      if (tx.intent.kind === 'register-identity' && tx.wallet) state.registered.set(tx.intent.personId, tx.wallet);
      if (tx.intent.kind === 'remove-identity' && state.registered.get(tx.intent.personId) === tx.wallet)
        state.registered.delete(tx.intent.personId);
      return state;
    }
    case 'ChainTransactionFailed': {
      const tx = state.txs.get(event.data.txId);
      if (!tx) return state;
      Object.assign(tx, { status: 'failed', reason: event.data.reason, raw: null });
      return state;
    }
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}

const confirmed = (state: FlowState, suffix: string) =>
  state.txs.get(txIdOf(state.chainId, suffix))?.status === 'confirmed';

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
  const needRegistered = (personId: string) =>
    state.registered.has(personId) ? null : `the registration of ${personId}`;
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
      return needPlatform() ?? (identityOf(state, intent.personId) ? null : `the identity of ${intent.personId}`);
    case 'remove-identity':
      return needPlatform();
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
    default: {
      const _exhaustive: never = intent;
      return 'unknown intent';
    }
  }
}

/** Persons whose wallet a transaction needs (the outbox gives each a custody wallet first if they have none). */
export function personsOf(intent: ChainIntent): string[] {
  switch (intent.kind) {
    case 'register-identity':
    case 'mint':
    case 'burn':
    case 'lock-up':
      return [intent.personId];
    case 'forced-transfer':
      return [intent.fromPersonId, intent.toPersonId];
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
      const to = wallet(intent.personId);
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
  return out;
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
