/**
 * Random interleavings across several assets — offerings created and closed, investments requested, confirmed and
 * cancelled, cap-table edits, supply changes, and steps a crash cut short — through the real repository, deciders
 * and process steps on the in-memory store. After every step, for each asset:
 *   Σ investor holdings + Σ unsold allocations + off-platform + owner retained = supply, nothing negative;
 * and at the end, once everything is settled, the read models equal a fresh replay of the register.
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { AggregateRepository } from '../../platform/aggregate-repository.js';
import { systemContext } from '../../platform/command-context.js';
import { fold } from '../../platform/decider.js';
import { DomainError } from '../../platform/errors.js';
import { MemoryEventStore } from '../../platform/event-store/memory-event-store.js';
import { project } from '../../platform/projection-engine/projection.js';
import { assetsProjection } from '../../projections/assets.js';
import { registersProjection } from '../../projections/registers.js';
import { assetStream, type TokenTerms } from '../assets/events.js';
import { offeringStream } from '../offerings/events.js';
import { offering } from '../offerings/offering.decider.js';
import type { AssetStreamEvent } from './events.js';
import { OfferingAllocations } from './offering-allocations.js';
import { register, registerTotals } from './register.decider.js';

const ASSETS = ['a-0', 'a-1', 'a-2'];
const INVESTORS = ['p-0', 'p-1', 'p-2'];
const HOLDERS = ['h-0', 'h-1', 'h-2', 'constructor'];
const context = systemContext('property', 'corr-property', '2026-11-23T00:00:00.000Z');
const terms = (totalSupply: number): TokenTerms => ({
  symbol: 'HVA',
  name: 'Harbour View',
  totalSupply,
  decimals: 0,
  price: 1,
  minInvestment: 1,
  maxInvestment: 1_000_000,
  network: 'polygon',
  lockUpMonths: 0,
  feePercent: 0,
});

const asset = fc.integer({ min: 0, max: ASSETS.length - 1 });
const slot = fc.integer({ min: 0, max: 5 });
const step = fc.oneof(
  fc.record({
    op: fc.constant('create' as const),
    asset,
    slot,
    tokens: fc.integer({ min: 1, max: 600 }),
    crash: fc.boolean(),
  }),
  fc.record({ op: fc.constant('close' as const), asset, slot, crash: fc.boolean() }),
  fc.record({
    op: fc.constant('invest' as const),
    asset,
    slot,
    investor: fc.integer({ min: 0, max: INVESTORS.length - 1 }),
    tokens: fc.integer({ min: 1, max: 150 }),
    // 1 000 NZD a token: from 100 tokens the investment waits for staff (the NZD 100,000 rule).
    crash: fc.boolean(),
  }),
  fc.record({ op: fc.constant('settle-pending' as const), asset, slot, confirm: fc.boolean(), crash: fc.boolean() }),
  fc.record({
    op: fc.constant('holder' as const),
    asset,
    holder: fc.integer({ min: 0, max: HOLDERS.length - 1 }),
    tokens: fc.integer({ min: 0, max: 500 }),
  }),
  fc.record({
    op: fc.constant('supply' as const),
    asset,
    delta: fc.integer({ min: -400, max: 400 }),
    approve: fc.boolean(),
  }),
  fc.record({ op: fc.constant('sweep' as const) }),
);

async function refusedOk(work: Promise<unknown>): Promise<void> {
  try {
    await work;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
  }
}

describe('Register, properties over interleavings', () => {
  it('every asset adds up after every step, and read models equal a fresh replay', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 40 }), async (steps) => {
        const store = new MemoryEventStore();
        const repository = new AggregateRepository(store, { error: () => undefined });
        const allocations = new OfferingAllocations(repository, store);
        const supplies = [1_000, 1_850, 500];
        for (const [n, id] of ASSETS.entries()) {
          const approved: AssetStreamEvent[] = [
            {
              type: 'AssetDrafted',
              data: {
                assetId: id,
                ownerId: 'owner',
                name: 'Harbour View',
                description: 'Twelve waterfront apartments',
                assetType: 'property',
                address: null,
                totalValue: 1_000_000,
                tokenCount: supplies[n]!,
              },
            },
            {
              type: 'TokenizationApproved',
              data: {
                assetId: id,
                ownerId: 'owner',
                approvedBy: 'admin',
                terms: terms(supplies[n]!),
                value: 1_000_000,
              },
            },
          ];
          const metadata = { ...context, eventId: '', schemaVersion: 1, occurredAt: context.now };
          await store.append(
            assetStream(id),
            approved.map((e, i) => ({ ...e, metadata: { ...metadata, eventId: `${id}-${i}` } })),
            'no_stream',
          );
        }
        const offeringId = (a: number, s: number) => `o-${a}-${s}`;
        const settleAll = async () => {
          for (const id of ASSETS) {
            const { state } = await repository.load(register, assetStream(id));
            for (const o of state.offerings.keys()) {
              // The sweep's step: complete an allocation a crash left without its offering, then settle.
              await allocations.complete(id, o, context);
              await allocations.settle(id, o, context);
            }
          }
        };

        for (const s of steps) {
          switch (s.op) {
            case 'create': {
              const id = offeringId(s.asset, s.slot);
              const data = {
                offeringId: id,
                assetId: ASSETS[s.asset]!,
                ownerId: 'owner',
                name: 'Series',
                description: '',
                totalTokens: s.tokens,
                tokenPrice: '1000.00',
                minimumInvestment: '0.00',
                lockupDays: 0,
                createdBy: 'admin',
              };
              if (s.crash) {
                // The allocation is recorded, then the process dies before the offering is.
                const { offeringId: _o, assetId, totalTokens, createdBy, ...rest } = data;
                await refusedOk(
                  repository.handle(
                    register,
                    assetStream(assetId),
                    {
                      type: 'AllocateToOffering',
                      assetId,
                      offeringId: id,
                      tokens: totalTokens,
                      offering: { ...rest, createdBy },
                    },
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
              const command =
                s.op === 'close'
                  ? { type: 'CloseOffering' as const, offeringId: id, adminId: 'admin' }
                  : s.op === 'invest'
                    ? {
                        type: 'Invest' as const,
                        offeringId: id,
                        investmentId: `inv-${Math.random().toString(36).slice(2)}`,
                        investorId: INVESTORS[s.investor]!,
                        investorIsWholesale: true,
                        termsMinimumCents: null,
                        linkedElsewhereCents: 0,
                        tokens: s.tokens,
                        amount: s.tokens * 1_000,
                        now: context.now,
                      }
                    : [...state.pending.keys()][0] === undefined
                      ? null
                      : {
                          type: s.confirm ? ('ConfirmInvestment' as const) : ('CancelInvestment' as const),
                          offeringId: id,
                          investmentId: [...state.pending.keys()][0]!,
                          adminId: 'admin',
                          reason: 'Funds did not clear',
                        };
              if (!command) break;
              await refusedOk(repository.handle(offering, offeringStream(id), command, context));
              if (!s.crash) await allocations.settle(ASSETS[s.asset]!, id, context);
              break;
            }
            case 'holder': {
              const assetId = ASSETS[s.asset]!;
              const investorId = HOLDERS[s.holder]!;
              const { state } = await repository.load(register, assetStream(assetId));
              const base = { assetId, ownerId: 'owner', investorId, name: 'Aroha Ngata', email: null };
              const command = !state.holders.has(investorId)
                ? { type: 'AddInvestor' as const, ...base, tokens: s.tokens, maxInvestors: null }
                : s.tokens === 0
                  ? { type: 'RemoveInvestor' as const, assetId, ownerId: 'owner', investorId, reason: 'Sold' }
                  : { type: 'ChangeInvestorHolding' as const, ...base, tokens: s.tokens, reason: 'Deed' };
              await refusedOk(repository.handle(register, assetStream(assetId), command, context));
              break;
            }
            case 'supply': {
              const assetId = ASSETS[s.asset]!;
              const changeId = `c-${Math.random().toString(36).slice(2)}`;
              const ask = { type: 'RequestSupplyChange' as const, assetId, ownerId: 'owner', changeId };
              await refusedOk(
                repository.handle(
                  register,
                  assetStream(assetId),
                  { ...ask, delta: s.delta, reason: 'Raise', now: context.now },
                  context,
                ),
              );
              const decision = s.approve
                ? { type: 'ApproveSupplyChange' as const, assetId, changeId, adminId: 'admin' }
                : { type: 'RejectSupplyChange' as const, assetId, changeId, adminId: 'admin', reason: 'No' };
              await refusedOk(repository.handle(register, assetStream(assetId), decision, context));
              break;
            }
            case 'sweep':
              await settleAll();
              break;
            default: {
              const _exhaustive: never = s;
              break;
            }
          }
          // After every step: each asset's parts add up to its supply, none negative.
          for (const id of ASSETS) {
            const totals = registerTotals((await repository.load(register, assetStream(id))).state);
            const { supply, ownerRetained, offPlatform, unsold, issued } = totals;
            expect(ownerRetained + offPlatform + unsold + issued).toBe(supply);
            expect(Math.min(ownerRetained, offPlatform, unsold, issued)).toBeGreaterThanOrEqual(0);
          }
        }

        await settleAll();
        const log = await store.readAll({ fromPosition: 0, maxCount: 1_000_000 });
        const registers = project(registersProjection, log);
        const assets = project(assetsProjection, log);
        for (const id of ASSETS) {
          const stream = await store.readStream(assetStream(id));
          const state = fold(register, stream as unknown as AssetStreamEvent[]);
          const totals = registerTotals(state);
          expect(registers.get(id)?.totals).toEqual(totals);
          const rows = assets.get(id)!.capTable;
          const sum = (kind: string) => rows.filter((r) => r.source === kind).reduce((t, r) => t + r.tokens, 0);
          expect([sum('off-platform'), sum('platform')]).toEqual([totals.offPlatform, totals.issued]);
          // Every confirmed investment in the offering streams is issued on the register, once.
          let confirmed = 0;
          for (const o of state.offerings.keys()) {
            const events = await store.readStream(offeringStream(o));
            confirmed += events
              .filter((e) => e.type === 'InvestmentConfirmed')
              .reduce((t, e) => t + (e.data as { tokens: number }).tokens, 0);
            const offeringState = (await repository.load(offering, offeringStream(o))).state;
            if (offeringState.status !== 'none')
              expect(offeringState.totalTokens).toBe(state.offerings.get(o)!.allocated);
          }
          expect(totals.issued).toBe(confirmed);
        }
      }),
      { numRuns: 40 },
    );
  });
});
