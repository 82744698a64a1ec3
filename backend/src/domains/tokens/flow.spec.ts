import type { TokenTerms } from '../assets/events.js';
import { PLATFORM_STEPS } from '../../platform/chain/platform-plan.js';
import { applyTransfers, compare, stablecoinExpected } from './chain-balances.js';
import {
  allowanceNeeded,
  blockedBy,
  callFor,
  dormant,
  chainIntents,
  givenAllowances,
  retryable,
  settlementRetryable,
  type AllowanceIntent,
  chainProblems,
  evolveFlow,
  expectedHoldings,
  initialFlowState,
  stoppedTakes,
  tokenTransactions,
  type FlowEvent,
  type FoldedEvent,
  type FlowState,
} from './flow.js';

/** Given events, when one more arrives, then these chain transactions are requested (the one mapping). */
const terms: TokenTerms = {
  symbol: 'HVA',
  name: 'Harbour View',
  totalSupply: 1000,
  decimals: 0,
  price: 10,
  minInvestment: 10,
  maxInvestment: 10_000,
  network: 'polygon',
  lockUpMonths: 12,
  feePercent: 3,
};
const approved: FlowEvent = {
  type: 'TokenizationApproved',
  data: { assetId: 'a1', ownerId: 'owner', approvedBy: 'admin', terms, value: 1_000_000 },
};
const verified: FlowEvent = {
  type: 'VerificationApproved',
  data: { verificationId: 'v1', userId: 'inv', approvedBy: 'admin', verifiedAt: 'x', validUntil: 'y' },
};
const investment = {
  offeringId: 'o1',
  assetId: 'a1',
  ownerId: 'owner',
  investmentId: 'i1',
  investorId: 'inv',
  tokens: 10,
  amount: '100.00',
};
const requestedInvestment: FlowEvent = {
  type: 'InvestmentRequested',
  data: { ...investment, tokenPrice: '10.00', transferableFrom: '2027-01-01T00:00:00.000Z' },
};
const confirmedInvestment: FlowEvent = { type: 'InvestmentConfirmed', data: { ...investment, confirmedBy: 'rule' } };

/** Folds `given` as the outbox does: every intent asked for is recorded as requested. */
function given(...events: FlowEvent[]): FlowState {
  const state = initialFlowState(31337);
  for (const event of events) {
    for (const { txId, intent } of chainIntents(event, state))
      evolveFlow(state, {
        type: 'ChainTransactionRequested',
        data: { txId, chainId: 31337, intent, causeEventId: 'cause' },
      });
    evolveFlow(state, event);
  }
  return state;
}
const ids = (event: FlowEvent, state: FlowState) => chainIntents(event, state).map((i) => i.txId);

test('an approved tokenization asks for the platform once, the owner identity and registration, the suite, the mint and unpause', () => {
  expect(ids(approved, given())).toEqual([
    ...PLATFORM_STEPS.map((s) => `c31337-platform-${s}`),
    'c31337-identity-owner',
    'c31337-register-owner-owner',
    'c31337-token-identity-a1',
    'c31337-suite-a1',
    'c31337-mint-a1',
    'c31337-unpause-a1',
  ]);
  const state = given(approved);
  const suite = chainIntents(approved, given()).find((i) => i.intent.kind === 'deploy-suite')!.intent;
  expect(suite).toEqual({ kind: 'deploy-suite', assetId: 'a1', name: 'Harbour View', symbol: 'HVA', maxHolders: 1000 });
  // The same event again (a replay) asks for nothing new.
  expect(ids(approved, state)).toEqual([]);
});

test('a verification registers the investor once; its lapse removes them; an owner stays registered', () => {
  const state = given(approved);
  expect(ids(verified, state)).toEqual(['c31337-identity-inv', 'c31337-register-inv-v1']);
  const registered = given(approved, verified, {
    type: 'CustodyWalletAssigned',
    data: { personId: 'inv', index: 1, address: '0x00000000000000000000000000000000000000aa' },
  });
  const lapse: FlowEvent = {
    type: 'VerificationExpired',
    data: { verificationId: 'v1', userId: 'inv', expiredAt: 'z', expiredBy: { kind: 'system', name: 'sweep' } },
  };
  expect(chainIntents(lapse, registered)).toEqual([
    {
      txId: 'c31337-remove-inv-v1',
      intent: { kind: 'remove-identity', personId: 'inv', wallet: '0x00000000000000000000000000000000000000aa' },
    },
  ]);
  const ownerLapse: FlowEvent = {
    ...lapse,
    data: { ...lapse.data, userId: 'owner', verificationId: 'v0' },
  } as FlowEvent;
  expect(ids(ownerLapse, registered)).toEqual([]);
  // A certificate revoked in writing removes the identity just as a lapse does.
  const revocation: FlowEvent = {
    type: 'CertificateRevoked',
    data: {
      verificationId: 'v1',
      userId: 'inv',
      subjectId: 'inv',
      revokedBy: 'inv',
      revokedAt: 'z',
      personal: { statement: 'I no longer wish to be treated as a wholesale investor.' },
    },
  };
  expect(chainIntents(revocation, registered)).toEqual(chainIntents(lapse, registered));
  expect(given(approved, verified, revocation).persons.get('inv')?.verificationId).toBeNull();
});

test('a lock-up already over when the investment is confirmed (an offering without one) asks nothing of the chain', () => {
  const state = given(approved, verified, requestedInvestment);
  const at = (occurredAt: string) =>
    chainIntents({ ...confirmedInvestment, metadata: { occurredAt } } as FoldedEvent, state).map((i) => i.intent.kind);
  expect(at('2026-12-31T23:59:59.000Z')).toEqual(['forced-transfer', 'lock-up']);
  expect(at('2027-01-01T00:00:00.000Z')).toEqual(['forced-transfer']);
  expect(at('2027-03-01T00:00:00.000Z')).toEqual(['forced-transfer']);
});

