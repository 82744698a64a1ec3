import { describe, expect, it } from '@jest/globals';
import { fold, type DomainEvent } from '../../platform/decider.js';
import { MemoryEventStore } from '../../platform/event-store/memory-event-store.js';
import { MemoryReadStore } from '../../platform/read-store/memory-read-store.js';
import { project } from '../../platform/projection-engine/projection.js';
import type { Doc } from '../../platform/read-store/read-store.js';
import type { AssetDoc } from '../../projections/assets.js';
import type { HoldingDoc } from '../../projections/holdings.js';
import { allProjections, registerFigures } from '../../projections/index.js';
import type { OfferingDoc } from '../../projections/offerings.js';
import type { PortfolioDoc } from '../../projections/portfolio.js';
import type { RegisterDoc } from '../../projections/registers.js';
import { recorded } from '../../testing/recorded.js';
import { assetId, draftedAsset, ownerId, terms } from '../../testing/register-history.js';
import type { OfferingEvent } from '../offerings/events.js';
import type { AssetStreamEvent } from './events.js';
import {
  foldRegister,
  reconcile,
  RegisterReconciliation,
  type AssetRegister,
  type ShownDocuments,
} from './reconciliation.js';
import { register } from './register.decider.js';

const offeringTerms = {
  name: 'Series A',
  description: '',
  tokenPrice: '1.00',
  minimumInvestment: '0.00',
  lockupDays: 365,
  createdBy: 'admin-1',
};

/** The admin page counts offerings from their own streams: an offering the register knows and they do not. */
const uncountedOffering = {
  assetId: null,
  readModel: 'admin-counters',
  offeringId: null,
  field: 'activeOfferings',
  expected: 1,
  actual: 0,
};

/** 1,000 tokens: 150 off-platform, 400 offered of which 100 confirmed and 50 pending. */
const assetEvents: AssetStreamEvent[] = [
  draftedAsset({ totalValue: 1_000 }),
  { type: 'TokenConfigured', data: { assetId, ownerId, terms } },
  { type: 'TokenizationApproved', data: { assetId, ownerId, approvedBy: 'admin-1', terms, value: 1_000 } },
  {
    type: 'InvestorAdded',
    data: {
      assetId,
      ownerId,
      investorId: 'h-1',
      subjectId: 'h-1',
      tokens: 150,
      personal: { name: 'Aroha', email: null },
    },
  },
  { type: 'TokensAllocated', data: { assetId, ownerId, offeringId: 'o-1', tokens: 400, offering: offeringTerms } },
  {
    type: 'TokensIssued',
    data: {
      assetId,
      ownerId,
      offeringId: 'o-1',
      investmentId: 'inv-1',
      investorId: 'i-1',
      tokens: 100,
      offeringRevision: 2,
    },
  },
];
const investment = (investmentId: string, tokens: number) => ({
  offeringId: 'o-1',
  assetId,
  ownerId,
  investmentId,
  investorId: 'i-1',
  tokens,
  amount: `${tokens}.00`,
});
const offeringEvents: OfferingEvent[] = [
  {
    type: 'OfferingCreated',
    data: { offeringId: 'o-1', assetId, ownerId, totalTokens: 400, ...offeringTerms },
  },
  {
    type: 'InvestmentRequested',
    data: { ...investment('inv-1', 100), tokenPrice: '1.00', transferableFrom: '2027-11-01' },
  },
  { type: 'InvestmentConfirmed', data: { ...investment('inv-1', 100), confirmedBy: 'system' } },
  {
    type: 'InvestmentRequested',
    data: { ...investment('inv-2', 50), tokenPrice: '1.00', transferableFrom: '2027-11-01' },
  },
];

/** Every read model that declares register figures, projected from the log. */
function readModels(asset: AssetStreamEvent[] = assetEvents, offering: OfferingEvent[] = offeringEvents) {
  const log = [...recorded(`asset-${assetId}`, asset), ...recorded('offering-o-1', offering, asset.length + 1)].sort(
    (a, b) => a.position - b.position,
  );
  const declared = allProjections.filter((p) => !('none' in registerFigures[p.name]!));
  return new Map(declared.map((p) => [p.name, [...project(p, log).values()]])) as Map<string, Doc[]>;
}
const docs = <D extends Doc>(models: ShownDocuments, name: string) => models.get(name) as readonly D[];
const replaced = (models: ShownDocuments, name: string, list: readonly Doc[]) => new Map(models).set(name, list);
/** The comparison a whole run makes for this one asset. */
const reconcileAsset = (register: AssetRegister, models: ShownDocuments) => {
  const registers = new Map([[register.assetId, register]]);
  return reconcile(registers, registers, models);
};
const truth = (events = assetEvents, created = ['o-1']): AssetRegister => ({
  assetId,
  state: fold(register, events),
  created: new Set(created),
});

