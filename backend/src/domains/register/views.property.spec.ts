/**
 * Every view against the register (issue 28). Random sequences across several assets — offerings created (some cut
 * short by a crash) and closed, investments requested, confirmed and cancelled, cap-table adds, edits and removals,
 * supply issues and cancellations approved or rejected — through the real repository, deciders and process steps on
 * the in-memory stores, with the real projection engine following the log. Then every figure each read model
 * declares equals the register's own, live and after a rebuild from the log; and a read model document changed
 * behind the engine's back is drift in exactly that read model and that figure's asset, owner or platform.
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { AggregateRepository } from '../../platform/aggregate-repository.js';
import { systemContext } from '../../platform/command-context.js';
import { DomainError } from '../../platform/errors.js';
import { MemoryEventStore } from '../../platform/event-store/memory-event-store.js';
import { ProjectionEngine } from '../../platform/projection-engine/projection-engine.js';
import { project } from '../../platform/projection-engine/projection.js';
import { MemoryReadStore } from '../../platform/read-store/memory-read-store.js';
import type { Doc } from '../../platform/read-store/read-store.js';
import type { AdminCountersDoc } from '../../projections/admin-counters.js';
import type { AssetDoc } from '../../projections/assets.js';
import type { HoldingDoc } from '../../projections/holdings.js';
import { allProjections, registerFigures } from '../../projections/index.js';
import type { OfferingDoc } from '../../projections/offerings.js';
import type { PortfolioDoc } from '../../projections/portfolio.js';
import type { RegisterDoc } from '../../projections/registers.js';
import { assetStream, type TokenTerms } from '../assets/events.js';
import { offeringStream } from '../offerings/events.js';
import { offering } from '../offerings/offering.decider.js';
import type { AssetStreamEvent } from './events.js';
import { scopeKey, type Drift } from './figures.js';
import { OfferingAllocations } from './offering-allocations.js';
import { foldRegister, reconcile, RegisterReconciliation } from './reconciliation.js';
import { register } from './register.decider.js';

const OWNERS = ['owner-0', 'owner-1'];
// The last asset stays a draft: its holders still count on its owner's dashboard.
const ASSETS = [
  { id: 'a-0', owner: 0, supply: 1_000, approved: true },
  { id: 'a-1', owner: 0, supply: 1_850, approved: true },
  { id: 'a-2', owner: 1, supply: 500, approved: true },
  { id: 'a-3', owner: 1, supply: 300, approved: false },
];
const INVESTORS = ['p-0', 'p-1', 'p-2'];
const HOLDERS = ['h-0', 'h-1', 'h-2'];
const context = systemContext('property', 'corr-views', '2026-11-27T00:00:00.000Z');
const terms = (totalSupply: number): TokenTerms => ({
  symbol: 'HVA',
  name: 'Harbour View',
  totalSupply,
  decimals: 0,
  price: 1_000,
  minInvestment: 1,
  maxInvestment: 10_000_000,
  network: 'polygon',
  lockUpMonths: 0,
  feePercent: 0,
});

const asset = fc.integer({ min: 0, max: ASSETS.length - 1 });
const slot = fc.integer({ min: 0, max: 3 });
const step = fc.oneof(
  fc.record({
    op: fc.constant('create' as const),
    asset,
    slot,
    tokens: fc.integer({ min: 1, max: 600 }),
    crash: fc.boolean(),
  }),
  fc.record({ op: fc.constant('close' as const), asset, slot }),
  fc.record({
    op: fc.constant('invest' as const),
    asset,
    slot,
    investor: fc.integer({ min: 0, max: INVESTORS.length - 1 }),
    // NZD 1,000 a token: from 100 tokens the investment waits for staff.
    tokens: fc.integer({ min: 1, max: 150 }),
  }),
  fc.record({ op: fc.constant('settle-pending' as const), asset, slot, confirm: fc.boolean() }),
  fc.record({
    op: fc.constant('holder' as const),
    asset,
    holder: fc.integer({ min: 0, max: HOLDERS.length - 1 }),
    tokens: fc.integer({ min: 0, max: 300 }),
  }),
  fc.record({
    op: fc.constant('supply' as const),
    asset,
    delta: fc.integer({ min: -400, max: 600 }).filter((d) => d !== 0),
    approve: fc.boolean(),
  }),
);

/** A document changed behind the app's back, and where its drift must show (scope keys). */
interface Tamper {
  readModel: string;
  change(docs: readonly Doc[]): { doc: Doc; about: string } | null;
}
const TAMPERS: Tamper[] = [
  {
    readModel: 'registers',
    change: (docs) => {
      const d = docs[0] as RegisterDoc | undefined;
      return d
        ? { doc: { ...d, totals: { ...d.totals, ownerRetained: d.totals.ownerRetained + 7 } }, about: `asset:${d._id}` }
        : null;
    },
  },
  {
    readModel: 'assets',
    change: (docs) => {
      const d = docs[0] as AssetDoc | undefined;
      return d ? { doc: { ...d, tokenCount: d.tokenCount + 7 }, about: `asset:${d._id}` } : null;
    },
  },
  {
    readModel: 'portfolio',
    change: (docs) => {
      const d = docs[0] as PortfolioDoc | undefined;
      return d ? { doc: { ...d, totalInvestors: d.totalInvestors + 1 }, about: `owner:${d._id}` } : null;
    },
  },
  {
    readModel: 'offerings',
    change: (docs) => {
      const d = docs[0] as OfferingDoc | undefined;
      return d ? { doc: { ...d, tokensIssued: d.tokensIssued + 3 }, about: `asset:${d.assetId}` } : null;
    },
  },
  {
    readModel: 'holdings',
    change: (docs) => {
      const d = (docs as HoldingDoc[]).find((h) => h.status === 'confirmed');
      return d ? { doc: { ...d, tokensHeld: d.tokensHeld + 1 }, about: `asset:${d.assetId}` } : null;
    },
  },
  {
    readModel: 'admin-counters',
    change: (docs) => {
      const d = docs[0] as AdminCountersDoc | undefined;
      return d ? { doc: { ...d, activeOfferings: d.activeOfferings + 1 }, about: 'platform' } : null;
    },
  },
];