test('a confirmed investment is a forced transfer owner → investor and a lock-up until transferableFrom; a cancel after it reverses it', () => {
  const state = given(approved, verified, requestedInvestment);
  expect(chainIntents(confirmedInvestment, state).map((i) => i.intent)).toEqual([
    {
      kind: 'forced-transfer',
      assetId: 'a1',
      investmentId: 'i1',
      fromPersonId: 'owner',
      toPersonId: 'inv',
      amount: 10,
      reversal: false,
    },
    { kind: 'lock-up', assetId: 'a1', investmentId: 'i1', personId: 'inv', until: '2027-01-01T00:00:00.000Z' },
  ]);
  const cancel: FlowEvent = {
    type: 'InvestmentCancelled',
    data: { ...investment, cancelledBy: 'admin', reason: 'Funds returned' },
  };
  expect(ids(cancel, given(approved, verified, requestedInvestment))).toEqual([]);
  expect(chainIntents(cancel, given(approved, verified, requestedInvestment, confirmedInvestment))).toEqual([
    {
      txId: 'c31337-reverse-i1',
      intent: expect.objectContaining({
        kind: 'forced-transfer',
        fromPersonId: 'inv',
        toPersonId: 'owner',
        reversal: true,
      }),
    },
  ]);
});

test('a transaction waits for what it depends on: the platform in order, the suite, the registration', () => {
  const state = given(approved, verified, requestedInvestment, confirmedInvestment);
  const waiting = (suffix: string) => blockedBy(state.txs.get(`c31337-${suffix}`)!, state);
  expect(waiting('platform-token-implementation')).toBeNull();
  expect(waiting('platform-ctr-implementation')).toBe('platform step token-implementation');
  expect(waiting('identity-inv')).toBeNull();
  expect(waiting('register-inv-v1')).toBe('the platform contracts');
  expect(waiting('mint-a1')).toBe('the token suite');
  expect(waiting('transfer-i1')).toBe('mint-a1');
  expect(waiting('lockup-i1')).toBe('the transfer');
});

test('reconciliation: the register against Transfer logs, by person across wallets; unknown holders are drift', () => {
  const state = given(approved, verified, requestedInvestment, confirmedInvestment);
  const token = '0x00000000000000000000000000000000000000e0';
  state.txs.get('c31337-suite-a1')!.suite = {
    token: token as `0x${string}`,
    identityRegistry: '0x0000000000000000000000000000000000000001',
    compliance: '0x0000000000000000000000000000000000000002',
  };
  const wallets = {
    owner: '0x00000000000000000000000000000000000000a0',
    inv: '0x00000000000000000000000000000000000000b0',
  };
  for (const [personId, address] of Object.entries(wallets))
    evolveFlow(state, { type: 'CustodyWalletAssigned', data: { personId, index: 0, address } });
  expect(expectedHoldings(state).get('a1')).toEqual(
    new Map([
      ['owner', 990],
      ['inv', 10],
    ]),
  );
  const zero = '0x0000000000000000000000000000000000000000';
  const log = (from: string, to: string, value: bigint) => ({
    token: token as `0x${string}`,
    from: from as `0x${string}`,
    to: to as `0x${string}`,
    value,
    blockNumber: 1n,
    logIndex: 0,
    txHash: '0x00' as `0x${string}`,
  });
  const balances = applyTransfers(new Map(), [log(zero, wallets.owner, 1000n), log(wallets.owner, wallets.inv, 10n)]);
  expect(compare(state, balances)).toEqual([]);
  applyTransfers(balances, [log(wallets.inv, '0x00000000000000000000000000000000000000cc', 4n)]);
  expect(compare(state, balances)).toEqual([
    { assetId: 'a1', personId: null, wallet: '0x00000000000000000000000000000000000000cc', expected: 0, onChain: 4 },
    { assetId: 'a1', personId: 'inv', wallet: wallets.inv, expected: 10, onChain: 6 },
  ]);
});

test('an approved supply change mints to the owner or burns the owner’s retained tokens; the expected holdings follow', () => {
  const change = (changeId: string, delta: number, supply: number): FlowEvent => ({
    type: 'SupplyChangeApproved',
    data: { assetId: 'a1', ownerId: 'owner', changeId, delta, supply, approvedBy: 'admin' },
  });
  const state = given(approved);
  expect(chainIntents(change('c1', 500, 1_500), state)).toEqual([
    { txId: 'c31337-supply-c1', intent: { kind: 'mint', assetId: 'a1', personId: 'owner', amount: 500 } },
  ]);
  expect(chainIntents(change('c2', -200, 800), state).map((i) => i.intent)).toEqual([
    { kind: 'burn', assetId: 'a1', personId: 'owner', amount: 200 },
  ]);
  const grown = given(approved, change('c1', 500, 1_500));
  expect(expectedHoldings(grown).get('a1')?.get('owner')).toBe(1_500);
  // A burn waits for the mint that created the tokens.
  const shrunk = given(approved, change('c2', -200, 800));
  expect(blockedBy(shrunk.txs.get('c31337-supply-c2')!, shrunk)).toBe('the mint');
  // The token's transaction list: the deployment, then each supply change's mint or burn, in request order.
  const both = given(approved, change('c1', 500, 1_500), change('c2', -200, 1_300));
  expect(tokenTransactions(both, 'a1').map((t) => [t.kind, t.amount, t.tx?.status])).toEqual([
    ['suite', null, 'requested'],
    ['mint', 1_000, 'requested'],
    ['unpause', null, 'requested'],
    ['supply-mint', 500, 'requested'],
    ['supply-burn', 200, 'requested'],
  ]);
  expect(tokenTransactions(both, 'a2').map((t) => t.tx)).toEqual([undefined, undefined, undefined]);
});

