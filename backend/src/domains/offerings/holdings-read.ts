import { Injectable } from '@nestjs/common';
import { ReadModels } from '../../platform/read-store/read-models.js';
import type { ReadModelMemo } from '../../platform/read-store/read-model-memo.js';
import { holdingsProjection } from '../../projections/holdings.js';
import { offeringsProjection } from '../../projections/offerings.js';
import { costHeld } from '../../projections/investments.query.js';
import { OfferingQueries } from '../../projections/offerings.query.js';
import { registersProjection } from '../../projections/registers.js';
import { TokenViews } from '../tokens/token-views.js';

/**
 * `GET /api/holdings`' answer for one investor: their investments with each one's chain side, frozen tokens and
 * tokens claimed by transfers.
 * One function for the controller (`of`, the object Fastify serializes) and the hot path below Nest (`hot-reads.ts`:
 * `serialized`, that object's JSON text, kept), so both answer the same text.
 */
@Injectable()
export class HoldingsRead {
  /**
   * Each investor's answer as sent, kept until a read model it is made from changes (the holdings, offerings and
   * registers) or its chain side may have (`TokenViews.holdingsVersion`, part of the key): a reload reads, copies
   * and serializes nothing.
   */
  private readonly texts: ReadModelMemo<string, Buffer>;

  constructor(
    private readonly queries: OfferingQueries,
    private readonly tokens: TokenViews,
    reads: ReadModels,
  ) {
    this.texts = reads.memo([holdingsProjection, offeringsProjection, registersProjection]);
  }

  /**
   * `of(userId)` as JSON text, as Fastify would serialize it, in UTF-8: the hot path sends these bytes as they are
   * (a text would be copied behind the headers and encoded again for every request). Shared: never written to.
   */
  async serialized(userId: string): Promise<Buffer> {
    // The balances are brought up to the chain's head first, so the version names what the answer will show.
    await this.tokens.refresh();
    const version = this.tokens.holdingsVersion;
    // A transfer's promise lapses with no event: the answer is kept only while no more of the seller's have lapsed.
    const now = new Date().toISOString();
    const items = await this.queries.holdingsOf(userId);
    const { lapsed } = await this.queries.earmarkedOf(
      userId,
      items.map((h) => h.assetId),
      now,
    );
    return this.texts.get(
      `${userId} ${version} ${lapsed}`,
      async () => Buffer.from(JSON.stringify(await this.of(userId, now))),
      // The chain side moved while it was worked out: the next request works it out again.
      () => this.tokens.holdingsVersion === version,
    );
  }

  async of(userId: string, now = new Date().toISOString()) {
    const items = await this.queries.holdingsOf(userId);
    await this.tokens.refresh();
    const expected = this.tokens.registerBalances();
    const assetIds = items.map((h) => h.assetId);
    const claims = await this.queries.claimsOf(userId, assetIds, now);
    return {
      holdings: items.map((h) => ({
        ...h,
        costHeld: costHeld(h.purchasePrice, h.tokensHeld, h.tokensBought),
        ...this.tokens.holding(userId, h.assetId, h.id, expected),
        ...claims.of(h.assetId),
      })),
    };
  }
}
