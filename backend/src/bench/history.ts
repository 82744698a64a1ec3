import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { AssetEvent } from '../domains/assets/events.js';
import type { UserEvent } from '../domains/identity/events.js';
import type { OfferingEvent } from '../domains/offerings/events.js';
import type { RegisterEvent } from '../domains/register/events.js';
import type { EarlyAccessEvent } from '../domains/early-access/events.js';
import { keyedEmailKey } from '../platform/email-key.js';
import type { EventStore, EventToAppend } from '../platform/event-store/event-store.js';
import { upcasters } from '../domains/upcasters.js';

/**
 * A platform's everyday history for benchmarks and boot tests: accounts that sign in again and again, registrations
 * of interest, assets revalued month after month and approved for tokenization, and offerings that investors buy
 * into, each allocated on its asset's register and every confirmed investment issued there, as the app records
 * them. Every event has the shape its domain appends (personal data under `personal`, sealed when `store` is
 * wrapped in PersonalDataProtection), so the real projections turn it into documents (about one document for every
 * five events) and the register's reconciliation finds no drift in it.
 *
 * Each story is one stream appended in one call (one multi-row insert in one transaction).
 */

type Domain = UserEvent | EarlyAccessEvent | AssetEvent | RegisterEvent | OfferingEvent;

/** E-mail keys are keyed with a secret from the vault; the bench's history has one of its own. */
const EMAIL_KEY_SECRET = randomBytes(32);
const emailKey = (email: string): string => keyedEmailKey(EMAIL_KEY_SECRET, email);

/** As the deciders stamp them (the others are at 1). */
const SESSIONS_PER_USER = 3;
const EXTENSIONS_PER_SESSION = 4;
const VALUATIONS_PER_ASSET = 26;
/** Approves every asset's tokenization. */
const BENCH_ADMIN = '00000000-0000-4000-8000-00000000a0a0';
const INVESTMENTS_PER_OFFERING = 30;

export interface FilledHistory {
  events: number;
  /** Chain facts recorded beside them (bench/chain-facts.ts; seeded histories only), also in the log. */
  chainEvents?: number;
  ms: number;
  /** An investor with holdings whose cookie session is still live (until 2099): `kauri.sid=<token>` signs in. */
  signedIn: { userId: string; token: string };
}

/** Appends exactly `events` events; the same count always gives the same mix (ids and times aside). */
export async function fillHistory(store: EventStore, events: number): Promise<FilledHistory> {
  const started = performance.now();
  const start = Date.parse('2025-01-01T00:00:00Z');
  let clock = 0;
  const at = () => new Date(start + (clock += 37_000)).toISOString();
  let written = 0;
  // The last event is the live session.
  let budget = events - 1;
  /** Appends what the budget leaves of `story`; returns how many of its events that was. */
  const append = async (streamId: string, story: Domain[]): Promise<number> => {
    const batch: EventToAppend[] = story.slice(0, budget - written).map(({ type, data }) => ({
      type,
      data,
      metadata: {
        eventId: randomUUID(),
        schemaVersion: upcasters.versionOf(type),
        occurredAt: at(),
        actor: { kind: 'system', name: 'bench' },
        correlationId: randomUUID(),
        causationId: null,
      },
    }));
    if (batch.length === 0) return 0;
    await store.append(streamId, batch, 'any');
    written += batch.length;
    return batch.length;
  };

  const users: string[] = [];
  /** One account in ten lists assets (several each, over time); the others invest. */
  const owners: string[] = [];
  const assets: { assetId: string; ownerId: string }[] = [];
  let registrations = 0;
  let lastInvestor: string | undefined;
  for (let cycle = 0; written < budget; cycle++) {
    for (let u = 0; u < 2; u++) {
      const userId = randomUUID();
      users.push(userId);
      if (users.length % 10 === 1) owners.push(userId);
      await append(`user-${userId}`, userStory(userId, users.length, at));
    }
    for (let r = 0; r < 2; r++) {
      registrations++;
      await append('interest-register-prelaunch', registration(registrations, at));
    }
    const ownerId = owners[assets.length % owners.length]!;
    const assetId = randomUUID();
    assets.push({ assetId, ownerId });
    await append(`asset-${assetId}`, assetStory(assetId, ownerId, assets.length));
    if (cycle % 4 === 3) {
      const offeringId = randomUUID();
      const asset = assets[assets.length - 2]!;
      const story = offeringStory(offeringId, asset, users);
      // The register allocates first; then the offering sells, and the register issues what it confirmed.
      if ((await append(`asset-${asset.assetId}`, [allocation(story[0]!)])) === 0) continue;
      if (written + 3 <= budget) lastInvestor = (story.at(1) as { data: { investorId: string } }).data.investorId;
      const recorded = story.slice(0, await append(`offering-${offeringId}`, story));
      await append(`asset-${asset.assetId}`, issued(recorded));
    }
  }
  // The investor of the most recent investment signs in for good (the benchmark's authenticated reads).
  const userId = lastInvestor ?? users[0]!;
  // Shaped as the app's own tokens (32 bytes, base64url), which is all a session cookie is let in as.
  const token = createHash('sha256').update(`bench-${userId}`).digest('base64url');
  const tokenHash = createHash('sha256').update(token).digest('hex');
  const lifetime = {
    startedAt: at(),
    expiresAt: '2099-01-01T00:00:00.000Z',
    idleExpiresAt: '2099-01-01T00:00:00.000Z',
  };
  budget = events;
  await append(`user-${userId}`, [
    { type: 'SessionStarted', data: { userId, tokenHash, kind: 'cookie', ...lifetime } },
  ]);
  return { events: written, ms: Math.round(performance.now() - started), signedIn: { userId, token } };
}