const C = '0x00000000000000000000000000000000000000cc';
const X = '0x00000000000000000000000000000000000000aa';
const Y = '0x00000000000000000000000000000000000000bb';
const own = (address: string, previousAddress: string | null, nonce: string): FlowEvent => ({
  type: 'OwnWalletRegistered',
  data: { personId: 'inv', address, previousAddress, registeredBy: 'inv', nonce: nonce.repeat(32) },
});
const submitted = (txId: string, wallet: string): FlowEvent => ({
  type: 'ChainTransactionSubmitted',
  data: {
    txId: `c31337-${txId}`,
    txHash: `0x${'1'.repeat(64)}`,
    nonce: 1,
    from: C,
    to: C,
    contractAddress: null,
    wallet,
    raw: '0x01',
  },
});

test('a wallet left behind stays its person’s for what it held before (a past block’s balances), the current one wins', () => {
  const state = given(approved, verified, {
    type: 'CustodyWalletAssigned',
    data: { personId: 'inv', index: 1, address: C },
  });
  for (const event of [own(X, C, 'a'), own(Y, X, 'b')]) evolveFlow(state, event);
  expect([...state.walletOwners]).toEqual([[Y, 'inv']]);
  expect(new Map(state.formerWalletOwners)).toEqual(
    new Map([
      [C, 'inv'],
      [X, 'inv'],
    ]),
  );
});

test('switching X → Y → X asks for each change anew, numbered per person, out with the old before in with the new', () => {
  const custodyC: FlowEvent = { type: 'CustodyWalletAssigned', data: { personId: 'inv', index: 1, address: C } };
  const state = given(approved, verified, custodyC, submitted('register-inv-v1', C));
  const asked: [string, unknown][] = [];
  for (const event of [own(X, C, 'a'), own(Y, X, 'b'), own(X, Y, 'c')]) {
    for (const { txId, intent } of chainIntents(event, state)) {
      asked.push([txId, intent]);
      evolveFlow(state, {
        type: 'ChainTransactionRequested',
        data: { txId, chainId: 31337, intent, causeEventId: 'cause' },
      });
    }
    evolveFlow(state, event);
  }
  const change = (n: number, kind: string, wallet: string) => [
    `c31337-wallet-inv-${n}-${kind}`,
    { kind: `${kind}-identity`, personId: 'inv', wallet },
  ];
  expect(asked).toEqual([
    change(1, 'remove', C),
    change(1, 'register', X),
    change(2, 'remove', X),
    change(2, 'register', Y),
    change(3, 'remove', Y),
    change(3, 'register', X),
  ]);
  // One after another: a later change waits for the earlier ones (the first still waits for its submission).
  for (const step of PLATFORM_STEPS) {
    evolveFlow(state, submitted(`platform-${step}`, C));
    const txId = `c31337-platform-${step}`;
    const confirmed = { txId, txHash: `0x${'1'.repeat(64)}`, blockNumber: 1, contractAddress: C, suite: null };
    evolveFlow(state, { type: 'ChainTransactionConfirmed', data: confirmed });
  }
  expect(blockedBy(state.txs.get('c31337-wallet-inv-1-remove')!, state)).toBe(
    'the earlier registry change c31337-register-inv-v1',
  );
  expect(blockedBy(state.txs.get('c31337-wallet-inv-3-register')!, state)).toBe(
    'the earlier registry change c31337-register-inv-v1',
  );
});

test('a registration not yet sent takes the new wallet; one sent with the old wallet meanwhile is followed by a switch', () => {
  const pending = given(approved, verified);
  // No wallet yet: the registration, when sent, takes whatever wallet the person has then.
  expect(ids(own(X, null, 'a'), pending)).toEqual([]);
  const followed = given(approved, verified, own(X, null, 'a'));
  expect(ids(submitted('register-inv-v1', X), followed)).toEqual([]);
  // Sent with the custody wallet just before the switch was folded: the switch follows it.
  expect(chainIntents(submitted('register-inv-v1', C), followed)).toEqual([
    { txId: 'c31337-wallet-inv-1-remove', intent: { kind: 'remove-identity', personId: 'inv', wallet: C } },
    { txId: 'c31337-wallet-inv-1-register', intent: { kind: 'register-identity', personId: 'inv', wallet: X } },
  ]);
});

test('a registration that failed leaves nothing planned; an admin’s retry of it is planned again, so a switch moves it', () => {
  const state = given(approved, verified);
  const failed: FlowEvent = {
    type: 'ChainTransactionFailed',
    data: { txId: 'c31337-register-inv-v1', txHash: null, reason: 'refused' },
  };
  evolveFlow(state, failed);
  expect(ids(own(X, null, 'a'), state)).toEqual([]);
  const retry = { kind: 'register-identity' as const, personId: 'inv' };
  evolveFlow(state, {
    type: 'ChainTransactionRequested',
    data: {
      txId: 'c31337-register-inv-v1-retry-1',
      chainId: 31337,
      intent: retry,
      causeEventId: null,
      retryOf: failed.data.txId,
    },
  });
  evolveFlow(state, submitted('register-inv-v1-retry-1', X));
  expect(ids(own(Y, X, 'b'), state)).toEqual(['c31337-wallet-inv-1-remove', 'c31337-wallet-inv-1-register']);
});

