import { fromCents } from '../domains/offerings/money.js';
import { distributionView, type Names } from '../domains/income/distribution-views.js';
import type { ReadModels } from '../platform/read-store/read-models.js';
import type { Filter } from '../platform/read-store/read-store.js';
import { assetsProjection, type AssetDoc } from './assets.js';
import { distributionsProjection, type DistributionDoc } from './distributions.js';
import { taxProfilesProjection, taxStandings, type TaxProfileDoc } from './tax-profiles.js';
import { peopleById, type Person } from './users.js';

/** The distributions read model's queries: the owner's, the admins' and the investor's views. */
export class DistributionQueries {
  constructor(private readonly reads: ReadModels) {}

  get(distributionId: string): Promise<DistributionDoc | null> {
    return this.reads.of(distributionsProjection).get(distributionId);
  }

  find(filter: Filter): Promise<DistributionDoc[]> {
    return this.reads.of(distributionsProjection).find(filter);
  }

  asset(assetId: string): Promise<AssetDoc | null> {
    return this.reads.of(assetsProjection).get(assetId);
  }

  taxProfile(userId: string): Promise<TaxProfileDoc | null> {
    return this.reads.of(taxProfilesProjection).get(userId);
  }

  taxStandings(userIds: readonly string[]): Promise<Map<string, TaxProfileDoc>> {
    return taxStandings(this.reads, userIds);
  }

  people(ids: Iterable<string>, unnamed?: string): Promise<Map<string, Person>> {
    return peopleById(this.reads, ids, unnamed);
  }

  async assetNames(assetIds: Iterable<string>): Promise<Map<string, string>> {
    const assets = await this.reads.of(assetsProjection).byIds(assetIds);
    return new Map([...assets].map(([id, a]) => [id, a.name]));
  }

  /** Platform investors by their account's name; off-platform holders by the asset's cap table. */
  async lineNames(
    assetId: string,
    lines: readonly { holderKind: string; investorId: string | null }[],
  ): Promise<Names> {
    const people = await peopleById(
      this.reads,
      lines.flatMap((l) => (l.holderKind === 'platform' && l.investorId ? [l.investorId] : [])),
      'Wholesale investor',
    );
    const asset = await this.asset(assetId);
    const names = new Map<string, string>([...people].map(([id, p]) => [id, p.name]));
    for (const entry of asset?.capTable ?? [])
      if (entry.source === 'off-platform') names.set(entry.investorId, entry.name);
    return names;
  }

  /** `explorerUrl`: CHAIN_EXPLORER_URL, for the link to a stablecoin payment's transaction. */
  async view(explorerUrl: string | null, doc: DistributionDoc): Promise<ReturnType<typeof distributionView>> {
    const [assetNames, names] = await Promise.all([
      this.assetNames([doc.assetId]),
      this.lineNames(doc.assetId, doc.lines),
    ]);
    return distributionView(doc, assetNames.get(doc.assetId) ?? 'Asset', names, explorerUrl);
  }

  async summaries(docs: readonly DistributionDoc[]) {
    const [assetNames, owners] = await Promise.all([
      this.assetNames(docs.map((d) => d.assetId)),
      peopleById(
        this.reads,
        docs.map((d) => d.ownerId),
      ),
    ]);
    const distributions = [...docs]
      .sort((a, b) => (a.declaredAt < b.declaredAt ? 1 : -1))
      .map((d) => ({
        id: d._id,
        assetId: d.assetId,
        assetName: assetNames.get(d.assetId) ?? 'Asset',
        ownerId: d.ownerId,
        ownerName: owners.get(d.ownerId)?.name ?? 'Owner',
        kind: d.kind,
        amount: fromCents(d.amount),
        fundingDue: fromCents(d.fundingDue),
        recordDate: d.recordDate,
        paymentDate: d.paymentDate,
        status: d.status,
        declaredAt: d.declaredAt,
        holders: d.lines.filter((l) => l.holderKind !== 'owner').length,
        refundDue: fromCents(d.refundDue),
        refund: d.refund ?? {
          status: d.refundDue > 0 ? ('pending' as const) : ('none' as const),
          reference: null,
          failure: null,
        },
        recordCheckBlock: d.recordCheck?.blockNumber ?? null,
      }));
    return { distributions };
  }
}
