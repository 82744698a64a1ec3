/** The early-access read model's query: the fee-free places left before launch. */
import { FEE_FREE_PLACES } from '../domains/early-access/options.js';
import type { ReadModels } from '../platform/read-store/read-models.js';
import { EARLY_ACCESS_ID, earlyAccessProjection } from './early-access-places.js';

export class EarlyAccessQueries {
  constructor(private readonly reads: ReadModels) {}

  /** The fee-free places, those left, and how many have registered. */
  async places() {
    const doc = await this.reads.of(earlyAccessProjection).get(EARLY_ACCESS_ID);
    return {
      waivedPlaces: FEE_FREE_PLACES,
      placesLeft: doc?.placesLeft ?? FEE_FREE_PLACES,
      registrations: doc?.registrations ?? 0,
    };
  }
}