test('a distribution’s payment run asks for the test stablecoin once, its mint, then one transfer per wallet line (issue 31)', () => {
  const W1 = '0x00000000000000000000000000000000000000a1';
  const W2 = '0x00000000000000000000000000000000000000a2';
  const paying = (distributionId: string, coin: string | null): FlowEvent => ({
    type: 'DistributionPaymentStarted',
    data: {
      distributionId,
      assetId: 'a1',
      startedBy: 'admin',
      methods: [
        { line: 0, method: 'direct-credit', wallet: null, net: 500 },
        { line: 1, method: 'stablecoin', wallet: W1, net: 3_500 },
        { line: 2, method: 'stablecoin', wallet: W2, net: 0 },
        { line: 3, method: 'stablecoin', wallet: W2, net: 1_250 },
        { line: 4, method: 'retained', wallet: null, net: 85_000 },
      ],
      coin,
    },
  });
  const state = given(approved);
  const intents = chainIntents(paying('d1', null), state);
  expect(intents).toEqual([
    { txId: 'c31337-stablecoin', intent: { kind: 'deploy-stablecoin' } },
    { txId: 'c31337-dist-d1-mint', intent: { kind: 'stablecoin-mint', distributionId: 'd1', amount: 4_750 } },
    {
      txId: 'c31337-dist-d1-line-1',
      intent: { kind: 'stablecoin-transfer', distributionId: 'd1', line: 1, wallet: W1, amount: 3_500, token: null },
    },
    {
      txId: 'c31337-dist-d1-line-3',
      intent: { kind: 'stablecoin-transfer', distributionId: 'd1', line: 3, wallet: W2, amount: 1_250, token: null },
    },
  ]);
  const after = given(approved, paying('d1', null));
  // Replayed, nothing new; a second distribution reuses the coin (deployed once per chain).
  expect(ids(paying('d1', null), after)).toEqual([]);
  expect(ids(paying('d2', null), after)).toEqual([
    'c31337-dist-d2-mint',
    'c31337-dist-d2-line-1',
    'c31337-dist-d2-line-3',
  ]);
  // The mint waits for the coin, each transfer for the mint.
  const tx = (id: string) => after.txs.get(`c31337-${id}`)!;
  expect(blockedBy(tx('stablecoin'), after)).toBeNull();
  expect(blockedBy(tx('dist-d1-mint'), after)).toBe('the stablecoin');
  expect(blockedBy(tx('dist-d1-line-1'), after)).toBe('the stablecoin minted for the payment');
  // A configured coin (a real network): nothing deployed or minted, the transfers go at once.
  const coin = '0x00000000000000000000000000000000000000c0';
  const real = chainIntents(paying('d3', coin), given(approved));
  expect(real.map((i) => i.txId)).toEqual(['c31337-dist-d3-line-1', 'c31337-dist-d3-line-3']);
  const realState = given(approved, paying('d3', coin));
  expect(blockedBy(realState.txs.get('c31337-dist-d3-line-1')!, realState)).toBeNull();
});

test('the stablecoin reconciliation counts each confirmed line transfer once, by coin and wallet', () => {
  const W1 = '0x00000000000000000000000000000000000000A1';
  const coin = '0x00000000000000000000000000000000000000c0';
  const state = given(approved, {
    type: 'DistributionPaymentStarted',
    data: {
      distributionId: 'd1',
      assetId: 'a1',
      startedBy: 'admin',
      methods: [
        { line: 0, method: 'stablecoin', wallet: W1, net: 700 },
        { line: 1, method: 'stablecoin', wallet: W1, net: 300 },
      ],
      coin,
    },
  });
  const confirm = (txId: string) =>
    evolveFlow(state, {
      type: 'ChainTransactionConfirmed',
      data: { txId, txHash: `0x${'1'.repeat(64)}`, blockNumber: 9, contractAddress: null, suite: null },
    });
  expect(stablecoinExpected(state)).toEqual(new Map());
  confirm('c31337-dist-d1-line-0');
  expect(stablecoinExpected(state)).toEqual(new Map([[coin, new Map([[W1.toLowerCase(), 700]])]]));
  confirm('c31337-dist-d1-line-1');
  confirm('c31337-dist-d1-line-1'); // folded again: still once
  expect(stablecoinExpected(state).get(coin)?.get(W1.toLowerCase())).toBe(1_000);
});

