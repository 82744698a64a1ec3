import { OWN_REQUEST, REVOCATION_MESSAGES } from '../../messages.js';
import { specify } from '../../testing/decider-spec.js';
import type { OfferingEvent } from './events.js';
import { offering, OFFERING_MESSAGES, type OfferingCommand } from './offering.decider.js';

const { given } = specify(offering);
const created: OfferingEvent = {
  type: 'OfferingCreated',
  data: {
    offeringId: 'o-1',
    assetId: 'a-1',
    ownerId: 'owner-1',
    name: 'Harbour View',
    description: '',
    totalTokens: 1000,
    tokenPrice: '125.00',
    minimumInvestment: '1000.00',
    lockupDays: 365,
    createdBy: 'admin-1',
  },
};
const invest = (
  tokens: number,
  amount: number,
  over: Partial<Extract<OfferingCommand, { type: 'Invest' }>> = {},
): OfferingCommand => ({
  type: 'Invest',
  offeringId: 'o-1',
  investmentId: `i-${tokens}`,
  investorId: 'investor-1',
  investorIsWholesale: true,
  termsMinimumCents: null,
  linkedElsewhereCents: 0,
  tokens,
  amount,
  now: '2026-11-23T00:00:00.000Z',
  ...over,
});

describe('Offering decider', () => {
  it('creates an offering only for an approved asset, with the spec messages', () => {
    const base: OfferingCommand = {
      type: 'CreateOffering',
      offeringId: 'o-1',
      assetId: 'a-1',
      ownerId: 'owner-1',
      assetActive: true,
      limits: null,
      name: 'Harbour View',
      description: '',
      totalTokens: 1000,
      tokenPrice: '125',
      minimumInvestment: '1000',
      lockupDays: 365,
      adminId: 'admin-1',
    };
    expect(given([]).when(base).events).toEqual([created]);
    expect(given([]).when({ ...base, assetActive: false }).error?.message).toBe(
      'An offering needs an asset whose tokenization is approved',
    );
    // Required: left blank, the spec's 'Missing Fields'; a price that is not one says what a price is.
    expect(given([]).when({ ...base, tokenPrice: '' }).error).toMatchObject({
      message: 'Please fill in all required fields',
      title: 'Missing Fields',
    });
    expect(given([]).when({ ...base, tokenPrice: 'abc' }).error).toMatchObject({
      message: OFFERING_MESSAGES.tokenPrice,
    });
  });

  it('names every wrong field at once', () => {
    const base: OfferingCommand = {
      type: 'CreateOffering',
      offeringId: 'o-1',
      assetId: 'a-1',
      ownerId: 'owner-1',
      assetActive: true,
      limits: null,
      name: ' ',
      description: '',
      totalTokens: 0,
      tokenPrice: '0',
      minimumInvestment: 'ten',
      lockupDays: -1,
      adminId: 'admin-1',
    };
    expect(given([]).when(base).error).toMatchObject({
      status: 400,
      title: 'Missing Fields',
      errors: [
        { field: 'name', message: 'Please fill in all required fields' },
        { field: 'totalTokens', message: 'Please fill in all required fields' },
        {
          field: 'tokenPrice',
          message: 'Token price must be an amount in NZD of at least 0.01, with at most 2 decimals',
        },
        { field: 'minimumInvestment', message: 'Minimum investment must be an amount in NZD' },
        { field: 'lockupPeriod', message: 'Lock-up must be between 0 and 3650 days' },
      ],
    });
    // A price that is not one says so; only a blank one is missing.
    const priced = (tokenPrice: string) =>
      ({
        ...base,
        name: 'Series A',
        totalTokens: 10,
        minimumInvestment: '',
        lockupDays: 0,
        tokenPrice,
      }) as OfferingCommand;
    for (const tokenPrice of ['33.333', 'abc', '-5'])
      expect(given([]).when(priced(tokenPrice)).error).toMatchObject({
        status: 400,
        errors: [{ field: 'tokenPrice', message: OFFERING_MESSAGES.tokenPrice }],
      });
    expect(given([]).when(priced(' ')).error).toMatchObject({
      errors: [{ field: 'tokenPrice', message: 'Please fill in all required fields' }],
    });
    expect(given([created]).when(invest(0, -5)).error).toMatchObject({
      errors: [
        { field: 'tokensRequested', message: 'Tokens requested must be a whole number of at least 1' },
        { field: 'investmentAmount', message: 'Investment amount must be an amount in NZD' },
      ],
    });
    expect(given([created]).when(invest(1.5, 125)).error).toMatchObject({
      title: undefined,
      errors: [
        { field: 'tokensRequested', message: 'Tokens requested must be a whole number of at least 1' },
        { field: 'investmentAmount', message: 'Minimum investment is NZD 1,000' },
      ],
    });
  });

  it('confirms a small investment at once, with the lock-up end recorded', () => {
    const { events } = given([created]).when(invest(10, 1250));
    expect(events!.map((e) => e.type)).toEqual(['InvestmentRequested', 'InvestmentConfirmed']);
    expect(events![0]!.data).toMatchObject({ amount: '1250.00', transferableFrom: '2027-11-23T00:00:00.000Z' });
  });

  it('leaves an investment of NZD 100,000 or more pending (reserved) until staff confirm or cancel it', () => {
    const { events } = given([created]).when(invest(800, 100_000));
    expect(events!.map((e) => e.type)).toEqual(['InvestmentRequested']);
    const state = given([created, ...events!]).state;
    expect(state).toMatchObject({ status: 'active', tokensTaken: 800 });
    expect(given([created, ...events!]).when(invest(201, 25_125)).error?.message).toBe(
      'Only 200 tokens are left in this offering',
    );
    const cancelled = given([created, ...events!]).when({
      type: 'CancelInvestment',
      offeringId: 'o-1',
      investmentId: 'i-800',
      adminId: 'admin-1',
      reason: 'Funds not received',
    }).events!;
    expect(given([created, ...events!, ...cancelled]).state).toMatchObject({ tokensTaken: 0 });
  });

  it('refuses: not wholesale, below the minimum, amount ≠ tokens × price, closed', () => {
    expect(given([created]).when(invest(10, 1250, { investorIsWholesale: false })).error).toMatchObject({
      status: 403,
    });
    // A certificate the investor revoked in writing: the refusal names the revocation (NZ date), not a lapse.
    const revoked = invest(10, 1250, { investorIsWholesale: false, investorRevokedAt: '2026-11-27T12:30:00.000Z' });
    expect(given([created]).when(revoked).error).toMatchObject({
      status: 403,
      message: REVOCATION_MESSAGES.revoked('28 November 2026'),
      title: 'Access Restricted',
    });
    expect(given([created]).when(invest(1, 125)).error).toMatchObject({
      message: 'Minimum investment is NZD 1,000',
      title: 'Investment Too Small',
    });
    expect(given([created]).when(invest(10, 1000)).error?.message).toBe(
      'The amount must be the tokens times the price: 10 × $125 = $1,250',
    );
    const closed: OfferingEvent = {
      type: 'OfferingClosed',
      data: { offeringId: 'o-1', assetId: 'a-1', closedBy: 'admin-1' },
    };
    expect(given([created, closed]).when(invest(10, 1250)).error?.message).toBe('This offering is closed');
  });

  it('four eyes: no offering of, nor close of, an admin’s own asset by them; no settling of one’s own investment', () => {
    const refused = { events: null, error: { message: OWN_REQUEST, status: 403 } };
    const create: OfferingCommand = {
      type: 'CreateOffering',
      offeringId: 'o-1',
      assetId: 'a-1',
      ownerId: 'owner-1',
      assetActive: true,
      limits: null,
      name: 'Harbour View',
      description: '',
      totalTokens: 1000,
      tokenPrice: '125',
      minimumInvestment: '1000',
      lockupDays: 365,
      adminId: 'owner-1',
    };
    expect(given([]).when(create)).toMatchObject(refused);
    expect(given([created]).when({ type: 'CloseOffering', offeringId: 'o-1', adminId: 'owner-1' })).toMatchObject(
      refused,
    );
    const pending = given([created]).when(invest(800, 100_000)).events!;
    const settle = (adminId: string) =>
      [
        { type: 'ConfirmInvestment', offeringId: 'o-1', investmentId: 'i-800', adminId },
        { type: 'CancelInvestment', offeringId: 'o-1', investmentId: 'i-800', adminId, reason: 'Funds not received' },
      ] as const;
    // Neither the investor nor the asset's owner settles it; another admin does.
    for (const command of [...settle('investor-1'), ...settle('owner-1')])
      expect(given([created, ...pending]).when(command)).toMatchObject(refused);
    for (const command of settle('admin-2')) expect(given([created, ...pending]).when(command).events).toHaveLength(1);
  });
});