function userStory(userId: string, n: number, at: () => string): UserEvent[] {
  const email = `investor${n}@example.nz`;
  const story: UserEvent[] = [
    {
      type: 'UserRegistered',
      data: {
        userId,
        subjectId: userId,
        emailKey: emailKey(email),
        method: 'password',
        personal: { email, firstName: 'Bench', lastName: `Investor ${n}` },
      },
    },
  ];
  for (let s = 0; s < SESSIONS_PER_USER; s++) {
    const tokenHash = createHash('sha256').update(`${userId}:${s}`).digest('hex');
    const startedAt = at();
    const expiresAt = new Date(Date.parse(startedAt) + 30 * 86_400_000).toISOString();
    story.push({ type: 'UserSignedIn', data: { userId, method: 'password' } });
    const session = { userId, tokenHash };
    const lifetime = { startedAt, expiresAt, idleExpiresAt: expiresAt };
    story.push({ type: 'SessionStarted', data: { ...session, kind: 'cookie', ...lifetime } });
    for (let e = 0; e < EXTENSIONS_PER_SESSION; e++) {
      story.push({ type: 'SessionExtended', data: { ...session, idleExpiresAt: expiresAt } });
    }
    story.push({ type: 'SessionEnded', data: { userId, tokenHash, reason: 'signed-out' } });
  }
  return story;
}

/** A registration of interest, its confirmation mail (sent through the outbox) and its confirmation. */
function registration(number: number, at: () => string): EarlyAccessEvent[] {
  const email = `interest${number}@example.nz`;
  const registrationId = randomUUID();
  const registeredAt = at();
  const messageId = randomUUID();
  const tokenHash = createHash('sha256').update(messageId).digest('hex');
  const expiresAt = new Date(Date.parse(registeredAt) + 7 * 86_400_000).toISOString();
  return [
    {
      type: 'InterestRegistered',
      data: {
        registrationId,
        emailKey: emailKey(email),
        subjectId: registrationId,
        personal: {
          firstName: 'Bench',
          lastName: 'Mark',
          email,
          phone: '+64 21 555 0199',
          dateOfBirth: '1980-01-01',
          city: 'Auckland',
          occupation: 'Tester',
          additionalInfo: null,
        },
        country: 'nz',
        investmentInterest: ['residential', 'startups'],
        investmentAmount: '100k-500k',
        experience: 'intermediate',
        agreedToTermsAt: registeredAt,
        agreedToContactAt: registeredAt,
        registeredAt,
        placeOnRegistration: null,
      },
    },
    {
      type: 'ConfirmationMailSending',
      data: { registrationId, messageId, tokenHash, startedAt: registeredAt, expiresAt },
    },
    { type: 'ConfirmationMailSent', data: { registrationId, messageId } },
    { type: 'InterestConfirmed', data: { registrationId, number, feeWaived: number <= 100, confirmedAt: at() } },
  ];
}