describe('an abandoned transfer between investors (domains/transfers TransferAbandoned)', () => {
  const wallets: FlowEvent[] = [
    { type: 'CustodyWalletAssigned', data: { personId: 'seller', index: 1, address: X } },
    { type: 'CustodyWalletAssigned', data: { personId: 'buyer', index: 2, address: Y } },
  ];
  const settle = (transferId: string): FlowEvent => ({
    type: 'TransferSettlementRequested',
    data: {
      transferId,
      assetId: 'a1',
      fromInvestorId: 'seller',
      toInvestorId: 'buyer',
      tokens: 20,
      amountCents: 25_000,
      coin: null,
      requestedAt: 'x',
    },
  });
  const confirm = (suffix: string): FlowEvent => ({
    type: 'ChainTransactionConfirmed',
    data: {
      txId: `c31337-${suffix}`,
      txHash: `0x${'2'.repeat(64)}`,
      blockNumber: 9,
      contractAddress: null,
      suite: null,
    },
  });
  const fail = (suffix: string): FlowEvent => ({
    type: 'ChainTransactionFailed',
    data: { txId: `c31337-${suffix}`, txHash: null, reason: 'reverted' },
  });
  const abandon = (transferId: string): FlowEvent => ({
    type: 'TransferAbandoned',
    data: { transferId, fromInvestorId: 'seller', reason: 'for good', abandonedBy: 'admin', abandonedAt: 'z' },
  });
  const withSubmitted = (state: FlowState, suffix: string, wallet: string) => {
    evolveFlow(state, submitted(suffix, wallet));
    return state;
  };
  const tx = (state: FlowState, suffix: string) => state.txs.get(`c31337-${suffix}`)!;

  test('a refused take leaves the offer and both allowances: the offer is cancelled and each allowance set to 0, once', () => {
    const state = given(approved, ...wallets, settle('t1'));
    for (const step of ['fund', 'seller-allow', 'buyer-allow', 'initiate']) {
      withSubmitted(state, `xfer-t1-${step}`, step.startsWith('buyer') || step === 'fund' ? Y : X);
      evolveFlow(state, confirm(`xfer-t1-${step}`));
    }
    evolveFlow(state, fail('xfer-t1-take'));
    expect(chainProblems(state).map((p) => p.txId)).toContain('c31337-xfer-t1-take');
    expect(chainIntents(abandon('t1'), state)).toEqual([
      {
        txId: 'c31337-xfer-t1-cancel',
        intent: {
          kind: 'transfer-cancel',
          transferId: 't1',
          assetId: 'a1',
          token: null,
          fromPersonId: 'seller',
          toPersonId: 'buyer',
          tokens: 20,
          amount: 25_000,
        },
      },
      {
        txId: 'c31337-xfer-t1-seller-revoke',
        intent: {
          kind: 'transfer-revoke',
          transferId: 't1',
          assetId: 'a1',
          personId: 'seller',
          side: 'seller',
          token: null,
        },
      },
      {
        txId: 'c31337-xfer-t1-buyer-revoke',
        intent: {
          kind: 'transfer-revoke',
          transferId: 't1',
          assetId: 'a1',
          personId: 'buyer',
          side: 'buyer',
          token: null,
        },
      },
    ]);
    const after = state;
    for (const { txId, intent } of chainIntents(abandon('t1'), after))
      evolveFlow(after, {
        type: 'ChainTransactionRequested',
        data: { txId, chainId: 31337, intent, causeEventId: 'c' },
      });
    evolveFlow(after, abandon('t1'));
    // Recorded once: the same event again (a replay) asks for nothing more; the failed take is no problem now.
    expect(ids(abandon('t1'), after)).toEqual([]);
    expect(chainProblems(after).map((p) => p.txId)).not.toContain('c31337-xfer-t1-take');
    for (const undo of ['cancel', 'seller-revoke', 'buyer-revoke'])
      expect(blockedBy(tx(after, `xfer-t1-${undo}`), after)).toBeNull();
  });

  test('steps never sent stay unsent and are no problems; a failed allowance is not revoked', () => {
    // The coin never arrived: fund failed, so the buyer's allowance, the offer and the take wait on it for ever.
    const state = given(approved, ...wallets, settle('t1'));
    withSubmitted(state, 'xfer-t1-seller-allow', X);
    evolveFlow(state, confirm('xfer-t1-seller-allow'));
    evolveFlow(state, fail('xfer-t1-fund'));
    expect(ids(abandon('t1'), state)).toEqual(['c31337-xfer-t1-seller-revoke']);
    for (const { txId, intent } of chainIntents(abandon('t1'), state))
      evolveFlow(state, {
        type: 'ChainTransactionRequested',
        data: { txId, chainId: 31337, intent, causeEventId: 'c' },
      });
    evolveFlow(state, abandon('t1'));
    for (const step of ['buyer-allow', 'initiate', 'take'])
      expect(blockedBy(tx(state, `xfer-t1-${step}`), state)).toBe('nothing: the transfer was abandoned');
    expect(chainProblems(state)).toEqual([]);
  });

  test('a freeze of either party is not held up by a failed or abandoned transfer’s steps that will never go', () => {
    // Found with two replicas on a network where custody wallets hold no gas: every settlement failed at its first
    // allowance, its offer and take stayed requested, and every later freeze of those holders waited on them for good.
    const freeze = (requestId: string, holderId: string): FlowEvent => ({
      type: 'FreezeApproved',
      data: {
        assetId: 'a1',
        ownerId: 'owner',
        requestId,
        holderId,
        action: 'freeze',
        scope: 'tokens',
        tokens: 5,
        reason: 'Court order',
        requestedBy: 'admin-1',
        approvedBy: 'admin-2',
        frozenTokens: 5,
        addressFrozen: false,
      },
    });
    const failedAtFirstStep = () => {
      const state = given(approved, ...wallets, settle('t1'));
      state.txs.get('c31337-suite-a1')!.suite = {
        token: '0x00000000000000000000000000000000000000e0',
        identityRegistry: '0x0000000000000000000000000000000000000001',
        compliance: '0x0000000000000000000000000000000000000002',
      };
      evolveFlow(state, submitted('xfer-t1-seller-allow', X));
      evolveFlow(state, fail('xfer-t1-seller-allow'));
      return state;
    };
    const state = failedAtFirstStep();
    const failedOnly = failedAtFirstStep();
    for (const [name, person] of [
      ['f1', 'seller'],
      ['f2', 'buyer'],
    ] as const) {
      for (const { txId, intent } of chainIntents(freeze(name, person), failedOnly))
        evolveFlow(failedOnly, {
          type: 'ChainTransactionRequested',
          data: { txId, chainId: 31337, intent, causeEventId: 'c' },
        });
      expect(blockedBy(tx(failedOnly, `freeze-${name}`), failedOnly)).toBeNull();
    }
    // Abandoned: its steps are neither waited on nor pending (health); a failed transfer's still are, until then.
    expect(dormant(state, tx(state, 'xfer-t1-take'), { behindFailure: false })).toBe(false);
    evolveFlow(state, abandon('t1'));
    expect(dormant(state, tx(state, 'xfer-t1-take'), { behindFailure: false })).toBe(true);
    for (const { txId, intent } of chainIntents(freeze('f3', 'seller'), state))
      evolveFlow(state, {
        type: 'ChainTransactionRequested',
        data: { txId, chainId: 31337, intent, causeEventId: 'c' },
      });
    expect(blockedBy(tx(state, 'freeze-f3'), state)).toBeNull();
  });

  test('a revoke sets what the others sharing the allowance still need, at once (one per wallet, token and spender)', () => {
    const state = given(approved, ...wallets, settle('t1'), settle('t2'));
    for (const id of ['t1', 't2']) {
      withSubmitted(state, `xfer-${id}-seller-allow`, X);
      evolveFlow(state, confirm(`xfer-${id}-seller-allow`));
    }
    evolveFlow(state, fail('xfer-t1-fund'));
    for (const { txId, intent } of chainIntents(abandon('t1'), state))
      evolveFlow(state, {
        type: 'ChainTransactionRequested',
        data: { txId, chainId: 31337, intent, causeEventId: 'c' },
      });
    evolveFlow(state, abandon('t1'));
    // It waits for nobody: it leaves t2's 20 (allowanceNeeded), where 0 would take them from t2.
    const revoke = tx(state, 'xfer-t1-seller-revoke');
    expect(blockedBy(revoke, state)).toBeNull();
    expect(allowanceNeeded(state, revoke.intent as AllowanceIntent)).toBe(20);
    // t2's take confirmed used its allowance: the revoke, sent now, sets 0.
    for (const step of ['fund', 'buyer-allow', 'initiate', 'take']) {
      withSubmitted(state, `xfer-t2-${step}`, step === 'initiate' ? X : Y);
      evolveFlow(state, confirm(`xfer-t2-${step}`));
    }
    expect(allowanceNeeded(state, revoke.intent as AllowanceIntent)).toBe(0);
  });
});

