import { Injectable } from '@nestjs/common';
import { OfferingQueries } from '../../projections/offerings.query.js';
import { TokenViews } from '../tokens/token-views.js';

/**
 * `GET /api/holdings`' answer for one investor: their investments with each one's chain side and frozen tokens.
 * One function for the controller and the hot path below Nest (`hot-reads.ts`), so both answer the same.
 */
@Injectable()
export class HoldingsRead {
  constructor(
    private readonly queries: OfferingQueries,
    private readonly tokens: TokenViews,
  ) {}

  async of(userId: string) {
    const items = await this.queries.holdingsOf(userId);
    await this.tokens.refresh();
    const expected = this.tokens.registerBalances();
    const frozen = await this.queries.frozenOf(
      userId,
      items.map((h) => h.assetId),
    );
    return {
      holdings: items.map((h) => ({
        ...h,
        ...this.tokens.holding(userId, h.assetId, h.id, expected),
        frozenTokens: frozen.get(h.assetId)?.tokens ?? 0,
        frozenReason: frozen.get(h.assetId)?.reason ?? null,
      })),
    };
  }
}
