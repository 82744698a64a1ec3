/**
 * The registers read model's queries: an asset's register, its cap table now or as of a past moment (replayed
 * from the asset's stream), the cap table as CSV, and the supply changes awaiting an admin.
 */
import { assetStream } from '../domains/assets/events.js';
import { tokenPriceNow } from '../domains/register/token-price.js';
import { csvLine } from '../platform/csv.js';
import type { EventStore } from '../platform/event-store/event-store.js';
import { nzDateTime } from '../platform/nz-time.js';
import { project } from '../platform/projection-engine/projection.js';
import type { ReadModels } from '../platform/read-store/read-models.js';
import { withoutInternals } from '../platform/read-store/read-store.js';
import { assetsProjection, type AssetDoc } from './assets.js';
import { isStaff, type Viewer } from './investments.query.js';
import {
  capTableOf,
  pendingFreezes,
  pendingSupplyChanges,
  registersProjection,
  type CapTable,
  type RegisterDoc,
} from './registers.js';
import { peopleById } from './users.js';

/** An asset with its register, as a viewer who may see them reads them. */
export interface AssetRegister {
  asset: AssetDoc;
  register: RegisterDoc;
}

export type CapTableAt = CapTable & { asOf: string | null };

export class RegisterQueries {
  constructor(
    private readonly reads: ReadModels,
    private readonly events: EventStore,
  ) {}

  /** The owner's asset and its register, or any for admins and compliance staff; null otherwise. */
  async visibleTo(id: string, viewer: Viewer): Promise<AssetRegister | null> {
    const [asset, register] = await Promise.all([
      this.reads.of(assetsProjection).get(id),
      this.reads.of(registersProjection).get(id),
    ]);
    if (!asset || !register || (asset.ownerId !== viewer.userId && !isStaff(viewer))) return null;
    return { asset, register };
  }

  /** The asset's supply: owner retained, off-platform, offered, issued; allocations; supply changes. */
  registerView({ asset, register }: AssetRegister) {
    // To the cent, as a price is entered on a form.
    const price = tokenPriceNow(asset.totalValue, register.supply);
    // Transfers' claims are the sellers' holdings' (shown with them), not the asset's supply.
    const { earmarks: _, ...supply } = register;
    return {
      assetId: register._id,
      ...withoutInternals(supply),
      tokenPriceNow: price === null ? null : Math.round(price * 100) / 100,
      transferApproval: register.transferApproval ?? 'owner',
    };
  }

  /**
   * The cap table of a visible asset: now (`at` null), or as the asset's stream held it at that instant —
   * holders, allocations, issued tokens, supply changes — replayed from the log.
   */
  async capTable(id: string, current: AssetRegister, at: string | null): Promise<CapTableAt> {
    let asset: Pick<AssetDoc, '_id' | 'capTable' | 'terms' | 'totalValue'> = current.asset;
    let register: RegisterDoc = current.register;
    if (at !== null) {
      const until = at;
      const events = (await this.events.readStream(assetStream(id))).filter((e) => e.metadata.occurredAt <= until);
      const replayedAsset = project(assetsProjection, events).get(id);
      const replayedRegister = project(registersProjection, events).get(id);
      if (!replayedAsset || !replayedRegister) return { assetId: id, supply: 0, tokenPrice: 0, lines: [], asOf: at };
      asset = replayedAsset;
      register = replayedRegister;
    }
    const table = capTableOf(asset, register);
    return { ...table, lines: await this.named(table.lines), asOf: at };
  }

  /** Platform investors under the name and e-mail on their account (the read models keep only their id). */
  private async named(lines: CapTable['lines']): Promise<CapTable['lines']> {
    const investorOf = (line: CapTable['lines'][number]) => (line.kind === 'platform' ? line.investorId : null);
    const people = await peopleById(
      this.reads,
      lines.flatMap((l) => investorOf(l) ?? []),
      'Wholesale investor',
    );
    return lines.map((line) => {
      const investorId = investorOf(line);
      const person = investorId && people.get(investorId);
      return person ? { ...line, name: person.name, email: person.email } : line;
    });
  }

  /** Freezes and unfreezes awaiting a second admin, oldest first, each holder named. */
  async pendingFreezes() {
    const freezes = await pendingFreezes(this.reads);
    const people = await peopleById(
      this.reads,
      freezes.map((f) => f.holderId),
      'Wholesale investor',
    );
    return freezes.map((f) => ({ ...f, holderName: people.get(f.holderId)?.name ?? '' }));
  }

  /** Supply changes awaiting an admin, oldest first (`pendingSupplyChanges`). */
  pendingSupplyChanges() {
    return pendingSupplyChanges(this.reads);
  }
}

/** The cap table as CSV: one row per holder, then the total supply. */
export function capTableCsv(table: CapTableAt): string {
  const rows = [
    ['Holder', 'Email', 'Kind', 'Tokens held', 'Value (NZD)', 'Percentage owned', 'Added'],
    ...table.lines.map((l) => [
      l.name,
      l.email,
      l.kind,
      l.tokens,
      Math.round(l.tokens * table.tokenPrice * 100) / 100,
      l.percent.toFixed(2),
      // New Zealand time with its zone, as every time the app shows (not a UTC instant).
      l.addedAt ? nzDateTime(l.addedAt) : null,
    ]),
    ['Total supply', null, null, table.supply, Math.round(table.supply * table.tokenPrice * 100) / 100, '100.00', null],
  ];
  return rows.map((r) => csvLine(r, 'all')).join('');
}

/** The CSV's file name: the asset's id, and the day when it is as of a past moment. */
export function capTableFileName(id: string, table: CapTableAt): string {
  const stamp = table.asOf ? `-as-of-${table.asOf.slice(0, 10)}` : '';
  return `cap-table-${id.slice(0, 8)}${stamp}.csv`;
}
