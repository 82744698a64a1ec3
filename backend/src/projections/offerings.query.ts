/**
 * The offerings and holdings read models' queries: the offering cards, an owner's offerings, an investor's
 * holdings and portfolio, the admins' investment rows, and the pages of an offering and of an investment.
 */
import type { ReadModelMemo } from '../platform/read-store/read-model-memo.js';
import type { ReadModels } from '../platform/read-store/read-models.js';
import { asAnswer } from '../platform/read-store/read-store.js';
import { holdingsProjection, InvestorHoldings } from './holdings.js';
import { investmentPage, investmentRows, investorPortfolio, type Viewer } from './investments.query.js';
import { offeringCards, offeringPage } from './offering-page.query.js';
import { offeringsProjection } from './offerings.js';
import { NOTHING_EARMARKED, type EarmarkedTokens } from '../domains/register/register.decider.js';
import { earmarkedOf, frozenOf, registersProjection, type EarmarkRow } from './registers.js';
import { latestVerification, wholesaleStatus } from './verifications.js';

/** A holder's frozen tokens of one asset. */
export interface FrozenTokens {
  tokens: number;
  wholeHolding: boolean;
  reason: string;
  since: string;
}

/**
 * What the register says of a holder's tokens of one asset (all their holdings of it): how many they hold, how many
 * are frozen and why, and how many their transfers claim. Every holding of theirs in the asset shows the same.
 */
export interface HoldingClaims extends EarmarkedTokens {
  assetTokensHeld: number;
  frozenTokens: number;
  frozenReason: string | null;
}

export class OfferingQueries {
  private readonly investorHoldings: InvestorHoldings;
  /** `frozenOf` per holder and assets, kept until the registers change (every holdings read asks it). */
  private readonly frozenMemo: ReadModelMemo<string, ReadonlyMap<string, FrozenTokens>>;
  /** The holder's earmarks per asset, kept until the registers change (what counts of them is worked out per read). */
  private readonly earmarksMemo: ReadModelMemo<string, ReadonlyMap<string, readonly EarmarkRow[]>>;
  /** The holder's tokens per asset in the registers, kept until they change. */
  private readonly heldMemo: ReadModelMemo<string, ReadonlyMap<string, number>>;

  constructor(private readonly reads: ReadModels) {
    this.investorHoldings = new InvestorHoldings(reads);
    this.frozenMemo = reads.memo([registersProjection]);
    this.earmarksMemo = reads.memo([registersProjection]);
    this.heldMemo = reads.memo([registersProjection]);
  }

  /** Whether the person is a verified wholesale investor now. */
  /** The person's wholesale standing now (whether they may invest, and a revocation's date when they revoked). */
  async wholesaleStanding(userId: string) {
    return wholesaleStatus(await latestVerification(this.reads, userId));
  }

  /** The offering cards, newest first: the active offerings, or every one (`all`, for admins). */
  async cards(all: boolean) {
    const docs = await this.reads
      .of(offeringsProjection)
      .find(all ? {} : { status: 'active' }, { sort: { createdAt: -1 } });
    // Each card says what the asset is: its valuation, documents and terms.
    return offeringCards(this.reads, docs);
  }

  /** The offerings of the owner's assets, oldest first. */
  async ofOwner(ownerId: string) {
    return (await this.reads.of(offeringsProjection).find({ ownerId }, { sort: { createdAt: 1 } })).map(asAnswer);
  }

  /** The investor's holdings, newest first (kept until the holdings or offerings change: `InvestorHoldings`). */
  holdingsOf(investorId: string) {
    return this.investorHoldings.of(investorId);
  }

  /**
   * The holder's frozen tokens per asset (issue 32): how many of their tokens of each asset are frozen and why;
   * assets with nothing frozen are absent.
   */
  frozenOf(holderId: string, assetIds: readonly string[]): Promise<ReadonlyMap<string, FrozenTokens>> {
    return this.frozenMemo.get(`${holderId} ${assetIds.join(' ')}`, () => this.readFrozen(holderId, assetIds));
  }

