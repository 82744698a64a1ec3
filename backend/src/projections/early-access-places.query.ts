/** The early-access read model's query: the fee-free places left before launch. */
import { FEE_FREE_PLACES } from '../domains/early-access/options.js';
import { type SerializedBody, serialized } from '../platform/read-store/serialized-body.js';
import type { ReadModelMemo } from '../platform/read-store/read-model-memo.js';
import type { ReadModels } from '../platform/read-store/read-models.js';
import { EARLY_ACCESS_ID, earlyAccessProjection } from './early-access-places.js';

export class EarlyAccessQueries {
  private readonly serializedMemo: ReadModelMemo<'places', SerializedBody>;

  constructor(private readonly reads: ReadModels) {
    this.serializedMemo = reads.memo([earlyAccessProjection]);
  }

  /** The fee-free places, those left, and how many have registered. */
  async places() {
    const doc = await this.reads.of(earlyAccessProjection).get(EARLY_ACCESS_ID);
    return {
      waivedPlaces: FEE_FREE_PLACES,
      placesLeft: doc?.placesLeft ?? FEE_FREE_PLACES,
      registrations: doc?.registrations ?? 0,
    };
  }

  /**
   * `places()` serialized once per version of the read model (the landing page asks on every visit): the text is
   * worked out again only after a registration changed the counter.
   */
  serialized(): Promise<SerializedBody> {
    return this.serializedMemo.get('places', async () => serialized(await this.places()));
  }
}