describe('Offering decider: the token terms’ limits per investor', () => {
  const limits = { minimumCents: 1_000_00, maximumCents: 185_000_00 };
  const create = (minimumInvestment: string): OfferingCommand => ({
    type: 'CreateOffering',
    offeringId: 'o-1',
    assetId: 'a-1',
    ownerId: 'owner-1',
    assetActive: true,
    limits,
    name: 'Harbour View',
    description: '',
    totalTokens: 1000,
    tokenPrice: '125',
    minimumInvestment,
    lockupDays: 365,
    adminId: 'admin-1',
  });

  it('given no minimum on the form, when created, then the minimum is the terms’ own (one minimum shown)', () => {
    const [event] = given([]).when(create('')).events!;
    expect(event).toMatchObject({ type: 'OfferingCreated', data: { minimumInvestment: '1000.00' } });
  });

  it('narrows the terms, never widens them: a minimum below the terms’ or above their maximum is refused', () => {
    expect(given([]).when(create('5000')).events).toHaveLength(1);
    expect(given([]).when(create('0')).error).toMatchObject({
      status: 400,
      errors: [
        {
          field: 'minimumInvestment',
          message: "Minimum investment may not be below the token terms' minimum of NZD 1,000.00",
        },
      ],
    });
    expect(given([]).when(create('200000')).error).toMatchObject({
      errors: [
        {
          field: 'minimumInvestment',
          message: "Minimum investment may not exceed the token terms' maximum per investor of NZD 185,000.00",
        },
      ],
    });
  });

  it('given the terms’ minimum above an older offering’s own, then the terms’ minimum holds (the maximum is the investor-limit stream’s)', () => {
    const older = given([created]).when(invest(1, 125, { termsMinimumCents: 1_000_00 }));
    expect(older.error).toMatchObject({ title: 'Investment Too Small', message: 'Minimum investment is NZD 1,000' });
    expect(given([created]).when(invest(8, 1_000, { termsMinimumCents: 1_000_00 })).events).toHaveLength(2);
  });
});

