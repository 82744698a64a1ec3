import { randomUUID } from 'node:crypto';
import type { StartedServer } from '../app.js';
import type { Api } from './api.js';
import { subscribe } from './billing.js';
import { samplePdf } from './pdf.js';
import { signUp } from './users.js';

type Server = Pick<StartedServer, 'url' | 'opsToken'>;

function expectStatus(what: string, res: { status: number; body: unknown }, status: number): void {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
}

type Investor = Awaited<ReturnType<typeof signUp>>;

/**
 * A subscribed owner's asset of `tokens` tokens, submitted for review: draft, both documents, valuation, token
 * terms at `price` a token, submission — the wizard's path over HTTP. Another admin approves it next (four
 * eyes: an `owner` who is an admin may not). The owner is a new user unless one is given.
 */
export async function submittedAsset(
  server: Server,
  {
    tokens,
    value = 1_000_000,
    price = 1,
    name = 'Harbour View',
    owner: given,
    minInvestment = 1,
    maxInvestment = 1_000_000,
  }: {
    tokens: number;
    value?: number;
    price?: number;
    name?: string;
    owner?: Investor;
    /** The token terms' limits per investor, NZD. */
    minInvestment?: number;
    maxInvestment?: number;
  },
) {
  const owner = given ?? (await signUp(server));
  const subscribed = await subscribe(owner, 'enterprise');
  const drafted = await owner.post(
    '/api/assets',
    { name, description: 'Twelve waterfront apartments', assetType: 'property', totalValue: value, tokenCount: tokens },
    { 'x-read-after': String(subscribed) },
  );
  expectStatus('draft', drafted, 201);
  const assetId = drafted.body.id as string;
  for (const kind of ['property-deed', 'valuation-report']) {
    const uploaded = await owner.putBytes(`/api/assets/${assetId}/documents/${kind}`, samplePdf());
    expectStatus(`upload ${kind}`, uploaded, 200);
  }
  const valued = await owner.post(`/api/assets/${assetId}/valuation`, { value, method: 'owner-estimate' });
  expectStatus('valuation', valued, 200);
  const termed = await owner.put(`/api/assets/${assetId}/token`, {
    symbol: 'HVA',
    name,
    totalSupply: tokens,
    decimals: 0,
    price,
    minInvestment,
    maxInvestment,
    network: 'polygon',
    lockUpMonths: 12,
    feePercent: 3.5,
  });
  expectStatus('token terms', termed, 200);
  expectStatus('submit', await owner.post(`/api/assets/${assetId}/submit`), 200);
  return { owner, assetId };
}

/**
 * An owner with an asset whose tokenization an admin approved, and an offering of it: the path every
 * offering takes over HTTP (plan, draft, documents, valuation, token terms, review, offering).
 */
export async function offeringFor(
  server: Server,
  admin: Api,
  totalTokens: number,
  tokenPrice = '125.00',
  minimumInvestment = '1',
  assetTerms: Omit<Parameters<typeof submittedAsset>[1], 'tokens'> = {},
) {
  const { owner, assetId } = await approvedAsset(server, admin, totalTokens, assetTerms);
  const created = await admin.post('/api/admin/offerings', {
    assetId,
    name: 'Harbour View Series A',
    description: 'Waterfront income',
    totalTokens,
    tokenPrice,
    minimumInvestment,
    lockupPeriod: 365,
  });
  expectStatus('create offering', created, 201);
  return { owner, assetId, offeringId: created.body.id as string, position: created.body.position as number };
}

/** An owner (on the enterprise plan) and their asset of `totalTokens`, approved by the admin, with no offering yet. */
export async function approvedAsset(
  server: Server,
  admin: Api,
  totalTokens: number,
  terms: Omit<Parameters<typeof submittedAsset>[1], 'tokens'> = {},
) {
  const { owner, assetId } = await submittedAsset(server, { ...terms, tokens: totalTokens });
  const approved = await admin.post(`/api/admin/assets/${assetId}/approve`);
  expectStatus('approve', approved, 200);
  return { owner, assetId, position: approved.body.position as number };
}

/** A user (new unless given) who has submitted a professional's certification; answers them and its id. */
export async function certifying(
  server: Server,
  given?: Investor,
): Promise<{ investor: Investor; verificationId: string; position: number }> {
  const investor = given ?? (await signUp(server));
  const submitted = await investor.post('/api/wholesale-verification', {
    verificationType: 'professional',
    professionalType: 'accountant',
    verifierName: 'Hine Walker',
    verifierContact: 'hine@firm.nz',
  });
  expectStatus('submit verification', submitted, 201);
  return { investor, verificationId: submitted.body.id as string, position: submitted.body.position as number };
}

/** A user certified as a wholesale investor (professional, approved by the admin). */
export async function verifiedInvestor(server: Server, admin: Api): Promise<Investor> {
  const { investor, verificationId, position } = await certifying(server);
  const approved = await admin.put(
    `/api/admin/wholesale-verification/${verificationId}`,
    { status: 'verified' },
    { 'x-read-after': String(position) },
  );
  expectStatus('approve verification', approved, 200);
  return investor;
}

/**
 * A user whose certification was approved 25 months ago, so it has lapsed by now (24 months' validity). A
 * sweep never runs as of a later time, so the approval goes straight through the command bus, which takes
 * the decision's time from its context.
 */
export async function lapsedInvestor(server: StartedServer, adminId: string): Promise<Investor> {
  const { investor, verificationId } = await certifying(server);
  const longAgo = new Date(Date.now() - 25 * 31 * 86_400_000).toISOString();
  const approve = {
    type: 'ApproveVerification',
    verificationId,
    userId: investor.user.id,
    adminId,
    now: longAgo,
    validityMonths: 24,
  } as const;
  // Imported here: the built-app tests use the other helpers and start no app in their process.
  const [{ CommandBus }, { ExecuteVerificationCommand }, { systemContext }] = await Promise.all([
    import('@nestjs/cqrs'),
    import('../domains/wholesale/verification.handlers.js'),
    import('../platform/command-context.js'),
  ]);
  const context = systemContext('test', randomUUID(), longAgo);
  await server.app.get(CommandBus).execute(new ExecuteVerificationCommand(approve, context));
  return investor;
}
