import type { TransferApproval } from '../domains/register/events.js';
import type { ReadModels } from '../platform/read-store/read-models.js';
import { assetsProjection } from './assets.js';
import { registersProjection } from './registers.js';
import { transfersProjection, type TransferDoc } from './transfers.js';

export interface TransferAsset {
  name: string;
  approver: TransferApproval;
}

const OPEN: TransferDoc['status'][] = ['proposed', 'accepted', 'approved'];

/** The transfers read model's queries: a party's list, the owner's, the seller's tokens promised, the expiry sweep's. */
export class TransferQueries {
  constructor(private readonly reads: ReadModels) {}

  get(transferId: string): Promise<TransferDoc | null> {
    return this.reads.of(transfersProjection).get(transferId);
  }

  /** The person's transfers as seller, buyer or the asset's owner, newest first. */
  async of(userId: string): Promise<TransferDoc[]> {
    const docs = await this.reads
      .of(transfersProjection)
      .find({ $or: [{ fromInvestorId: userId }, { toInvestorId: userId }, { ownerId: userId }] });
    return docs.sort((a, b) => b.proposedAt.localeCompare(a.proposedAt));
  }

  /** Every transfer of an asset, newest first (admins: the asset's screen). */
  async ofAsset(assetId: string): Promise<TransferDoc[]> {
    const docs = await this.reads.of(transfersProjection).find({ assetId });
    return docs.sort((a, b) => b.proposedAt.localeCompare(a.proposedAt));
  }

  /** A transfer of the person's (either side) approved and settling on chain, or null. */
  async settlingOf(personId: string): Promise<string | null> {
    const [doc] = await this.reads
      .of(transfersProjection)
      .find({ status: 'approved', $or: [{ fromInvestorId: personId }, { toInvestorId: personId }] }, { limit: 1 });
    return doc?._id ?? null;
  }

  /** The seller's open transfers of this asset (proposed, accepted, approved). */
  openOf(assetId: string, sellerId: string): Promise<TransferDoc[]> {
    return this.reads.of(transfersProjection).find({ assetId, fromInvestorId: sellerId, status: { $in: OPEN } });
  }

  /** Open proposals past their expiry (proposed or accepted: settlement not started). */
  lapsed(now: string): Promise<TransferDoc[]> {
    return this.reads
      .of(transfersProjection)
      .find({ status: { $in: ['proposed', 'accepted'] }, expiresAt: { $lte: now } });
  }

  /** Each asset's name and who approves its transfers (the owner unless the asset's setting says Kauri's admins). */
  async assetsOf(assetIds: Iterable<string>): Promise<Map<string, TransferAsset>> {
    const ids = [...assetIds];
    const [assets, registers] = await Promise.all([
      this.reads.of(assetsProjection).byIds(ids),
      this.reads.of(registersProjection).byIds(ids),
    ]);
    return new Map(
      ids.map((id) => [
        id,
        { name: assets.get(id)?.name ?? '', approver: registers.get(id)?.transferApproval ?? 'owner' },
      ]),
    );
  }
}
