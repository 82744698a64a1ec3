import { describe, expect, it } from '@jest/globals';
import { DomainError } from '../../platform/errors.js';
import { DISTRIBUTION_MESSAGES as M, OWN_REQUEST } from '../../messages.js';
import type { RecordedEvent } from '../../platform/event-store/event-store.js';
import { specify } from '../../testing/decider-spec.js';
import { upcasters } from '../upcasters.js';
import { distribution, type DistributionCommand } from './distribution.decider.js';
import type { RegisterAtRecord } from './entitlements.js';
import type { DistributionEvent } from './events.js';
import type { TaxStanding } from './tax.js';

const ID = '0b6c1b9e-1f3c-4f6a-9a61-2c3d4e5f6a71';
const ASSET = '5d2f8a0c-3b4e-4c1d-8e9f-0a1b2c3d4e5f';
const OWNER = 'f1e2d3c4-b5a6-4978-8a9b-0c1d2e3f4a5b';
const ADMIN = 'a9b8c7d6-e5f4-4a3b-9c2d-1e0f9a8b7c6d';
const AROHA = 'c0ffee00-1111-4222-8333-444455556666';
const MERE = 'c0ffee00-7777-4888-9999-aaaabbbbcccc';
const NOW = '2026-11-27T01:00:00.000Z';

const register: RegisterAtRecord = {
  active: true,
  supply: 1_000,
  holdings: [
    { holderKind: 'off-platform', investorId: MERE, tokens: 300 },
    { holderKind: 'platform', investorId: AROHA, tokens: 200 },
    { holderKind: 'owner', investorId: null, tokens: 500 },
  ],
};
const aroha: TaxStanding = { residency: 'resident', irdNumber: '049091850', rwtRate: '17.5', treatyCountry: null };

const declare = (
  fields: Partial<Extract<DistributionCommand, { type: 'DeclareDistribution' }>> = {},
): DistributionCommand => ({
  type: 'DeclareDistribution',
  distributionId: ID,
  assetId: ASSET,
  ownerId: OWNER,
  assetOwnerId: OWNER,
  kind: 'interest',
  amount: '1000.00',
  imputationCredits: null,
  recordDate: '2026-11-20',
  paymentDate: '2026-11-30',
  recordInstant: '2026-11-20T10:59:59.999Z',
  register,
  standings: new Map([[AROHA, aroha]]),
  today: '2026-11-27',
  chainSettling: false,
  recordBlock: null,
  now: NOW,
  ...fields,
});

const { given } = { given: specify(distribution).given };
const declared = () => given([]).when(declare()).events as DistributionEvent[];
const approved = (): DistributionEvent[] => [
  ...declared(),
  { type: 'DistributionApproved', data: { distributionId: ID, assetId: ASSET, approvedBy: ADMIN, approvedAt: NOW } },
];
const BLOCK = `0x${'ab'.repeat(32)}`;
const TOKEN = '0x00000000000000000000000000000000000000e1';
const check = (drift: { personId: string; register: number; chain: number }[]) => ({
  moment: '2026-11-20T10:59:59.999Z',
  chainId: 31337,
  token: TOKEN,
  blockNumber: 41,
  blockHash: BLOCK,
  blockTime: '2026-11-20T10:59:58.000Z',
  people: 2,
  drift,
});

const funded = (): DistributionEvent[] => [
  ...approved(),
  {
    type: 'DistributionFundingStarted',
    data: {
      distributionId: ID,
      assetId: ASSET,
      attemptId: 'att-1',
      amount: 50_000,
      method: 'card',
      flow: 'intent-first',
    },
  },
  {
    type: 'DistributionFundingIntentCreated',
    data: { distributionId: ID, assetId: ASSET, attemptId: 'att-1', reference: 'pi_1' },
  },
  {
    type: 'DistributionFunded',
    data: { distributionId: ID, assetId: ASSET, attemptId: 'att-1', amount: 50_000, reference: 'pi_1', fundedAt: NOW },
  },
];

function refusal(result: { error: Error | null }) {
  expect(result.error).toBeInstanceOf(DomainError);
  const e = result.error as DomainError;
  return { status: e.status, message: e.message, fields: e.errors?.map((f) => f.field) };
}