describe('an allowance a person’s transfers share: each allow sets what all their claims on it need', () => {
  // An ERC-20 allowance is one figure per wallet, token and spender, and `approve` sets it (an outside probe: t2's
  // allowance of its own 1 token, used by its take, left 0 for t1's retried take of 5, which reverted 0x11).
  const Z = '0x00000000000000000000000000000000000000dd';
  const MANAGER = '0x00000000000000000000000000000000000000ee';
  const COIN = '0x00000000000000000000000000000000000000ef';
  const TOKEN = '0x00000000000000000000000000000000000000e0';
  const people: FlowEvent[] = [
    { type: 'CustodyWalletAssigned', data: { personId: 'seller', index: 1, address: X } },
    { type: 'CustodyWalletAssigned', data: { personId: 'buyer', index: 2, address: Y } },
    { type: 'CustodyWalletAssigned', data: { personId: 'other', index: 3, address: Z } },
  ];
  const settle = (transferId: string, from: string, to: string, tokens: number, amountCents = tokens * 100) =>
    ({
      type: 'TransferSettlementRequested',
      data: {
        transferId,
        assetId: 'a1',
        fromInvestorId: from,
        toInvestorId: to,
        tokens,
        amountCents,
        coin: null,
        requestedAt: 'x',
      },
    }) satisfies FlowEvent;
  const confirm = (suffix: string, contractAddress: string | null = null): FlowEvent => ({
    type: 'ChainTransactionConfirmed',
    data: { txId: `c31337-${suffix}`, txHash: `0x${'2'.repeat(64)}`, blockNumber: 9, contractAddress, suite: null },
  });
  const fail = (suffix: string): FlowEvent => ({
    type: 'ChainTransactionFailed',
    data: { txId: `c31337-${suffix}`, txHash: null, reason: 'reverted' },
  });
  const tx = (state: FlowState, suffix: string) => state.txs.get(`c31337-${suffix}`)!;
  /** Sent, and confirmed unless `only` says submitted. */
  const done = (state: FlowState, suffix: string, only?: 'submitted') => {
    evolveFlow(state, submitted(suffix, X));
    if (!only) evolveFlow(state, confirm(suffix));
  };
  /** The manager, the coin and the token on chain, and the given transfers requested. */
  function dvp(...transfers: FlowEvent[]): FlowState {
    const state = given(approved, ...people, ...transfers);
    state.txs.get('c31337-suite-a1')!.suite = { token: TOKEN, identityRegistry: Z, compliance: Z };
    for (const [id, address] of [
      ['dvd-manager', MANAGER],
      ['stablecoin', COIN],
    ] as const) {
      evolveFlow(state, submitted(id, X));
      evolveFlow(state, confirm(id, address));
    }
    return state;
  }
  /** What the allowance step (or revoke) sends: approve(manager, amount) on the token or coin. */
  const approves = (state: FlowState, suffix: string) => {
    const { call } = callFor(tx(state, suffix), state, C);
    if (call.op !== 'erc20-approve') throw new Error(`${suffix} is ${call.op}`);
    expect(call.spender).toBe(MANAGER);
    return { token: call.token, amount: Number(call.amount) };
  };
  const t1 = settle('t1', 'seller', 'buyer', 5);
  const t2 = settle('t2', 'seller', 'other', 1);
  const upToTake = (state: FlowState, id: string) => {
    for (const step of ['fund', 'seller-allow', 'buyer-allow', 'initiate']) done(state, `xfer-${id}-${step}`);
  };

  test('two transfers of one seller on one asset: each allow sets both amounts; a confirmed take’s share goes', () => {
    const state = dvp(t1, t2);
    expect(approves(state, 'xfer-t1-seller-allow')).toEqual({ token: TOKEN, amount: 6 });
    expect(approves(state, 'xfer-t2-seller-allow')).toEqual({ token: TOKEN, amount: 6 });
    upToTake(state, 't1');
    // A take on its way still counts (briefly over-approving is safe; under-approving makes a take revert).
    done(state, 'xfer-t1-take', 'submitted');
    expect(approves(state, 'xfer-t2-seller-allow').amount).toBe(6);
    evolveFlow(state, confirm('xfer-t1-take'));
    expect(approves(state, 'xfer-t2-seller-allow').amount).toBe(1);
    // Another asset's token, and the buyers' coin, are other allowances.
    expect(approves(state, 'xfer-t2-buyer-allow')).toEqual({ token: COIN, amount: 100 });
  });

  test('the probe: t1’s take failed (a failed transfer may be retried) still counts when t2 of the same seller allows', () => {
    const state = dvp(t1);
    upToTake(state, 't1');
    evolveFlow(state, fail('xfer-t1-take'));
    evolveFlow(state, t2);
    for (const { txId, intent } of chainIntents(t2, state))
      evolveFlow(state, {
        type: 'ChainTransactionRequested',
        data: { txId, chainId: 31337, intent, causeEventId: 'c' },
      });
    // Before: 1, which t2's take used up, and t1's retried take of 5 reverted.
    expect(approves(state, 'xfer-t2-seller-allow').amount).toBe(6);
  });

  test('one buyer paying for two transfers in the same coin: each allow sets both prices', () => {
    const state = dvp(settle('t1', 'seller', 'buyer', 5, 5_000), settle('t3', 'other', 'buyer', 2, 1_500));
    expect(approves(state, 'xfer-t1-buyer-allow')).toEqual({ token: COIN, amount: 6_500 });
    expect(approves(state, 'xfer-t3-buyer-allow')).toEqual({ token: COIN, amount: 6_500 });
    // Their sellers' allowances are of one token but two wallets: each its own.
    expect(approves(state, 'xfer-t1-seller-allow').amount).toBe(5);
    expect(approves(state, 'xfer-t3-seller-allow').amount).toBe(2);
  });

  test('an abandoned transfer, or one whose allowance failed, claims nothing', () => {
    const abandoned = dvp(t1, t2);
    upToTake(abandoned, 't1');
    evolveFlow(abandoned, fail('xfer-t1-take'));
    evolveFlow(abandoned, {
      type: 'TransferAbandoned',
      data: { transferId: 't1', fromInvestorId: 'seller', reason: 'for good', abandonedBy: 'admin', abandonedAt: 'z' },
    });
    expect(approves(abandoned, 'xfer-t2-seller-allow').amount).toBe(1);
    const refused = dvp(t1, t2);
    done(refused, 'xfer-t1-fund');
    evolveFlow(refused, submitted('xfer-t1-seller-allow', X));
    evolveFlow(refused, fail('xfer-t1-seller-allow'));
    // A failed allow set nothing; t1's retry sets it again, counting t2.
    expect(approves(refused, 'xfer-t2-seller-allow').amount).toBe(1);
  });

  test('a retry sets the allowances given again first, with the sum, and the take waits for them', () => {
    const state = dvp(t1, t2);
    upToTake(state, 't1');
    evolveFlow(state, fail('xfer-t1-take'));
    expect(givenAllowances(state, 't1')).toEqual(['c31337-xfer-t1-seller-allow', 'c31337-xfer-t1-buyer-allow']);
    // A transfer's retry may ask a given allowance again and a failed step; the admins' generic retry neither.
    expect(settlementRetryable(tx(state, 'xfer-t1-seller-allow'))).toBe(true);
    expect(settlementRetryable(tx(state, 'xfer-t1-take'))).toBe(true);
    expect(settlementRetryable(tx(state, 'xfer-t1-initiate'))).toBe(false);
    expect(retryable(tx(state, 'xfer-t1-seller-allow'))).toBe(false);
    expect(retryable(tx(state, 'xfer-t1-take'))).toBe(false);
    const again = (suffix: string) =>
      evolveFlow(state, {
        type: 'ChainTransactionRequested',
        data: {
          txId: `c31337-${suffix}-retry-1`,
          chainId: 31337,
          intent: tx(state, suffix).intent,
          causeEventId: null,
          retryOf: `c31337-${suffix}`,
        },
      });
    for (const suffix of ['xfer-t1-seller-allow', 'xfer-t1-buyer-allow', 'xfer-t1-take']) again(suffix);
    const take = tx(state, 'xfer-t1-take-retry-1');
    expect(blockedBy(take, state)).toBe('the seller’s allowance');
    expect(approves(state, 'xfer-t1-seller-allow-retry-1').amount).toBe(6);
    done(state, 'xfer-t1-seller-allow-retry-1');
    expect(blockedBy(take, state)).toBe('the buyer’s allowance');
    done(state, 'xfer-t1-buyer-allow-retry-1');
    expect(blockedBy(take, state)).toBeNull();
    // Set again once: the latest attempt is the one a later retry would name.
    expect(givenAllowances(state, 't1')).toEqual([
      'c31337-xfer-t1-seller-allow-retry-1',
      'c31337-xfer-t1-buyer-allow-retry-1',
    ]);
  });
});

