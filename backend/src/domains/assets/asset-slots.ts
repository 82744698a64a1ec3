import type { AggregateRepository } from '../../platform/aggregate-repository.js';
import type { CommandContext } from '../../platform/command-context.js';
import type { EventStore } from '../../platform/event-store/event-store.js';
import { logPages } from '../../platform/event-store/log-pages.js';
import { assetSlots, expiredReservations, type AssetSlotsCommand } from './asset-slots.decider.js';
import { ownerAssetsStream } from './asset-slots.events.js';
import { assetStream, type AssetDrafted } from './events.js';

/**
 * The owner's asset slots as the asset handler uses them: reserve before drafting, fill after, release when the
 * draft fails. Reserving also settles reservations left behind by a crash (the process-manager step): each
 * expired reservation is checked against its asset's own stream, so a slot is kept if and only if the asset
 * exists. Appends go through the repository: one stream, guarded by expected revision across processes.
 */
export class AssetSlots {
  constructor(
    private readonly repository: AggregateRepository,
    private readonly events: EventStore,
  ) {}

  /** Takes a slot for `assetId`, or throws 'Plan Limit Reached' (403) and records nothing. */
  async reserve(ownerId: string, assetId: string, maxAssets: number | null, context: CommandContext): Promise<void> {
    const stream = ownerAssetsStream(ownerId);
    const { state } = await this.repository.load(assetSlots, stream);
    const drafted: string[] = [];
    const abandoned: string[] = [];
    for (const id of expiredReservations(state, context.now)) {
      const exists = (await this.events.readStream(assetStream(id), { maxCount: 1 })).length > 0;
      (exists ? drafted : abandoned).push(id);
    }
    const existingAssets = state.opened ? [] : await this.draftedBefore(ownerId);
    const command: AssetSlotsCommand = {
      type: 'ReserveAssetSlot',
      ownerId,
      assetId,
      maxAssets,
      at: context.now,
      existingAssets,
      drafted,
      abandoned,
    };
    await this.repository.handle(assetSlots, stream, command, context);
  }

  async fill(ownerId: string, assetId: string, context: CommandContext): Promise<void> {
    const command: AssetSlotsCommand = { type: 'FillAssetSlot', ownerId, assetId };
    await this.repository.handle(assetSlots, ownerAssetsStream(ownerId), command, context);
  }

  async release(ownerId: string, assetId: string, context: CommandContext): Promise<void> {
    const command: AssetSlotsCommand = { type: 'ReleaseAssetSlot', ownerId, assetId };
    await this.repository.handle(assetSlots, ownerAssetsStream(ownerId), command, context);
  }

  /** The owner's assets from before slots were kept, from the log itself (once per owner, when the stream is new). */
  private async draftedBefore(ownerId: string): Promise<string[]> {
    const ids: string[] = [];
    for await (const page of logPages(this.events, { eventTypes: ['AssetDrafted'], streamPrefixes: ['asset-'] }))
      for (const event of page) {
        const data = event.data as AssetDrafted['data'];
        if (data.ownerId === ownerId) ids.push(data.assetId);
      }
    return ids;
  }
}