describe('Offering decider: linked investments count together for the enhanced AML/CFT checks', () => {
  // 799 tokens × 125.00 = 99,875.00: under NZD 100,000 on its own.
  const split = (n: number, over: Partial<Extract<OfferingCommand, { type: 'Invest' }>> = {}) =>
    invest(799, 99_875, { investmentId: `split-${n}`, ...over });
  const big: OfferingEvent = { ...created, data: { ...created.data, totalTokens: 10_000 } };
  const types = (events: readonly OfferingEvent[] | null) => events?.map((e) => e.type);

  it('given one confirmed investment of 99,875, when the same investor invests 99,875 again, then the second stays pending', () => {
    const first = given([big]).when(split(1)).events!;
    expect(types(first)).toEqual(['InvestmentRequested', 'InvestmentConfirmed']);
    expect(types(given([big, ...first]).when(split(2)).events)).toEqual(['InvestmentRequested']);
  });

  it('given a pending linked investment, when another follows, then it waits too (pending ones count)', () => {
    const first = given([big]).when(split(1)).events!;
    const second = given([big, ...first]).when(split(2)).events!;
    expect(types(given([big, ...first, ...second]).when(invest(8, 1_000, { investmentId: 'small' })).events)).toEqual([
      'InvestmentRequested',
    ]);
  });

  it('given the earlier investment was cancelled, when the investor invests again, then it is confirmed at once', () => {
    const pending = given([big]).when(invest(800, 100_000, { investmentId: 'large' })).events!;
    const cancelled = given([big, ...pending]).when({
      type: 'CancelInvestment',
      offeringId: 'o-1',
      investmentId: 'large',
      adminId: 'admin-1',
      reason: 'Funds not received',
    }).events!;
    expect(types(given([big, ...pending, ...cancelled]).when(split(1)).events)).toEqual([
      'InvestmentRequested',
      'InvestmentConfirmed',
    ]);
  });

  it('given another investor’s 99,875, when this investor invests 99,875, then it is confirmed at once', () => {
    const theirs = given([big]).when(split(1, { investorId: 'investor-2' })).events!;
    expect(types(given([big, ...theirs]).when(split(2)).events)).toEqual([
      'InvestmentRequested',
      'InvestmentConfirmed',
    ]);
  });

  it('given the investor’s recent investments in other offerings, when they reach the threshold with this one, then it stays pending', () => {
    expect(types(given([big]).when(split(1, { linkedElsewhereCents: 125_00 })).events)).toEqual([
      'InvestmentRequested',
    ]);
    // Just under with them: confirmed at once.
    expect(types(given([big]).when(split(1, { linkedElsewhereCents: 124_99 })).events)).toEqual([
      'InvestmentRequested',
      'InvestmentConfirmed',
    ]);
  });
});

describe('Offering decider: settling an investment that is not there', () => {
  it('an unknown offering or investment is 404; one already settled is 409', () => {
    const confirm = (investmentId: string): OfferingCommand => ({
      type: 'ConfirmInvestment',
      offeringId: 'o-1',
      investmentId,
      adminId: 'admin-1',
    });
    expect(given([]).when(confirm('i-1')).error).toMatchObject({ status: 404, message: 'Offering not found' });
    expect(given([created]).when(confirm('i-1')).error).toMatchObject({ status: 404, message: 'Investment not found' });
    const confirmed = given([created]).when(invest(10, 1250)).events!;
    expect(given([created, ...confirmed]).when(confirm('i-10')).error).toMatchObject({
      status: 409,
      message: 'Only a pending investment can be confirmed or cancelled',
    });
  });
});
