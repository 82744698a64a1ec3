import { array, id, isoDateTime, literal, object, type EventSchemas } from '../../platform/event-schema.js';

/**
 * The plan's asset limit is decided on one stream per owner, `owner-assets-<ownerId>` (docs/design.md §6: an invariant
 * that spans aggregates is decided on one stream, never on a read model). Drafting an asset reserves a slot
 * here first, then drafts the asset in its own stream, then marks the slot filled; a failed draft releases it.
 */
export interface AssetSlotsOpened {
  type: 'AssetSlotsOpened';
  /** The owner's assets drafted before slots were kept (each holds a slot from the start). */
  data: { ownerId: string; assetIds: string[] };
}

export interface AssetSlotReserved {
  type: 'AssetSlotReserved';
  /** Until `expiresAt` the reservation counts while its asset is being drafted; after it, only if the asset exists. */
  data: { ownerId: string; assetId: string; expiresAt: string };
}

export interface AssetSlotFilled {
  type: 'AssetSlotFilled';
  data: { ownerId: string; assetId: string };
}

export interface AssetSlotReleased {
  type: 'AssetSlotReleased';
  /** 'draft-failed': the request gave it back; 'abandoned': it expired and its asset was never drafted (a crash). */
  data: { ownerId: string; assetId: string; reason: 'draft-failed' | 'abandoned' };
}

export type AssetSlotEvent = AssetSlotsOpened | AssetSlotReserved | AssetSlotFilled | AssetSlotReleased;

export const assetSlotEventSchemas = {
  AssetSlotsOpened: object({ ownerId: id(), assetIds: array(id(), { max: 100_000 }) }),
  AssetSlotReserved: object({ ownerId: id(), assetId: id(), expiresAt: isoDateTime() }),
  AssetSlotFilled: object({ ownerId: id(), assetId: id() }),
  AssetSlotReleased: object({ ownerId: id(), assetId: id(), reason: literal('draft-failed', 'abandoned') }),
} satisfies EventSchemas<AssetSlotEvent>;

export const ownerAssetsStream = (ownerId: string) => `owner-assets-${ownerId}`;
