/**
 * Queries of an investor's investments, read from the holdings read model (one document per investment,
 * found by `investorId`) and priced from the assets and offerings read models.
 */
import type { Role } from '../platform/event-store/event-store.js';
import type { ReadModels } from '../platform/read-store/read-models.js';
import { tokenPriceNow } from '../domains/register/token-price.js';
import { assetsProjection, type AssetDoc } from './assets.js';
import { holdingsNow, holdingsProjection, type HoldingDoc } from './holdings.js';
import { offeringsProjection, type OfferingDoc } from './offerings.js';
import { peopleById, type Person } from './users.js';

export interface Viewer {
  userId: string;
  roles: readonly Role[];
}

export const isStaff = (viewer: Viewer) => viewer.roles.includes('admin') || viewer.roles.includes('compliance');
export const isAdmin = (viewer: Viewer) => viewer.roles.includes('admin');

export interface TokenPrice {
  /** NZD per token. */
  price: number;
  /**
   * The latest accepted valuation (else the owner's figure) ÷ the current supply (`tokenPriceNow`); an offering's
   * price is only the price it sold at.
   */
  source: 'valuation';
  /** When the figures behind it last changed (the valuation, or the asset's supply). */
  at: string;
}

/** What one token of an asset is worth now (`tokenPriceNow`: valuation ÷ current supply); null without an asset. */
export function currentTokenPrice(asset: AssetDoc | null): TokenPrice | null {
  if (!asset) return null;
  const price = tokenPriceNow(asset.valuation?.value ?? asset.totalValue, asset.tokenCount);
  return price === null ? null : { price, source: 'valuation', at: asset.valuation?.at ?? asset.createdAt };
}

const cents = (n: number) => Math.round(n * 100) / 100;

/** One investment as its investor (and staff) see it: what was paid, what it is worth now, its lock-up. */
export interface InvestmentView {
  id: string;
  status: HoldingDoc['status'];
  /** 'transfer': tokens received from another investor (`transferId`), at the price paid; else an offering's. */
  source: 'offering' | 'transfer';
  transferId: string | null;
  /** Held now: bought (or received) less transferred out since. */
  tokens: number;
  /** Bought in the offering (or received in the transfer). */
  tokensBought: number;
  /** NZD paid in all, and per token (decimal strings, as recorded). */
  amountPaid: string;
  tokenPricePaid: string;
  /** What the tokens held now cost (NZD, to the cent; `costHeld`): what a person sets against `currentValue`. */
  costHeld: number;
  purchaseDate: string;
  confirmedAt: string | null;
  cancelledAt: string | null;
  cancellationReason: string | null;
  /**
   * The first day the tokens may be transferred: the end of the holder's latest lock-up in the asset. The chain's
   * HoldingRulesModule locks a holder's wallet until the latest lock-up of their purchases, and a later purchase
   * never shortens it, so a purchase without lock-up is held as long as a locked one bought beside it (the transfer
   * check refuses the same). `lockupEnds` is this purchase's own.
   */
  transferableFrom: string;
  /** This purchase's own lock-up end (the offering's lock-up from its confirmation). */
  lockupEnds: string;
  currentTokenPrice: number;
  currentPriceSource: TokenPrice['source'] | 'purchase';
  /** tokens × current token price (NZD, to the cent). */
  currentValue: number;
  offering: { id: string; name: string; status: OfferingDoc['status']; lockupPeriod: number } | null;
  asset: { id: string; name: string; assetType: AssetDoc['assetType'] } | null;
}

/** investorId and assetId → the latest lock-up end of the investor's confirmed purchases in the asset. */
export function latestLockups(holdings: readonly HoldingDoc[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const h of holdings) {
    if (h.status !== 'confirmed' || h.source !== 'offering') continue;
    const key = `${h.investorId} ${h.assetId}`;
    if (h.transferableFrom > (out.get(key) ?? '')) out.set(key, h.transferableFrom);
  }
  return out;
}

/**
 * Prices investments: the assets they are in and those assets' offerings, in one query each. `alongside`: every
 * holding of the same investors in the same assets (the lock-ups that hold these tokens too), when `holdings` is not.
 */
async function viewsOf(
  reads: ReadModels,
  holdings: readonly HoldingDoc[],
  alongside: readonly HoldingDoc[] = holdings,
): Promise<InvestmentView[]> {
  const lockups = latestLockups(alongside);
  const assetIds = [...new Set(holdings.map((h) => h.assetId))];
  const [assets, offerings] = await Promise.all([
    reads.of(assetsProjection).byIds(assetIds),
    assetIds.length > 0 ? reads.of(offeringsProjection).find({ assetId: { $in: assetIds } }) : [],
  ]);
  const offeringsOf = new Map<string, OfferingDoc[]>();
  for (const o of offerings) {
    const list = offeringsOf.get(o.assetId);
    if (list) list.push(o);
    else offeringsOf.set(o.assetId, [o]);
  }
  return holdings.map((h) => {
    const asset = assets.get(h.assetId) ?? null;
    const assetOfferings = offeringsOf.get(h.assetId) ?? [];
    const price = currentTokenPrice(asset);
    const offering = assetOfferings.find((o) => o._id === h.offeringId) ?? null;
    const unitPrice = price?.price ?? Number(h.tokenPrice);
    const latest = lockups.get(`${h.investorId} ${h.assetId}`) ?? '';
    return {
      id: h._id,
      status: h.status,
      source: h.source === 'offering' ? 'offering' : 'transfer',
      transferId: h.transferId,
      tokens: h.tokensHeld,
      tokensBought: h.tokensBought,
      amountPaid: h.purchasePrice,
      tokenPricePaid: h.tokenPrice,
      costHeld: costHeld(h.purchasePrice, h.tokensHeld, h.tokensBought),
      purchaseDate: h.purchaseDate,
      confirmedAt: h.confirmedAt ?? null,
      cancelledAt: h.cancelledAt ?? null,
      cancellationReason: h.cancellationReason,
      transferableFrom: h.status === 'confirmed' && latest > h.transferableFrom ? latest : h.transferableFrom,
      lockupEnds: h.transferableFrom,
      currentTokenPrice: unitPrice,
      currentPriceSource: price?.source ?? 'purchase',
      currentValue: cents(h.tokensHeld * unitPrice),
      offering: offering && {
        id: offering._id,
        name: offering.name,
        status: offering.status,
        lockupPeriod: offering.lockupPeriod,
      },
      asset: asset && { id: h.assetId, name: asset.name, assetType: asset.assetType },
    };
  });
}