async function refusedOk(work: Promise<unknown>): Promise<void> {
  try {
    await work;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
  }
}

const declared = allProjections.filter((p) => !('none' in registerFigures[p.name]!));

describe('Every view against the register, over random sequences', () => {
  it('declared figures equal the register live and after a rebuild; tampering drifts exactly there', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 5, maxLength: 30 }),
        fc.integer({ min: 0, max: TAMPERS.length - 1 }),
        async (steps, tamperAt) => {
          const store = new MemoryEventStore();
          const reads = new MemoryReadStore();
          const engine = new ProjectionEngine(store, reads, allProjections);
          await engine.start();
          try {
            const repository = new AggregateRepository(store, { error: () => undefined });
            const allocations = new OfferingAllocations(repository, store);
            for (const a of ASSETS) {
              const ownerId = OWNERS[a.owner]!;
              const events: AssetStreamEvent[] = [
                {
                  type: 'AssetDrafted',
                  data: {
                    assetId: a.id,
                    ownerId,
                    name: 'Harbour View',
                    description: 'Twelve waterfront apartments',
                    assetType: 'property',
                    address: null,
                    totalValue: a.supply * 1_000,
                    tokenCount: a.supply,
                  },
                },
                { type: 'TokenConfigured', data: { assetId: a.id, ownerId, terms: terms(a.supply) } },
                ...(a.approved
                  ? [
                      {
                        type: 'TokenizationApproved' as const,
                        data: {
                          assetId: a.id,
                          ownerId,
                          approvedBy: 'admin',
                          terms: terms(a.supply),
                          value: a.supply * 1_000,
                        },
                      },
                    ]
                  : []),
              ];
              const metadata = { ...context, schemaVersion: 1, occurredAt: context.now };
              await store.append(
                assetStream(a.id),
                events.map((e, i) => ({ ...e, metadata: { ...metadata, eventId: `${a.id}-${i}` } })),
                'no_stream',
              );
            }
            const offeringId = (a: number, s: number) => `o-${a}-${s}`;
            let n = 0;

            for (const s of steps) {
              const a = ASSETS[s.asset]!;
              const ownerId = OWNERS[a.owner]!;
              switch (s.op) {
                case 'create': {
                  const data = {
                    offeringId: offeringId(s.asset, s.slot),
                    assetId: a.id,
                    ownerId,
                    name: 'Series',
                    description: '',
                    totalTokens: s.tokens,
                    tokenPrice: '1000.00',
                    minimumInvestment: '1.00',
                    lockupDays: 0,
                    createdBy: 'admin',
                  };
                  if (s.crash) {
                    // The allocation is recorded, then the process dies before the offering is (the sweep completes it).
                    const { offeringId: id, assetId, totalTokens, createdBy, ownerId: _o, ...rest } = data;
                    const allocate = {
                      type: 'AllocateToOffering' as const,
                      assetId,
                      offeringId: id,
                      tokens: totalTokens,
                    };
                    await refusedOk(
                      repository.handle(
                        register,
                        assetStream(assetId),
                        { ...allocate, offering: { ...rest, createdBy } },
                        context,
                      ),
                    );
                  } else await refusedOk(allocations.create(data, context));
                  break;
                }
                case 'close':
                case 'invest':
                case 'settle-pending': {
                  const id = offeringId(s.asset, s.slot);
                  const { state } = await repository.load(offering, offeringStream(id));
                  if (state.status === 'none') break;
                  const pendingId = [...state.pending.keys()][0];
                  const command =
                    s.op === 'close'
                      ? { type: 'CloseOffering' as const, offeringId: id, adminId: 'admin' }
                      : s.op === 'invest'
                        ? {
                            type: 'Invest' as const,
                            offeringId: id,
                            investmentId: `inv-${++n}`,
                            investorId: INVESTORS[s.investor]!,
                            investorIsWholesale: true,
                            termsMinimumCents: null,
                            linkedElsewhereCents: 0,
                            tokens: s.tokens,
                            amount: s.tokens * 1_000,
                            now: context.now,
                          }
                        : pendingId === undefined
                          ? null
                          : s.confirm
                            ? {
                                type: 'ConfirmInvestment' as const,
                                offeringId: id,
                                investmentId: pendingId,
                                adminId: 'admin',
                              }
                            : {
                                type: 'CancelInvestment' as const,
                                offeringId: id,
                                investmentId: pendingId,
                                adminId: 'admin',
                                reason: 'Funds did not clear',
                              };
                  if (!command) break;
                  await refusedOk(repository.handle(offering, offeringStream(id), command, context));
                  await allocations.settle(a.id, id, context);
                  break;
                }
                case 'holder': {
                  const investorId = `${a.id}-${HOLDERS[s.holder]!}`;
                  const { state } = await repository.load(register, assetStream(a.id));
                  const base = { assetId: a.id, ownerId, investorId, name: 'Aroha Ngata', email: null };
                  const command = !state.holders.has(investorId)
                    ? s.tokens === 0
                      ? null
                      : { type: 'AddInvestor' as const, ...base, tokens: s.tokens, maxInvestors: null }
                    : s.tokens === 0
                      ? { type: 'RemoveInvestor' as const, assetId: a.id, ownerId, investorId, reason: 'Sold' }
                      : { type: 'ChangeInvestorHolding' as const, ...base, tokens: s.tokens, reason: 'Deed' };
                  if (command) await refusedOk(repository.handle(register, assetStream(a.id), command, context));
                  break;
                }
                case 'supply': {
                  const changeId = `c-${++n}`;
                  const ask = { type: 'RequestSupplyChange' as const, assetId: a.id, ownerId, changeId };
                  await refusedOk(
                    repository.handle(
                      register,
                      assetStream(a.id),
                      { ...ask, delta: s.delta, reason: 'Raise', now: context.now },
                      context,
                    ),
                  );
                  const decision = s.approve
                    ? { type: 'ApproveSupplyChange' as const, assetId: a.id, changeId, adminId: 'admin' }
                    : { type: 'RejectSupplyChange' as const, assetId: a.id, changeId, adminId: 'admin', reason: 'No' };
                  await refusedOk(repository.handle(register, assetStream(a.id), decision, context));
                  break;
                }
                default: {
                  const _exhaustive: never = s;
                  break;
                }
              }
            }
            // The sweep's work: complete what a crash cut short, settle every offering.
            for (const a of ASSETS) {
              const { state } = await repository.load(register, assetStream(a.id));
              for (const o of state.offerings.keys()) {
                await allocations.complete(a.id, o, context);
                await allocations.settle(a.id, o, context);
              }
            }

            // Live: the engine's read models.
            const reconciliation = new RegisterReconciliation(store, reads, {
              caughtUp: (position) => engine.waitFor(position, null, 10_000),
            });
            const live = await reconciliation.start();
            expect(live).toMatchObject({ ok: true, drift: [], error: null, assets: ASSETS.length, unsettled: 0 });

            // Rebuilt: every declared read model projected afresh from the whole log.
            const log = await store.readAll({ fromPosition: 0, maxCount: 1_000_000 });
            const registers = new Map(
              await Promise.all(ASSETS.map(async (a) => [a.id, (await foldRegister(store, a.id)).register] as const)),
            );
            const rebuilt = new Map(declared.map((p) => [p.name, [...project(p, log).values()] as Doc[]]));
            expect(reconcile(registers, registers, rebuilt)).toEqual([]);

            // Tampered behind the engine's back: drift in that read model, about that document's asset, owner or platform.
            const tamper = TAMPERS[tamperAt]!;
            const collection = reads.collection<Doc>(tamper.readModel);
            const changed = tamper.change(await collection.find({}, { sort: { _id: 1 } }));
            if (!changed) return;
            await collection.upsert(changed.doc);
            const found = await reconciliation.start();
            expect(found.ok).toBe(false);
            const where = (d: Drift) => `${d.readModel} ${scopeKey(d)}`;
            expect(new Set(found.drift.map(where))).toEqual(new Set([`${tamper.readModel} ${changed.about}`]));
          } finally {
            await engine.stop();
          }
        },
      ),
      { numRuns: 50 },
    );
  }, 120_000);
});
