import { fold, type Decider } from '../../platform/decider.js';
import { DomainError } from '../../platform/errors.js';
import {
  expiredReservations as expiredOf,
  holdUntil,
  RESERVATION_HOLD_MS,
  type Reservation,
} from '../../platform/reservations.js';
import { assetSlotEventSchemas, type AssetSlotEvent } from './asset-slots.events.js';
import { upcasters } from '../upcasters.js';

/** How long a reservation holds its slot while its asset is drafted (the shared hold, `platform/reservations.ts`). */
export const SLOT_HOLD_MS = RESERVATION_HOLD_MS;

export const PLAN_LIMIT_REACHED = 'Plan Limit Reached';

export function assetLimitReached(maxAssets: number): DomainError {
  const assets = `${maxAssets} tokenized asset${maxAssets === 1 ? '' : 's'}`;
  const message = `Your plan covers ${assets}. Upgrade your plan to add another.`;
  return new DomainError(message, 403, undefined, PLAN_LIMIT_REACHED);
}

export type AssetSlot = Reservation;

export interface AssetSlotsState {
  /** Whether the owner's earlier assets have been counted in (`AssetSlotsOpened`). */
  opened: boolean;
  /** By asset id: every slot that counts against the plan. */
  slots: Map<string, AssetSlot>;
}

export type AssetSlotsCommand =
  | {
      type: 'ReserveAssetSlot';
      ownerId: string;
      assetId: string;
      /** The owner's plan limit now; null = unlimited (the slot is still kept, for a later downgrade). */
      maxAssets: number | null;
      at: string;
      /** Assets the owner drafted before slots existed; used only when the stream is new. */
      existingAssets: readonly string[];
      /** Expired reservations whose asset the handler found drafted, and those whose asset it found missing. */
      drafted: readonly string[];
      abandoned: readonly string[];
    }
  | { type: 'FillAssetSlot'; ownerId: string; assetId: string }
  | { type: 'ReleaseAssetSlot'; ownerId: string; assetId: string };

/** Reservations past their hold and not yet filled: the handler checks whether their assets exist. */
export const expiredReservations = (state: AssetSlotsState, at: string): string[] => expiredOf(state.slots, at);

/**
 * The plan's asset limit for one owner. A slot counts when its asset exists, or while its reservation holds;
 * a reservation found expired without its asset (the drafting request crashed) is released by the next
 * reservation, so a crash never costs a slot for longer than the hold. An expired reservation the handler
 * did not check still counts: only a fact on the command releases a slot.
 */
export const assetSlots: Decider<AssetSlotsCommand, AssetSlotEvent, AssetSlotsState> = {
  upcasters,
  name: 'owner-assets',
  eventSchemas: assetSlotEventSchemas,
  initialState: { opened: false, slots: new Map() },

  evolve(state, event) {
    const slots = new Map(state.slots);
    switch (event.type) {
      case 'AssetSlotsOpened':
        for (const assetId of event.data.assetIds) slots.set(assetId, { filled: true });
        return { opened: true, slots };
      case 'AssetSlotReserved':
        slots.set(event.data.assetId, { filled: false, expiresAt: event.data.expiresAt });
        return { ...state, slots };
      case 'AssetSlotFilled':
        slots.set(event.data.assetId, { filled: true });
        return { ...state, slots };
      case 'AssetSlotReleased':
        slots.delete(event.data.assetId);
        return { ...state, slots };
      default: {
        const _exhaustive: never = event;
        return state;
      }
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'ReserveAssetSlot': {
        const { ownerId, assetId } = command;
        const events: AssetSlotEvent[] = [];
        if (!state.opened) {
          events.push({ type: 'AssetSlotsOpened', data: { ownerId, assetIds: [...new Set(command.existingAssets)] } });
        }
        const expired = new Set(expiredReservations(state, command.at));
        for (const id of new Set(command.drafted)) {
          if (expired.has(id)) events.push({ type: 'AssetSlotFilled', data: { ownerId, assetId: id } });
        }
        for (const id of new Set(command.abandoned)) {
          if (expired.has(id) && !command.drafted.includes(id)) {
            events.push({ type: 'AssetSlotReleased', data: { ownerId, assetId: id, reason: 'abandoned' } });
          }
        }
        const settled = fold(assetSlots, events, state);
        if (settled.slots.has(assetId)) return events; // this asset holds a slot already
        const { maxAssets } = command;
        if (maxAssets !== null && settled.slots.size >= maxAssets) throw assetLimitReached(maxAssets);
        return [...events, { type: 'AssetSlotReserved', data: { ownerId, assetId, expiresAt: holdUntil(command.at) } }];
      }
      case 'FillAssetSlot': {
        // Also when the slot was released meanwhile (a draft that outlived its hold): the asset exists, so it counts.
        if (state.slots.get(command.assetId)?.filled) return [];
        return [{ type: 'AssetSlotFilled', data: { ownerId: command.ownerId, assetId: command.assetId } }];
      }
      case 'ReleaseAssetSlot': {
        const { ownerId, assetId } = command;
        const slot = state.slots.get(assetId);
        if (!slot || slot.filled) return [];
        return [{ type: 'AssetSlotReleased', data: { ownerId, assetId, reason: 'draft-failed' } }];
      }
      default: {
        const _exhaustive: never = command;
        throw new Error(`unknown command ${JSON.stringify(_exhaustive)}`);
      }
    }
  },
};
