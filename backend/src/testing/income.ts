import type { StartedServer } from '../app.js';
import { nzDate } from '../platform/nz-time.js';
import type { Api } from './api.js';
import { approvedAsset, verifiedInvestor } from './offerings.js';

type Server = Pick<StartedServer, 'url' | 'opsToken'>;

function expectStatus(what: string, res: { status: number; body: unknown }, status: number): void {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
}

/** The sandbox's test card, as the owner funds a distribution with it. */
export const TEST_CARD = { number: '4242424242424242', expiry: '12/34', cvc: '123' };

/**
 * An owner's approved asset of 2,000 tokens, 1,000 of them offered at $10 without lock-up, and a verified investor
 * holding 100 — with a resident's tax profile at `rwtRate` % when one is given. Answers the offering's id too, for
 * more purchases (`confirmedPurchase`), and the investment's.
 */
export async function assetWithHolder(
  server: Server,
  admin: Api,
  { name, rwtRate }: { name?: string; rwtRate?: string } = {},
) {
  const { owner, assetId } = await approvedAsset(server, admin, 2_000, name ? { name } : {});
  const offeringId = await tenDollarOffering(admin, assetId, 1_000);
  const investor = await verifiedInvestor(server, admin);
  const investmentId = await confirmedPurchase(investor, offeringId, 100);
  if (rwtRate)
    expectStatus(
      'tax profile',
      await investor.put('/api/tax-profile', { residency: 'resident', irdNumber: '49-091-850', rwtRate }),
      200,
    );
  return { owner, assetId, offeringId, investor, investmentId };
}

/** The admin's offering of `totalTokens` of the asset at $10 a token, from one, without lock-up unless given; its id. */
export async function tenDollarOffering(
  admin: Api,
  assetId: string,
  totalTokens: number,
  { name = 'Series A', lockupPeriod = 0 }: { name?: string; lockupPeriod?: number } = {},
): Promise<string> {
  const created = await admin.post('/api/admin/offerings', {
    assetId,
    name,
    description: '',
    totalTokens,
    tokenPrice: '10.00',
    minimumInvestment: '1',
    lockupPeriod,
  });
  expectStatus('create offering', created, 201);
  return created.body.id as string;
}

/** `investor` buys `tokens` of the offering at $10 and, under the settlement threshold, holds them at once. */
export async function confirmedPurchase(investor: Api, offeringId: string, tokens: number): Promise<string> {
  const invested = await investor.post('/api/invest', {
    offeringId,
    tokensRequested: tokens,
    investmentAmount: tokens * 10,
  });
  expectStatus('invest', invested, 201);
  if ((invested.body as { status?: string }).status !== 'confirmed')
    throw new Error(`invest: not confirmed ${JSON.stringify(invested.body)}`);
  return (invested.body as { id: string }).id;
}

/**
 * A distribution of $1,000 interest with today's record and payment dates: the owner declares it, `approver` (an
 * admin other than the owner) approves it, the owner funds it by card. Answers its id, ready to pay.
 */
export async function fundedDistribution(owner: Api, approver: Api, assetId: string): Promise<string> {
  const id = await awaitingFunding(owner, approver, assetId);
  expectStatus('fund', await owner.post(`/api/assets/${assetId}/distributions/${id}/fund`, TEST_CARD), 200);
  return id;
}

/** The same distribution declared and approved, waiting for the owner to fund it. Answers its id. */
export async function awaitingFunding(owner: Api, approver: Api, assetId: string): Promise<string> {
  const today = nzDate(new Date());
  const declared = await owner.post(`/api/assets/${assetId}/distributions`, {
    kind: 'interest',
    amount: '1000.00',
    recordDate: today,
    paymentDate: today,
  });
  expectStatus('declare', declared, 201);
  const id = declared.body.id as string;
  expectStatus('approve', await approver.post(`/api/admin/distributions/${id}/approve`), 200);
  return id;
}