function assetStory(assetId: string, ownerId: string, n: number): AssetEvent[] {
  const terms = {
    symbol: `BP${n % 10_000}`,
    name: `Bench ${n}`,
    totalSupply: 10_000,
    decimals: 0,
    price: 100,
    minInvestment: 100,
    maxInvestment: 100_000,
    network: 'polygon' as const,
    lockUpMonths: 12,
    feePercent: 2,
  };
  const story: AssetEvent[] = [
    {
      type: 'AssetDrafted',
      data: {
        assetId,
        ownerId,
        name: `Bench property ${n}`,
        description: 'A townhouse in a benchmark',
        assetType: 'property',
        address: `${n} Bench Street, Auckland`,
        totalValue: 1_000_000,
        tokenCount: 10_000,
      },
    },
    { type: 'TokenConfigured', data: { assetId, ownerId, terms } },
    { type: 'TokenizationRequested', data: { assetId, ownerId } },
    { type: 'TokenizationApproved', data: { assetId, ownerId, approvedBy: BENCH_ADMIN, terms, value: 1_000_000 } },
  ];
  for (let v = 0; v < VALUATIONS_PER_ASSET; v++) {
    const value = 1_000_000 + v * 5_000;
    story.push({ type: 'AssetValued', data: { assetId, ownerId, value, method: 'property-calculator' } });
  }
  return story;
}

function offeringStory(
  offeringId: string,
  asset: { assetId: string; ownerId: string },
  users: readonly string[],
): OfferingEvent[] {
  const { assetId, ownerId } = asset;
  const story: OfferingEvent[] = [
    {
      type: 'OfferingCreated',
      data: {
        offeringId,
        assetId,
        ownerId,
        name: 'Bench offering',
        description: 'Tokens of a benchmark townhouse',
        totalTokens: 6_000,
        tokenPrice: '100.00',
        minimumInvestment: '100.00',
        lockupDays: 365,
        createdBy: ownerId,
      },
    },
  ];
  for (let i = 0; i < INVESTMENTS_PER_OFFERING; i++) {
    const investmentId = randomUUID();
    const investorId = users[(((users.length - 1 - i * 7) % users.length) + users.length) % users.length]!;
    const tokens = 10 + i;
    const amount = `${tokens * 100}.00`;
    const investment = { offeringId, assetId, ownerId, investmentId, investorId, tokens, amount };
    const transferableFrom = '2026-01-01T00:00:00.000Z';
    story.push({ type: 'InvestmentRequested', data: { ...investment, tokenPrice: '100.00', transferableFrom } });
    story.push({ type: 'InvestmentConfirmed', data: { ...investment, confirmedBy: ownerId } });
  }
  return story;
}

/** The register's half of creating an offering (it carries the offering's terms). */
function allocation(created: OfferingEvent): RegisterEvent {
  if (created.type !== 'OfferingCreated') throw new Error('an offering story starts with OfferingCreated');
  const { offeringId, assetId, ownerId, totalTokens, name, description, tokenPrice, minimumInvestment } = created.data;
  const { lockupDays, createdBy } = created.data;
  const offering = { name, description, tokenPrice, minimumInvestment, lockupDays, createdBy };
  return { type: 'TokensAllocated', data: { assetId, ownerId, offeringId, tokens: totalTokens, offering } };
}

/** The register following an offering's recorded story: one issue per confirmed investment, at its revision. */
function issued(recorded: readonly OfferingEvent[]): RegisterEvent[] {
  return recorded.flatMap((event, revision): RegisterEvent[] => {
    if (event.type !== 'InvestmentConfirmed') return [];
    const { assetId, ownerId, offeringId, investmentId, investorId, tokens } = event.data;
    const data = { assetId, ownerId, offeringId, investmentId, investorId, tokens, offeringRevision: revision };
    return [{ type: 'TokensIssued', data }];
  });
}