describe('reconcileAsset', () => {
  it('given read models projected from the same log as the register, then no drift', () => {
    expect(reconcileAsset(truth(), readModels())).toEqual([]);
  });

  it('given a registers document whose owner-retained total was changed, then that one figure drifts', () => {
    const models = readModels();
    const [doc] = docs<RegisterDoc>(models, 'registers');
    const register = { ...doc!, totals: { ...doc!.totals, ownerRetained: 999 } };
    expect(reconcileAsset(truth(), replaced(models, 'registers', [register]))).toEqual([
      { assetId, readModel: 'registers', offeringId: null, field: 'ownerRetained', expected: 450, actual: 999 },
    ]);
  });

  it('given a cap table row of more tokens than the register records, then the assets model drifts off-platform', () => {
    const models = readModels();
    const [asset] = docs<AssetDoc>(models, 'assets');
    const capTable = asset!.capTable.map((e) => (e.source === 'off-platform' ? { ...e, tokens: 5_000 } : e));
    expect(reconcileAsset(truth(), replaced(models, 'assets', [{ ...asset!, capTable } as AssetDoc]))).toEqual([
      { assetId, readModel: 'assets', offeringId: null, field: 'offPlatform', expected: 150, actual: 5_000 },
    ]);
  });

  it('given a confirmed holding missing, then the holdings model drifts for the asset and the offering', () => {
    const models = readModels();
    const holdings = docs<HoldingDoc>(models, 'holdings').filter((h) => h.status !== 'confirmed');
    expect(reconcileAsset(truth(), replaced(models, 'holdings', holdings))).toEqual([
      { assetId, readModel: 'holdings', offeringId: null, field: 'issued', expected: 100, actual: 0 },
      { assetId, readModel: 'holdings', offeringId: 'o-1', field: 'issued', expected: 100, actual: 0 },
      // Cents: 100 tokens at NZD 1.00.
      { assetId, readModel: 'holdings', offeringId: 'o-1', field: 'raised', expected: 10_000, actual: 0 },
    ]);
  });

  it('given an offering that shows more sold than issued, then its issued and unsold figures drift', () => {
    const models = readModels();
    const offerings = docs<OfferingDoc>(models, 'offerings').map((o) => ({ ...o, tokensIssued: 300 }));
    expect(reconcileAsset(truth(), replaced(models, 'offerings', offerings))).toEqual([
      { assetId, readModel: 'offerings', offeringId: 'o-1', field: 'issued', expected: 100, actual: 300 },
      { assetId, readModel: 'offerings', offeringId: 'o-1', field: 'unsold', expected: 300, actual: 100 },
    ]);
  });

  it('given an offering the register never allocated, then it drifts as a document the register does not know', () => {
    const models = readModels();
    const offerings = docs<OfferingDoc>(models, 'offerings');
    const stray = { ...offerings[0]!, _id: 'o-stray', totalTokens: 999_999 };
    expect(reconcileAsset(truth(), replaced(models, 'offerings', [...offerings, stray]))).toEqual([
      { assetId, readModel: 'offerings', offeringId: 'o-stray', field: 'document', expected: null, actual: 999_999 },
    ]);
  });

  it('given an allocation whose offering is not created yet, then no document is expected; once created, it is', () => {
    const allocatedOnly = assetEvents.slice(0, 5);
    const models = readModels(allocatedOnly, []);
    expect(models.get('offerings')).toEqual([]);
    expect(reconcileAsset(truth(allocatedOnly, []), models)).toEqual([]);
    expect(reconcileAsset(truth(allocatedOnly, ['o-1']), models)).toEqual([
      { assetId, readModel: 'offerings', offeringId: 'o-1', field: 'document', expected: 400, actual: null },
      // The admin page counts offerings from their own streams: none here.
      uncountedOffering,
    ]);
  });

  it('given a closed offering, then its unsold figure is what pending investments still reserve', () => {
    const closedOffering: OfferingEvent[] = [
      ...offeringEvents,
      { type: 'OfferingClosed', data: { offeringId: 'o-1', assetId, closedBy: 'admin-1' } },
    ];
    const settled: AssetStreamEvent[] = [
      ...assetEvents,
      {
        type: 'AllocationReturned',
        data: { assetId, offeringId: 'o-1', tokens: 250, cause: 'closed', offeringRevision: 4 },
      },
    ];
    expect(reconcileAsset(truth(settled), readModels(settled, closedOffering))).toEqual([]);
    // The register not told of the close yet: the offering is closed, the register still holds its 300 unsold.
    expect(reconcileAsset(truth(), readModels(assetEvents, closedOffering))).toEqual([
      { assetId, readModel: 'offerings', offeringId: 'o-1', field: 'unsold', expected: 300, actual: 50 },
      { assetId, readModel: 'offerings', offeringId: 'o-1', field: 'closed', expected: 'false', actual: 'true' },
      uncountedOffering,
    ]);
  });

  it('given no asset in the log, then any document of it drifts', () => {
    const drift = reconcileAsset(truth([], []), readModels());
    expect(drift.map((d) => `${d.readModel}.${d.field}`)).toEqual([
      'registers.document',
      'assets.document',
      // The asset's confirmed holdings and those of its offering.
      'holdings.document',
      'holdings.document',
      'offerings.document',
      'portfolio.document',
      'portfolio.activeTokens',
      'portfolio.totalInvestors',
      'admin-counters.activeOfferings',
    ]);
  });
});