describe('distribution decider', () => {
  it('declares every line: pro rata in whole cents, tax per holder, the owner’s share shown but not funded', () => {
    const [event] = declared();
    expect(event!.type).toBe('DistributionDeclared');
    const data = (event as Extract<DistributionEvent, { type: 'DistributionDeclared' }>).data;
    expect(data.lines).toEqual([
      expect.objectContaining({
        holderKind: 'off-platform',
        gross: 30_000,
        withholdingTax: 13_500,
        taxKind: 'RWT',
        net: 16_500,
      }),
      expect.objectContaining({
        holderKind: 'platform',
        gross: 20_000,
        withholdingTax: 3_500,
        taxRate: 1750,
        net: 16_500,
      }),
      expect.objectContaining({ holderKind: 'owner', gross: 50_000, withholdingTax: 0, taxKind: 'none', net: 50_000 }),
    ]);
    expect(data.fundingDue).toBe(50_000);
    expect(data.ratesFrom).toBe('2021-04-01');
  });

  it('splits an awkward amount so the lines sum exactly, the remainder cents to the largest remainders', () => {
    const three: RegisterAtRecord = {
      active: true,
      supply: 3,
      holdings: [
        { holderKind: 'platform', investorId: AROHA, tokens: 1 },
        { holderKind: 'off-platform', investorId: MERE, tokens: 1 },
        { holderKind: 'owner', investorId: null, tokens: 1 },
      ],
    };
    const { events } = given([]).when(declare({ amount: '0.02', register: three }));
    const lines = (events![0] as Extract<DistributionEvent, { type: 'DistributionDeclared' }>).data.lines;
    // All three remainders tie: the earlier lines (holders before the owner) get the two cents.
    expect(lines.map((l) => l.gross)).toEqual([1, 1, 0]);
  });

  it.each<
    [
      string,
      Partial<Extract<DistributionCommand, { type: 'DeclareDistribution' }>>,
      number,
      string,
      string[] | undefined,
    ]
  >([
    ['an amount that is not whole cents', { amount: '10.005' }, 400, M.amount, ['amount']],
    ['an amount of nothing', { amount: '0.00' }, 400, M.amount, ['amount']],
    ['an amount that is not a number', { amount: 'ten' }, 400, M.amount, ['amount']],
    ['an unknown kind', { kind: 'bonus' }, 400, M.kind, ['kind']],
    ['a record date that does not exist', { recordDate: '2026-02-30' }, 400, M.recordDate, ['recordDate']],
    [
      'a record date in the future',
      { recordDate: '2026-11-28', paymentDate: '2026-12-01' },
      422,
      M.recordDateFuture,
      ['recordDate'],
    ],
    [
      'a payment date before the record date',
      { paymentDate: '2026-11-19' },
      422,
      M.paymentBeforeRecord,
      ['paymentDate'],
    ],
    [
      'a payment date before the rate table',
      { recordDate: '2020-01-01', paymentDate: '2020-01-02' },
      422,
      M.noRates,
      ['paymentDate'],
    ],
    [
      'a record date before the token existed',
      { register: { ...register, active: false } },
      422,
      M.beforeToken,
      ['recordDate'],
    ],
    ['a record date before the asset existed', { register: null }, 422, M.beforeToken, ['recordDate']],
    [
      'imputation credits on interest',
      { imputationCredits: '10.00' },
      400,
      M.imputationNotDividend,
      ['imputationCredits'],
    ],
    [
      'imputation credits above 28/72',
      { kind: 'dividend', imputationCredits: '388.89' },
      400,
      M.imputationTooHigh('388.88'),
      ['imputationCredits'],
    ],
    [
      'imputation credits not in whole cents',
      { kind: 'dividend', imputationCredits: '1.001' },
      400,
      M.imputationCredits,
      ['imputationCredits'],
    ],
    [
      'nobody but the owner held tokens',
      { register: { active: true, supply: 10, holdings: [{ holderKind: 'owner', investorId: null, tokens: 10 }] } },
      409,
      M.noHolders,
      undefined,
    ],
    [
      'an amount at which every other holder’s share rounds to nothing (nothing could ever fund it)',
      {
        amount: '0.01',
        register: {
          active: true,
          supply: 10,
          holdings: [
            { holderKind: 'owner', investorId: null, tokens: 9 },
            { holderKind: 'off-platform', investorId: 'h-1', tokens: 1 },
          ],
        },
      },
      422,
      M.sharesRoundToNothing,
      ['amount'],
    ],
    [
      'today’s holders while the asset’s token movements are still being recorded on the chain',
      { chainSettling: true },
      409,
      M.chainSettling,
      undefined,
    ],
    ['another owner’s asset', { assetOwnerId: ADMIN }, 404, M.assetNotFound, undefined],
    ['an unknown asset', { assetOwnerId: null }, 404, M.assetNotFound, undefined],
  ])('refuses %s', (_, fields, status, message, names) => {
    expect(refusal(given([]).when(declare(fields)))).toEqual({ status, message, fields: names });
  });

  it('accepts a fully imputed dividend at the maximum ratio', () => {
    const { events } = given([]).when(declare({ kind: 'dividend', imputationCredits: '388.88' }));
    expect(events).toHaveLength(1);
  });

  it('approval: another admin, never the owner (four eyes), and only once', () => {
    expect(
      refusal(given(declared()).when({ type: 'ApproveDistribution', distributionId: ID, adminId: OWNER, now: NOW })),
    ).toEqual({
      status: 403,
      message: OWN_REQUEST,
      fields: undefined,
    });
    expect(
      given(declared()).when({ type: 'ApproveDistribution', distributionId: ID, adminId: ADMIN, now: NOW }).events,
    ).toHaveLength(1);
    expect(
      refusal(given(approved()).when({ type: 'ApproveDistribution', distributionId: ID, adminId: ADMIN, now: NOW }))
        .message,
    ).toBe(M.notProposed);
    expect(
      refusal(given([]).when({ type: 'ApproveDistribution', distributionId: ID, adminId: ADMIN, now: NOW })).status,
    ).toBe(404);
  });

  it('funding: only once approved, only by the owner, the holders’ gross; a pending attempt is asked again', () => {
    const start = { type: 'StartFunding', distributionId: ID, ownerId: OWNER, attemptId: 'att-1' } as const;
    expect(refusal(given(declared()).when(start)).message).toBe(M.notApproved);
    expect(refusal(given(approved()).when({ ...start, ownerId: ADMIN })).status).toBe(404);
    const started = given(approved()).when(start).events!;
    expect(started).toEqual([
      {
        type: 'DistributionFundingStarted',
        data: {
          distributionId: ID,
          assetId: ASSET,
          attemptId: 'att-1',
          amount: 50_000,
          method: 'card',
          flow: 'intent-first',
        },
      },
    ]);
    expect(given([...approved(), ...started]).when({ ...start, attemptId: 'att-2' }).events).toEqual([]);
    const failed = given(funded().slice(0, -1)).when({
      type: 'CompleteFunding',
      distributionId: ID,
      attemptId: 'att-1',
      reference: 'pi_1',
      outcome: { kind: 'failed', reason: 'Your card was declined.' },
      now: NOW,
    }).events!;
    expect(failed[0]!.type).toBe('DistributionFundingFailed');
    // A second answer for the same attempt records nothing.
    expect(
      given(funded()).when({
        type: 'CompleteFunding',
        distributionId: ID,
        attemptId: 'att-1',
        reference: 'pi_1',
        outcome: { kind: 'paid' },
        now: NOW,
      }).events,
    ).toEqual([]);
  });

  it('funding’s payment: recorded once per attempt, before a card is put to it; answers only about that payment', () => {
    const [started, created] = funded().slice(2, 4) as DistributionEvent[];
    const record = { type: 'RecordFundingIntent', distributionId: ID, attemptId: 'att-1', reference: 'pi_1' } as const;
    expect(given([...approved(), started!]).when(record).events).toEqual([created]);
    // Recorded already (a concurrent request, or a retry after a crash): nothing, and the first one stays.
    expect(given([...approved(), started!, created!]).when({ ...record, reference: 'pi_2' }).events).toEqual([]);
    // Another attempt's, or one that ended: nothing.
    expect(given([...approved(), started!]).when({ ...record, attemptId: 'att-2' }).events).toEqual([]);
    expect(given(funded()).when(record).events).toEqual([]);
    expect(refusal(given([]).when(record)).status).toBe(404);

    const complete = (reference: string | null, outcome: { kind: 'paid' } | { kind: 'failed'; reason: string }) =>
      ({ type: 'CompleteFunding', distributionId: ID, attemptId: 'att-1', reference, outcome, now: NOW }) as const;
    const pending = [...approved(), started!, created!];
    expect(given(pending).when(complete('pi_1', { kind: 'paid' })).events).toEqual([
      {
        type: 'DistributionFunded',
        data: {
          distributionId: ID,
          assetId: ASSET,
          attemptId: 'att-1',
          amount: 50_000,
          reference: 'pi_1',
          fundedAt: NOW,
        },
      },
    ]);
    // An answer about another payment, or as if none were recorded, records nothing: the recorded one decides.
    expect(given(pending).when(complete('pi_2', { kind: 'paid' })).events).toEqual([]);
    expect(given(pending).when(complete(null, { kind: 'failed', reason: 'Cancelled' })).events).toEqual([]);
    // An attempt whose payment was never recorded was never confirmed: it may end failed without one.
    expect(
      given([...approved(), started!])
        .when(complete(null, { kind: 'failed', reason: 'Cancelled' }))
        .events!.map((e) => e.type),
    ).toEqual(['DistributionFundingFailed']);
    // Recorded, the attempt is still pending: no cancellation until it is settled (the cancellation's handler does).
    expect(refusal(given(pending).when(cancel)).message).toBe(M.fundingUnderWay);
  });

  it('an attempt charged at once (v1, before payments were recorded) never ends failed without its payment', () => {
    const v1 = { distributionId: ID, assetId: ASSET, attemptId: 'att-0', amount: 50_000, method: 'card' };
    const lifted = upcasters.upcast({
      type: 'DistributionFundingStarted',
      data: v1,
      metadata: { schemaVersion: 1 },
    } as unknown as RecordedEvent);
    expect(lifted.data).toEqual({ ...v1, flow: 'charge-at-once' });
    const legacy = [...approved(), { type: 'DistributionFundingStarted', data: lifted.data } as DistributionEvent];
    expect(
      given(legacy).when({
        type: 'CompleteFunding',
        distributionId: ID,
        attemptId: 'att-0',
        reference: null,
        outcome: { kind: 'failed', reason: 'Cancelled' },
        now: NOW,
      }).events,
    ).toEqual([]);
    expect(refusal(given(legacy).when(cancel)).message).toBe(M.fundingUnderWay);
  });

  it('payment: from the payment date, wallets in the stablecoin, others by direct credit, paid when the bank run is confirmed', () => {
    const start = {
      type: 'StartPayment',
      distributionId: ID,
      adminId: ADMIN,
      recordCheck: null,
      wallets: new Map<string, string>(),
      coin: null,
      today: '2026-11-29',
      now: NOW,
    } as const;
    expect(refusal(given(approved()).when(start)).message).toBe(M.notFunded);
    expect(refusal(given(funded()).when(start)).message).toBe(M.beforePaymentDate);
    const paying = given(funded()).when({ ...start, today: '2026-11-30' }).events!;
    expect(paying[0]!.data).toMatchObject({
      methods: [
        { line: 0, method: 'direct-credit', wallet: null },
        { line: 1, method: 'direct-credit', wallet: null },
        { line: 2, method: 'retained', wallet: null },
      ],
    });
    const wallet = '0x00000000000000000000000000000000000000a1';
    const withWallet = given(funded()).when({ ...start, today: '2026-11-30', wallets: new Map([[AROHA, wallet]]) })
      .events!;
    expect(withWallet[0]!.data).toMatchObject({
      methods: [{ method: 'direct-credit' }, { method: 'stablecoin', wallet }, { method: 'retained' }],
    });
    const confirm = {
      type: 'ConfirmDirectCredit',
      distributionId: ID,
      adminId: ADMIN,
      bankReference: 'ASB run 27/11',
      now: NOW,
    } as const;
    expect(refusal(given(funded()).when(confirm)).message).toBe(M.notPaying);
    expect(refusal(given([...funded(), ...paying]).when({ ...confirm, bankReference: ' ' })).fields).toEqual([
      'bankReference',
    ]);
    // Four eyes on the money: the asset's owner (an admin too) neither starts nor confirms their own payment.
    expect(refusal(given(funded()).when({ ...start, today: '2026-11-30', adminId: OWNER })).message).toBe(OWN_REQUEST);
    expect(refusal(given([...funded(), ...paying]).when({ ...confirm, adminId: OWNER })).message).toBe(OWN_REQUEST);
    const done = given([...funded(), ...paying]).when(confirm).events!;
    expect(done.map((e) => e.type)).toEqual(['DirectCreditConfirmed', 'DistributionPaid']);
    expect(done[0]!.data).toMatchObject({ lines: [0, 1] });
    // With a stablecoin line still open, the bank run alone does not finish the distribution.
    expect(
      given([...funded(), ...withWallet])
        .when(confirm)
        .events!.map((e) => e.type),
    ).toEqual(['DirectCreditConfirmed']);
    expect(refusal(given([...funded(), ...paying, ...done]).when(confirm)).message).toBe(M.notPaying);
  });

  it('stablecoin: each wallet line carries its net and the coin; its confirmation on chain pays it, once; the last payment pays the distribution', () => {
    const wallet = '0x00000000000000000000000000000000000000a1';
    const coin = '0x00000000000000000000000000000000000000c0';
    const start = {
      type: 'StartPayment',
      distributionId: ID,
      adminId: ADMIN,
      recordCheck: null,
      wallets: new Map([[AROHA, wallet]]),
      coin,
      today: '2026-11-30',
      now: NOW,
    } as const;
    const started = given(funded()).when(start).events!;
    expect(started).toEqual([
      {
        type: 'DistributionPaymentStarted',
        data: {
          distributionId: ID,
          assetId: ASSET,
          startedBy: ADMIN,
          methods: [
            { line: 0, method: 'direct-credit', wallet: null, net: 16_500 },
            { line: 1, method: 'stablecoin', wallet, net: 16_500 },
            { line: 2, method: 'retained', wallet: null, net: 50_000 },
          ],
          coin,
        },
      },
    ]);
    // Without a wallet line the coin is not named (nothing is paid in it).
    expect(given(funded()).when({ ...start, wallets: new Map() }).events![0]!.data).not.toHaveProperty('coin');
    const confirm = {
      type: 'ConfirmStablecoinPayment',
      distributionId: ID,
      line: 1,
      txId: `c31337-dist-${ID}-line-1`,
      txHash: `0x${'ab'.repeat(32)}`,
      now: NOW,
    } as const;
    expect(refusal(given(funded()).when(confirm)).message).toBe(M.notStablecoinLine);
    expect(refusal(given([...funded(), ...started]).when({ ...confirm, line: 0 })).message).toBe(M.notStablecoinLine);
    const paid = given([...funded(), ...started]).when(confirm).events!;
    expect(paid).toEqual([
      {
        type: 'StablecoinPaymentConfirmed',
        data: { distributionId: ID, assetId: ASSET, line: 1, txId: confirm.txId, txHash: confirm.txHash, paidAt: NOW },
      },
    ]);
    // The process manager sees the confirmation again after a restart: nothing more is recorded.
    expect(given([...funded(), ...started, ...paid]).when(confirm).events).toEqual([]);
    // The bank run's confirmation, then the chain's: the distribution is paid with the last one.
    const bank = given([...funded(), ...started]).when({
      type: 'ConfirmDirectCredit',
      distributionId: ID,
      adminId: ADMIN,
      bankReference: 'ASB run 27/11',
      now: NOW,
    }).events!;
    expect(bank.map((e) => e.type)).toEqual(['DirectCreditConfirmed']);
    expect(
      given([...funded(), ...started, ...bank])
        .when(confirm)
        .events!.map((e) => e.type),
    ).toEqual(['StablecoinPaymentConfirmed', 'DistributionPaid']);
    // Everyone in the stablecoin: the chain's confirmations alone finish it.
    const allWallets = given(funded()).when({
      ...start,
      wallets: new Map([
        [AROHA, wallet],
        [MERE, wallet],
      ]),
    }).events!;
    // MERE is off-platform: a wallet is only ever a platform holder's, so the bank still pays her.
    expect(allWallets[0]!.data).toMatchObject({ methods: [{ method: 'direct-credit' }, { method: 'stablecoin' }, {}] });
  });

  it('stablecoin: a wallet line whose whole gross is withheld has nothing to transfer and is paid as the run starts', () => {
    const nothingNet = given([]).when(
      declare({
        standings: new Map([[AROHA, { ...aroha, residency: 'non-resident', treatyCountry: null }]]),
        kind: 'rent',
      }),
    ).events!;
    // Rent withholds nothing: every line keeps its gross, so the zero-net rule is checked on a doctored line instead.
    const declaredEvent = nothingNet[0] as Extract<DistributionEvent, { type: 'DistributionDeclared' }>;
    const lines = declaredEvent.data.lines.map((l, i) => (i === 1 ? { ...l, net: 0, withholdingTax: l.gross } : l));
    const history: DistributionEvent[] = [
      { ...declaredEvent, data: { ...declaredEvent.data, lines } },
      ...funded().slice(1),
    ];
    const started = given(history).when({
      type: 'StartPayment',
      distributionId: ID,
      adminId: ADMIN,
      recordCheck: null,
      wallets: new Map([[AROHA, '0x00000000000000000000000000000000000000a1']]),
      coin: null,
      today: '2026-11-30',
      now: NOW,
    }).events!;
    expect(started.map((e) => e.type)).toEqual(['DistributionPaymentStarted']);
    const done = given([...history, ...started]).when({
      type: 'ConfirmDirectCredit',
      distributionId: ID,
      adminId: ADMIN,
      bankReference: 'ASB run 27/11',
      now: NOW,
    }).events!;
    expect(done.map((e) => e.type)).toEqual(['DirectCreditConfirmed', 'DistributionPaid']);
  });

  const cancel = {
    type: 'CancelDistribution',
    distributionId: ID,
    userId: OWNER,
    isAdmin: false,
    reason: 'Wrong amount',
  } as const;

  it('cancellation: by the owner or an admin before paying, with a reason; what was funded is owed back', () => {
    expect(given(declared()).when(cancel).events![0]!.data).toMatchObject({ refundDue: 0 });
    expect(given(funded()).when(cancel).events![0]!.data).toMatchObject({ refundDue: 50_000 });
    expect(refusal(given(declared()).when({ ...cancel, userId: AROHA })).status).toBe(404);
    expect(given(declared()).when({ ...cancel, userId: ADMIN, isAdmin: true }).events).toHaveLength(1);
    expect(refusal(given(declared()).when({ ...cancel, reason: '' })).fields).toEqual(['reason']);
    const paying = given(funded()).when({
      type: 'StartPayment',
      distributionId: ID,
      adminId: ADMIN,
      recordCheck: null,
      wallets: new Map(),
      coin: null,
      today: '2026-11-30',
      now: NOW,
    }).events!;
    expect(refusal(given([...funded(), ...paying]).when(cancel)).message).toBe(M.cannotCancel);
  });

  it('cancellation waits for a card payment under way: its charge, once answered, is recorded and then owed back', () => {
    const adminCancels = { ...cancel, isAdmin: true };
    const started = [...funded().slice(0, -1)];
    // Cancelled while the provider was charging, the charge's answer would find no attempt and record nothing.
    const refused = refusal(given(started).when(adminCancels));
    expect(refused.message).toBe(M.fundingUnderWay);
    expect(refused.status).toBe(409);
    // Once the attempt's answer is recorded the cancellation goes through, the charge owed back (or nothing, declined).
    expect(given(funded()).when(adminCancels).events![0]!.data).toMatchObject({ refundDue: 50_000 });
    const declined: DistributionEvent = {
      type: 'DistributionFundingFailed',
      data: { distributionId: ID, assetId: ASSET, attemptId: 'att-1', reason: 'Your card was declined.' },
    };
    expect(given([...started, declined]).when(adminCancels).events![0]!.data).toMatchObject({ refundDue: 0 });
  });

  it('entitlements against the chain at the record date: a difference stops the run (nothing recorded, each holder named), agreement is recorded with its block', () => {
    const start = {
      type: 'StartPayment',
      distributionId: ID,
      adminId: ADMIN,
      wallets: new Map<string, string>(),
      coin: null,
      today: '2026-11-30',
      now: NOW,
    } as const;
    const drifted = refusal(
      given(funded()).when({ ...start, recordCheck: check([{ personId: AROHA, register: 200, chain: 150 }]) }),
    );
    expect(drifted.message).toBe(M.recordDrift(41, 1));
    expect(drifted.fields).toEqual([`holder.${AROHA}`]);
    const events = given(funded()).when({ ...start, recordCheck: check([]) }).events!;
    expect(events.map((e) => e.type)).toEqual(['DistributionEntitlementsChecked', 'DistributionPaymentStarted']);
    expect(events[0]!.data).toEqual({
      distributionId: ID,
      assetId: ASSET,
      moment: '2026-11-20T10:59:59.999Z',
      chainId: 31337,
      token: TOKEN,
      blockNumber: 41,
      blockHash: BLOCK,
      blockTime: '2026-11-20T10:59:58.000Z',
      people: 2,
    });
    // Without a chain there is nothing to check against: the run starts with no check recorded.
    expect(
      given(funded())
        .when({ ...start, recordCheck: null })
        .events!.map((e) => e.type),
    ).toEqual(['DistributionPaymentStarted']);
  });

  it('refund after a cancelled funding: once with the key of the attempt, a refusal moves to the next key, stale answers record nothing', () => {
    const cancelled: DistributionEvent[] = [
      ...funded(),
      {
        type: 'DistributionCancelled',
        data: { distributionId: ID, assetId: ASSET, cancelledBy: OWNER, reason: 'Sold', refundDue: 50_000 },
      },
    ];
    const complete = (
      attempt: number,
      outcome: { kind: 'refunded'; reference: string } | { kind: 'failed'; reason: string },
    ) => ({ type: 'CompleteRefund', distributionId: ID, attempt, outcome, now: NOW }) as const;
    const failed = given(cancelled).when(complete(0, { kind: 'failed', reason: 'Charge disputed' })).events!;
    expect(failed).toEqual([
      {
        type: 'DistributionRefundFailed',
        data: { distributionId: ID, assetId: ASSET, attempt: 0, reason: 'Charge disputed', failedAt: NOW },
      },
    ]);
    // The answer to the refused attempt, seen again: nothing. The next attempt's refund is recorded with its amount.
    expect(given([...cancelled, ...failed]).when(complete(0, { kind: 'refunded', reference: 're_1' })).events).toEqual(
      [],
    );
    const refunded = given([...cancelled, ...failed]).when(complete(1, { kind: 'refunded', reference: 're_2' }))
      .events!;
    expect(refunded).toEqual([
      {
        type: 'DistributionRefunded',
        data: { distributionId: ID, assetId: ASSET, amount: 50_000, reference: 're_2', refundedAt: NOW },
      },
    ]);
    expect(
      given([...cancelled, ...failed, ...refunded]).when(complete(1, { kind: 'refunded', reference: 're_2' })).events,
    ).toEqual([]);
    // Nothing funded, nothing to refund.
    expect(given(funded()).when(complete(0, { kind: 'refunded', reference: 're_3' })).events).toEqual([]);
  });

  it('a refund that failed after it was accepted is owed back again, once, and asked for with the next key', () => {
    const refunded: DistributionEvent[] = [
      ...funded(),
      {
        type: 'DistributionCancelled',
        data: { distributionId: ID, assetId: ASSET, cancelledBy: OWNER, reason: 'Sold', refundDue: 50_000 },
      },
      {
        type: 'DistributionRefunded',
        data: { distributionId: ID, assetId: ASSET, amount: 50_000, reference: 're_1', refundedAt: NOW },
      },
    ];
    const reverse = (reference: string) =>
      ({ type: 'ReverseRefund', distributionId: ID, reference, reason: 'expired_or_canceled_card', now: NOW }) as const;
    const reversed = given(refunded).when(reverse('re_1')).events!;
    expect(reversed).toEqual([
      {
        type: 'DistributionRefundFailed',
        data: {
          distributionId: ID,
          assetId: ASSET,
          attempt: 0,
          reason: 'The refund re_1 failed after it was accepted: expired_or_canceled_card',
          failedAt: NOW,
        },
      },
    ]);
    // Another refund's notice, or the same one again: nothing.
    expect(given(refunded).when(reverse('re_2')).events).toEqual([]);
    expect(given([...refunded, ...reversed]).when(reverse('re_1')).events).toEqual([]);
    // Owed again: the refund with the first key is a stale answer now; the second key's is recorded.
    const complete = (attempt: number, reference: string) =>
      ({
        type: 'CompleteRefund',
        distributionId: ID,
        attempt,
        outcome: { kind: 'refunded', reference },
        now: NOW,
      }) as const;
    expect(given([...refunded, ...reversed]).when(complete(0, 're_1')).events).toEqual([]);
    expect(given([...refunded, ...reversed]).when(complete(1, 're_3')).events).toEqual([
      {
        type: 'DistributionRefunded',
        data: { distributionId: ID, assetId: ASSET, amount: 50_000, reference: 're_3', refundedAt: NOW },
      },
    ]);
    // Nothing refunded yet (funded, not cancelled): nothing to reverse.
    expect(given(funded()).when(reverse('re_1')).events).toEqual([]);
  });
});