  private async readFrozen(holderId: string, assetIds: readonly string[]) {
    const registers = await this.reads.of(registersProjection).byIds([...new Set(assetIds)]);
    const out = new Map<string, FrozenTokens>();
    for (const [assetId, doc] of registers) {
      const frozen = frozenOf(doc, holderId);
      if (frozen && frozen.tokens > 0) out.set(assetId, frozen);
    }
    return out;
  }

  /**
   * The holder's tokens claimed by transfers per asset at `now` (promised to open transfers, settling in approved
   * ones; assets with none are absent), and how many of their earmarks no longer count (promises lapsed by `now`,
   * with no event yet): an answer made from them stands until that number or the registers change.
   */
  async earmarkedOf(
    holderId: string,
    assetIds: readonly string[],
    now: string,
  ): Promise<{ byAsset: ReadonlyMap<string, EarmarkedTokens>; lapsed: number }> {
    const rows = await this.earmarksMemo.get(`${holderId} ${assetIds.join(' ')}`, () =>
      this.readEarmarks(holderId, assetIds),
    );
    const byAsset = new Map<string, EarmarkedTokens>();
    let lapsed = 0;
    for (const [assetId, earmarks] of rows) {
      const claimed = earmarkedOf({ earmarks }, holderId, now);
      lapsed += earmarks.length - claimed.promisedTransfers - claimed.settlingTransfers;
      if (claimed.promisedTokens + claimed.settlingTokens > 0) byAsset.set(assetId, claimed);
    }
    return { byAsset, lapsed };
  }

  /**
   * The holder's claims per asset at `now` (`HoldingClaims`; an asset of theirs with nothing frozen or claimed reads
   * zeros), and how many of their promises have lapsed with no event yet (`earmarkedOf`).
   */
  async claimsOf(
    holderId: string,
    assetIds: readonly string[],
    now: string,
  ): Promise<{ of(assetId: string): HoldingClaims; lapsed: number }> {
    const [frozen, earmarked, held] = await Promise.all([
      this.frozenOf(holderId, assetIds),
      this.earmarkedOf(holderId, assetIds, now),
      this.heldMemo.get(`${holderId} ${assetIds.join(' ')}`, () => this.readHeld(holderId, assetIds)),
    ]);
    return {
      lapsed: earmarked.lapsed,
      of: (assetId) => ({
        assetTokensHeld: held.get(assetId) ?? 0,
        frozenTokens: frozen.get(assetId)?.tokens ?? 0,
        frozenReason: frozen.get(assetId)?.reason ?? null,
        ...(earmarked.byAsset.get(assetId) ?? NOTHING_EARMARKED),
      }),
    };
  }

  private async readHeld(holderId: string, assetIds: readonly string[]) {
    const registers = await this.reads.of(registersProjection).byIds([...new Set(assetIds)]);
    const out = new Map<string, number>();
    for (const [assetId, doc] of registers)
      out.set(assetId, doc.investors.find((r) => r.investorId === holderId)?.tokens ?? 0);
    return out;
  }

  private async readEarmarks(holderId: string, assetIds: readonly string[]) {
    const registers = await this.reads.of(registersProjection).byIds([...new Set(assetIds)]);
    const out = new Map<string, readonly EarmarkRow[]>();
    for (const [assetId, doc] of registers) {
      const mine = doc.earmarks.filter((e) => e.sellerId === holderId);
      if (mine.length > 0) out.set(assetId, mine);
    }
    return out;
  }

  /** Investments in this status, oldest first, naming the investor, the asset and the amount. */
  investmentRows(status: 'pending' | 'confirmed' | 'cancelled') {
    return investmentRows(this.reads, status);
  }

  /** The investor's investments priced now, with the portfolio's totals. */
  portfolio(investorId: string) {
    return investorPortfolio(this.reads, investorId);
  }

  /** One investment's page for this viewer, or null (`investmentPage`). */
  investmentPage(viewer: Viewer, id: string) {
    return investmentPage(this.reads, viewer, id);
  }

  /** One holding (an investment) as the holdings read model has it. */
  holding(id: string) {
    return this.reads.of(holdingsProjection).get(id);
  }

  /** One offering's page for this viewer, or null (`offeringPage`). */
  offeringPage(viewer: Viewer, id: string) {
    return offeringPage(this.reads, viewer, id);
  }
}