describe('declared register figures', () => {
  it('every read model is listed: with the figures it shows, or with the reason it shows none', () => {
    expect(Object.keys(registerFigures).sort()).toEqual(allProjections.map((p) => p.name).sort());
    for (const declaration of Object.values(registerFigures))
      if ('none' in declaration) expect(declaration.none.length).toBeGreaterThan(5);
  });

  it('given a dashboard that missed a supply change and a removal, then its asset and owner figures drift', () => {
    const models = readModels();
    const [doc] = docs<PortfolioDoc>(models, 'portfolio');
    const stale: PortfolioDoc = {
      ...doc!,
      activeTokens: 500,
      totalInvestors: 3,
      assets: { [assetId]: { ...doc!.assets[assetId]!, tokens: 500, investors: 3 } },
    };
    const where = { readModel: 'portfolio', offeringId: null };
    expect(reconcileAsset(truth(), replaced(models, 'portfolio', [stale]))).toEqual([
      { ...where, assetId, field: 'supply', expected: 1_000, actual: 500 },
      { ...where, assetId, field: 'holders', expected: 2, actual: 3 },
      { ...where, assetId: null, ownerId, field: 'activeTokens', expected: 1_000, actual: 500 },
      { ...where, assetId: null, ownerId, field: 'totalInvestors', expected: 2, actual: 3 },
    ]);
  });

  it('given funds raised changed on an offering, then its raised figure drifts in cents', () => {
    const models = readModels();
    const offerings = docs<OfferingDoc>(models, 'offerings').map((o) => ({ ...o, fundsRaised: '1850000.00' }));
    expect(reconcileAsset(truth(), replaced(models, 'offerings', offerings))).toEqual([
      { assetId, readModel: 'offerings', offeringId: 'o-1', field: 'raised', expected: 10_000, actual: 185_000_000 },
    ]);
  });
});

describe('foldRegister', () => {
  const metadata = (n: number) => ({
    eventId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    schemaVersion: 1,
    occurredAt: '2026-11-01T00:00:00.000Z',
    actor: { kind: 'system' as const, name: 'test' },
    correlationId: 'test',
    causationId: null,
  });
  const append = async (store: MemoryEventStore, streamId: string, events: DomainEvent[], from: number) => {
    await store.append(
      streamId,
      events.map((e, i) => ({ ...e, metadata: metadata(from + i) })),
      'any',
    );
  };

  it('folds the asset stream afresh and counts a confirmation the register has yet to follow as unsettled', async () => {
    const store = new MemoryEventStore();
    // The register has not recorded TokensIssued yet: a crash between the confirmation and the settle.
    await append(store, `asset-${assetId}`, assetEvents.slice(0, 5), 1);
    await append(store, 'offering-o-1', offeringEvents, 10);
    const { register: folded, unsettled } = await foldRegister(store, assetId);
    expect(unsettled).toBe(1);
    expect(folded.created).toEqual(new Set(['o-1']));
    // What the register decides for it is what the read models (which saw the confirmation) show.
    expect(reconcileAsset(folded, readModels())).toEqual([]);
  });

  it('an asset never drafted folds to nothing', async () => {
    const { register: folded, unsettled } = await foldRegister(new MemoryEventStore(), 'nowhere');
    expect([folded.state.status, unsettled]).toEqual(['none', 0]);
  });
});