export interface InvestorPortfolio {
  /** Current value of the confirmed holdings (NZD). */
  portfolioValue: number;
  /**
   * What was paid for the tokens still held: a holding partly transferred out counts its price per token paid
   * times the tokens left (`costHeld`), so a seller's home stops counting what they sold.
   */
  invested: number;
  /** Investments awaiting settlement: what was paid and how many. */
  pendingAmount: number;
  pendingCount: number;
  investments: InvestmentView[];
}

/** What the tokens still held of an investment cost: its amount paid, pro rata of the tokens left, to the cent. */
export function costHeld(amountPaid: string, held: number, bought: number): number {
  const paid = Number(amountPaid);
  if (held >= bought) return paid;
  return bought > 0 ? cents((paid * held) / bought) : 0;
}

/** An investor's home: every investment of theirs, newest first, with the portfolio's totals. */
export async function investorPortfolio(reads: ReadModels, investorId: string): Promise<InvestorPortfolio> {
  const holdings = holdingsNow(await reads.of(holdingsProjection).find({ investorId }, { sort: { purchaseDate: -1 } }));
  const investments = await viewsOf(reads, holdings);
  const sum = (list: InvestmentView[], f: (i: InvestmentView) => number) => cents(list.reduce((s, i) => s + f(i), 0));
  const confirmed = investments.filter((i) => i.status === 'confirmed');
  const pending = investments.filter((i) => i.status === 'pending');
  return {
    portfolioValue: sum(confirmed, (i) => i.currentValue),
    invested: sum(confirmed, (i) => i.costHeld),
    pendingAmount: sum(pending, (i) => Number(i.amountPaid)),
    pendingCount: pending.length,
    investments,
  };
}

export interface InvestmentPage extends InvestmentView {
  /** Who is looking decides what is shown: the investor is named to themselves and to admins only. */
  viewer: 'investor' | 'owner' | 'admin';
  investor: Person | null;
}

/**
 * One investment, for its investor, an admin, or the owner of the asset (who does not see who the investor
 * is: that is the investor's personal data). Anyone else gets null, as for an unknown id.
 */
export async function investmentPage(
  reads: ReadModels,
  viewer: Viewer,
  investmentId: string,
): Promise<InvestmentPage | null> {
  const stored = await reads.of(holdingsProjection).get(investmentId);
  if (!stored || stored.source === 'transfer-out') return null;
  // Held now: the investor's transfers out of the asset come off their oldest holdings of it (`holdingsNow`).
  const ofAsset = await reads.of(holdingsProjection).find({ investorId: stored.investorId, assetId: stored.assetId });
  const holding = holdingsNow(ofAsset).find((h) => h._id === investmentId) ?? stored;
  const role =
    holding.investorId === viewer.userId
      ? 'investor'
      : isAdmin(viewer)
        ? 'admin'
        : holding.ownerId === viewer.userId
          ? 'owner'
          : null;
  if (!role) return null;
  const [view] = await viewsOf(reads, [holding], ofAsset);
  const investor =
    role === 'owner' ? null : ((await peopleById(reads, [holding.investorId])).get(holding.investorId) ?? null);
  return { ...view!, viewer: role, investor };
}

/** Admin rows: investments with the investor's name, the offering and the asset (oldest first). */
export async function investmentRows(reads: ReadModels, status: HoldingDoc['status']) {
  // Investments in offerings only: tokens received in a transfer are no investment to settle.
  const holdings = (await reads.of(holdingsProjection).find({ status }, { sort: { purchaseDate: 1 } })).filter(
    (h): h is HoldingDoc & { offeringId: string } => h.source === 'offering' && h.offeringId !== null,
  );
  const [views, people] = await Promise.all([
    viewsOf(reads, holdings),
    peopleById(
      reads,
      holdings.map((h) => h.investorId),
    ),
  ]);
  return views.map((v, n) => {
    const h = holdings[n]!;
    return {
      ...v,
      // The fields the admin list has always had (docs/specification.md §3 Holding), beside the named ones.
      offeringId: h.offeringId,
      investorId: h.investorId,
      assetId: h.assetId,
      ownerId: h.ownerId,
      tokensHeld: h.tokensHeld,
      purchasePrice: h.purchasePrice,
      tokenPrice: h.tokenPrice,
      investor: people.get(h.investorId)!,
    };
  });
}