describe('a buyer whose certificate is revoked or lapses after the approval (FMC Act Sch 1 cl 46)', () => {
  const wallets: FlowEvent[] = [
    { type: 'CustodyWalletAssigned', data: { personId: 'seller', index: 1, address: X } },
    { type: 'CustodyWalletAssigned', data: { personId: 'buyer', index: 2, address: Y } },
  ];
  const buyerVerified = (verificationId: string): FlowEvent => ({
    type: 'VerificationApproved',
    data: { verificationId, userId: 'buyer', approvedBy: 'admin', verifiedAt: 'x', validUntil: 'y' },
  });
  const settle = (transferId: string, toInvestorId = 'buyer'): FlowEvent => ({
    type: 'TransferSettlementRequested',
    data: {
      transferId,
      assetId: 'a1',
      fromInvestorId: 'seller',
      toInvestorId,
      tokens: 20,
      amountCents: 25_000,
      coin: null,
      requestedAt: 'x',
    },
  });
  const revoked = (verificationId = 'vb1'): FlowEvent => ({
    type: 'CertificateRevoked',
    data: {
      verificationId,
      userId: 'buyer',
      subjectId: 'buyer',
      revokedBy: 'buyer',
      revokedAt: '2026-03-04T01:00:00.000Z',
      personal: { statement: 'I no longer wish to be treated as a wholesale investor.' },
    },
  });
  const lapsed = (verificationId: string): FlowEvent => ({
    type: 'VerificationExpired',
    data: {
      verificationId,
      userId: 'buyer',
      expiredAt: '2026-03-04T01:00:00.000Z',
      expiredBy: { kind: 'system', name: 'sweep' },
    },
  });
  const confirm = (suffix: string): FlowEvent => ({
    type: 'ChainTransactionConfirmed',
    data: {
      txId: `c31337-${suffix}`,
      txHash: `0x${'2'.repeat(64)}`,
      blockNumber: 9,
      contractAddress: null,
      suite: null,
    },
  });
  const tx = (state: FlowState, suffix: string) => state.txs.get(`c31337-${suffix}`)!;
  /** The transfer's steps before the take, each sent and confirmed: the take is ready. */
  const upToTake = (state: FlowState, transferId: string) => {
    for (const step of ['fund', 'seller-allow', 'buyer-allow', 'initiate']) {
      evolveFlow(
        state,
        submitted(`xfer-${transferId}-${step}`, step === 'initiate' || step === 'seller-allow' ? X : Y),
      );
      evolveFlow(state, confirm(`xfer-${transferId}-${step}`));
    }
    return state;
  };
  const stoppedRevoked =
    'The settlement was stopped before the tokens moved: the buyer’s wholesale certificate was revoked by them on 4 March 2026, after the approval. Nothing moved; an admin may abandon the transfer';

  test('the take not yet sent is never sent once the revocation is folded; the outbox records it failed with why', () => {
    const state = upToTake(
      given(approved, ...wallets, buyerVerified('vb1'), settle('t1'), settle('t2', 'other')),
      't1',
    );
    upToTake(state, 't2');
    const take = tx(state, 'xfer-t1-take');
    expect(blockedBy(take, state)).toBeNull();
    evolveFlow(state, revoked());
    expect(blockedBy(take, state)).toBe(`nothing: ${stoppedRevoked}`);
    // Only the revoking buyer's transfers: another buyer's take still goes.
    expect(blockedBy(tx(state, 'xfer-t2-take'), state)).toBeNull();
    expect(stoppedTakes(state)).toEqual([{ txId: 'c31337-xfer-t1-take', reason: stoppedRevoked }]);
    evolveFlow(state, {
      type: 'ChainTransactionFailed',
      data: { txId: 'c31337-xfer-t1-take', txHash: null, reason: stoppedRevoked },
    });
    // Recorded once: nothing more to record, and the tokens never count as the buyer's.
    expect(stoppedTakes(state)).toEqual([]);
    expect(expectedHoldings(state).get('a1')?.get('buyer') ?? 0).toBe(0);
  });

  test('a take already on its way when the revocation is folded goes on: the revocation is not retroactive', () => {
    const state = upToTake(given(approved, ...wallets, buyerVerified('vb1'), settle('t1')), 't1');
    evolveFlow(state, submitted('xfer-t1-take', Y));
    evolveFlow(state, revoked());
    expect(state.stopped.size).toBe(0);
    expect(stoppedTakes(state)).toEqual([]);
    evolveFlow(state, confirm('xfer-t1-take'));
    expect(expectedHoldings(state).get('a1')?.get('buyer')).toBe(20);
  });

  test('a take not requested yet when the revocation is folded is stopped once it is; a re-certification does not undo it', () => {
    // The settlement's request folded, its intents not yet recorded by the outbox: then the revocation.
    const state = given(approved, ...wallets, buyerVerified('vb1'));
    const request = settle('t1');
    const intents = chainIntents(request, state);
    evolveFlow(state, request);
    evolveFlow(state, revoked());
    for (const { txId, intent } of intents)
      evolveFlow(state, {
        type: 'ChainTransactionRequested',
        data: { txId, chainId: 31337, intent, causeEventId: 'c' },
      });
    upToTake(state, 't1');
    evolveFlow(state, buyerVerified('vb2'));
    expect(blockedBy(tx(state, 'xfer-t1-take'), state)).toBe(`nothing: ${stoppedRevoked}`);
    expect(stoppedTakes(state).map((t) => t.txId)).toEqual(['c31337-xfer-t1-take']);
  });

  test('an approval recorded after the buyer’s revocation (the two in the same moment): its take is stopped once asked', () => {
    // The transfer's checks passed before the revocation landed; the approval and its settlement request after it.
    const state = given(approved, ...wallets, buyerVerified('vb1'));
    evolveFlow(state, revoked());
    const request = settle('t1');
    const intents = chainIntents(request, state);
    evolveFlow(state, request);
    for (const { txId, intent } of intents)
      evolveFlow(state, {
        type: 'ChainTransactionRequested',
        data: { txId, chainId: 31337, intent, causeEventId: 'c' },
      });
    expect(stoppedTakes(state)).toEqual([{ txId: 'c31337-xfer-t1-take', reason: stoppedRevoked }]);
    // A buyer certified again before the approval is a buyer like any other.
    const recertified = given(
      approved,
      ...wallets,
      buyerVerified('vb1'),
      revoked(),
      buyerVerified('vb2'),
      settle('t2'),
    );
    expect(recertified.stopped.size).toBe(0);
  });

  test('a lapse stops the take as a revocation does; an older certificate’s lapse, or an abandoned transfer, stops nothing', () => {
    const state = upToTake(given(approved, ...wallets, buyerVerified('vb1'), buyerVerified('vb2'), settle('t1')), 't1');
    evolveFlow(state, lapsed('vb1'));
    expect(stoppedTakes(state)).toEqual([]);
    evolveFlow(state, lapsed('vb2'));
    expect(stoppedTakes(state)).toEqual([
      {
        txId: 'c31337-xfer-t1-take',
        reason:
          'The settlement was stopped before the tokens moved: the buyer’s wholesale certificate lapsed on 4 March 2026, after the approval. Nothing moved; an admin may abandon the transfer',
      },
    ]);
    const other = upToTake(given(approved, ...wallets, buyerVerified('vb1'), settle('t3')), 't3');
    evolveFlow(other, {
      type: 'ChainTransactionFailed',
      data: { txId: 'c31337-xfer-t3-take', txHash: null, reason: 'x' },
    });
    evolveFlow(other, {
      type: 'TransferAbandoned',
      data: { transferId: 't3', fromInvestorId: 'seller', reason: 'for good', abandonedBy: 'admin', abandonedAt: 'z' },
    });
    evolveFlow(other, revoked());
    expect(other.stopped.size).toBe(0);
  });

  test('a retry’s new take, asked after a re-certification, is not stopped by the earlier revocation', () => {
    const state = upToTake(given(approved, ...wallets, buyerVerified('vb1'), settle('t1')), 't1');
    evolveFlow(state, revoked());
    evolveFlow(state, {
      type: 'ChainTransactionFailed',
      data: { txId: 'c31337-xfer-t1-take', txHash: null, reason: stoppedRevoked },
    });
    evolveFlow(state, buyerVerified('vb2'));
    evolveFlow(state, {
      type: 'ChainTransactionRequested',
      data: {
        txId: 'c31337-xfer-t1-take-retry-1',
        chainId: 31337,
        intent: tx(state, 'xfer-t1-take').intent,
        causeEventId: null,
        retryOf: 'c31337-xfer-t1-take',
      },
    });
    expect(blockedBy(tx(state, 'xfer-t1-take-retry-1'), state)).toBeNull();
    expect(stoppedTakes(state)).toEqual([]);
  });
});