describe('RegisterReconciliation under steady writes', () => {
  /**
   * An asset someone invests in without pause: each time the run has waited for the read models, one more request
   * lands, which the register's fold holds and the read models have yet to show. `tamper` makes one read model wrong
   * for good, as a projection bug would.
   */
  async function busyAsset(tamper?: (models: Map<string, Doc[]>) => void) {
    const store = new MemoryEventStore();
    const reads = new MemoryReadStore();
    const asset = [...assetEvents];
    const offering = [...offeringEvents];
    const meta = (n: number) => ({
      eventId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      schemaVersion: 1,
      occurredAt: '2026-11-01T00:00:00.000Z',
      actor: { kind: 'system' as const, name: 'test' },
      correlationId: 'test',
      causationId: null,
    });
    const append = (streamId: string, events: readonly DomainEvent[]) =>
      store.append(
        streamId,
        events.map((e) => ({ ...e, metadata: meta(++written) })),
        'any',
      );
    let written = 0;
    await append(`asset-${assetId}`, asset);
    await append('offering-o-1', offering);
    let writing = true;
    const caughtUp = async () => {
      const models = readModels(asset, offering);
      tamper?.(models);
      for (const [name, list] of models)
        await reads.writeBatch([{ collection: name, ops: list.map((doc) => ({ upsert: doc })) }]);
      if (!writing) return;
      const id = `inv-${written + 100}`;
      const confirmed: OfferingEvent[] = [
        {
          type: 'InvestmentRequested',
          data: { ...investment(id, 1), tokenPrice: '1.00', transferableFrom: '2027-11-01' },
        },
        { type: 'InvestmentConfirmed', data: { ...investment(id, 1), confirmedBy: 'system' } },
      ];
      offering.push(...confirmed);
      await append('offering-o-1', confirmed);
      // What the process manager records on the register for it, as it does right after.
      const settled: AssetStreamEvent = {
        type: 'TokensIssued',
        data: {
          assetId,
          ownerId,
          offeringId: 'o-1',
          investmentId: id,
          investorId: 'i-1',
          tokens: 1,
          offeringRevision: offering.length - 1,
        },
      };
      asset.push(settled);
      await append(`asset-${assetId}`, [settled]);
    };
    const reconciliation = new RegisterReconciliation(store, reads, { caughtUp });
    return { reconciliation, stop: () => (writing = false) };
  }

  it('a difference that is only a write the read models have yet to show is never reported, run after run', async () => {
    const { reconciliation, stop } = await busyAsset();
    for (let run = 0; run < 3; run++) expect((await reconciliation.start()).drift).toEqual([]);
    stop();
    expect(await reconciliation.start()).toMatchObject({ ok: true, drift: [] });
  });

  it('a read model wrong for good on that asset is reported by the next run, and by a run once writes stop', async () => {
    const wrongTotal = (models: Map<string, Doc[]>) => {
      for (const doc of models.get('registers') as RegisterDoc[]) doc.totals.ownerRetained += 1;
    };
    const { reconciliation, stop } = await busyAsset(wrongTotal);
    const first = await reconciliation.start();
    expect(first.drift.filter((d) => d.field === 'ownerRetained')).toEqual([]);
    const second = await reconciliation.start();
    expect(second.ok).toBe(false);
    expect(second.drift).toContainEqual(expect.objectContaining({ readModel: 'registers', field: 'ownerRetained' }));
    stop();
    const quiet = await reconciliation.start();
    expect(quiet.drift).toContainEqual(expect.objectContaining({ readModel: 'registers', field: 'ownerRetained' }));
  });
});
