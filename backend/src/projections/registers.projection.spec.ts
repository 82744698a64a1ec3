import { describe, expect, it } from '@jest/globals';
import type { AssetStreamEvent, EarmarkReleaseReason, EarmarkStage } from '../domains/register/events.js';
import { earmarkedTokens, register } from '../domains/register/register.decider.js';
import { fold } from '../platform/decider.js';
import { project } from '../platform/projection-engine/projection.js';
import { recorded } from '../testing/recorded.js';
import { allocated, approved, assetId, ownerId } from '../testing/register-history.js';
import { earmarkedOf, registersProjection } from './registers.js';

/** Transfers' claims on a seller's tokens in the registers read model: what the holdings show, as the register has it. */
const seller = 'inv-1';
const other = 'inv-2';
const week = '2026-12-04T00:00:00.000Z';
const before = '2026-12-03T23:59:59.999Z';
const issued = (investorId: string, tokens: number): AssetStreamEvent => ({
  type: 'TokensIssued',
  data: {
    assetId,
    ownerId,
    offeringId: 'o-1',
    investmentId: `i-${investorId}`,
    investorId,
    tokens,
    offeringRevision: 2,
  },
});
const earmarked = (transferId: string, tokens: number, stage: EarmarkStage, sellerId = seller): AssetStreamEvent => ({
  type: 'TokensEarmarked',
  data: {
    assetId,
    ownerId,
    transferId,
    sellerId,
    tokens,
    stage,
    attempt: stage === 'settling' ? 1 : 0,
    expiresAt: stage === 'promised' ? week : null,
  },
});
const released = (transferId: string, tokens: number, reason: EarmarkReleaseReason): AssetStreamEvent => ({
  type: 'EarmarkReleased',
  data: { assetId, transferId, sellerId: seller, tokens, reason },
});
const transferred = (transferId: string, tokens: number): AssetStreamEvent => ({
  type: 'TokensTransferred',
  data: {
    assetId,
    ownerId,
    transferId,
    fromInvestorId: seller,
    toInvestorId: other,
    tokens,
    priceCents: 1250,
    txHash: `0x${'1'.repeat(64)}`,
    settledAt: '2026-11-30T00:00:00.000Z',
    sellerTokensAfter: 100 - tokens,
  },
});
const history: AssetStreamEvent[] = [...approved, allocated('o-1', 300), issued(seller, 100), issued(other, 50)];

/** The document after the events, and the register decider's own count over the same events at `now`. */
const given = (events: AssetStreamEvent[]) => {
  const all = [...history, ...events];
  const doc = project(registersProjection, recorded(`asset-${assetId}`, all)).get(assetId)!;
  const state = fold(register, all);
  return {
    doc,
    at: (now: string, holderId = seller) => {
      const read = earmarkedOf(doc, holderId, now);
      expect(read).toEqual(earmarkedTokens(state.earmarks?.values() ?? [], holderId, now));
      return read;
    },
  };
};

describe('registers projection: transfers’ claims on a seller’s tokens (earmarks)', () => {
  it('given two promises and a settlement’s claim, then each earmark in the document, counted by stage and seller', () => {
    const { doc, at } = given([
      earmarked('t-1', 30, 'promised'),
      earmarked('t-2', 5, 'promised'),
      earmarked('t-3', 10, 'settling'),
    ]);
    expect(doc.earmarks).toEqual([
      { transferId: 't-1', sellerId: seller, tokens: 30, stage: 'promised', expiresAt: week },
      { transferId: 't-2', sellerId: seller, tokens: 5, stage: 'promised', expiresAt: week },
      { transferId: 't-3', sellerId: seller, tokens: 10, stage: 'settling', expiresAt: null },
    ]);
    expect(at(before)).toEqual({ promisedTokens: 35, promisedTransfers: 2, settlingTokens: 10, settlingTransfers: 1 });
    // Another holder's holding carries none of them.
    expect(at(before, other)).toEqual({
      promisedTokens: 0,
      promisedTransfers: 0,
      settlingTokens: 0,
      settlingTransfers: 0,
    });
  });

  it('given a promise past its expiry (no event yet), then it no longer counts; a settlement’s claim never lapses', () => {
    const { doc, at } = given([earmarked('t-1', 30, 'promised'), earmarked('t-2', 10, 'settling')]);
    // The document keeps it: the lapse is worked out when read.
    expect(doc.earmarks).toHaveLength(2);
    expect(at(week)).toEqual({ promisedTokens: 0, promisedTransfers: 0, settlingTokens: 10, settlingTransfers: 1 });
    expect(at('2030-01-01T00:00:00.000Z')).toMatchObject({ settlingTokens: 10 });
  });

  it('given a promise approved, then its settlement’s claim replaces it; settled, then consumed', () => {
    const approvedOne = [earmarked('t-1', 30, 'promised'), earmarked('t-1', 30, 'settling')];
    const { doc, at } = given(approvedOne);
    expect(doc.earmarks).toEqual([
      { transferId: 't-1', sellerId: seller, tokens: 30, stage: 'settling', expiresAt: null },
    ]);
    expect(at(before)).toEqual({ promisedTokens: 0, promisedTransfers: 0, settlingTokens: 30, settlingTransfers: 1 });
    const settled = given([...approvedOne, transferred('t-1', 30)]);
    expect(settled.doc.earmarks).toEqual([]);
    expect(settled.doc.investors).toEqual([
      { investorId: seller, tokens: 70 },
      { investorId: other, tokens: 80 },
    ]);
    expect(settled.at(before)).toMatchObject({ settlingTokens: 0, promisedTokens: 0 });
  });

  it('given earmarks released (cancelled, expired, failed, not recorded), then gone; a transfer from before earmarks consumes none', () => {
    const { doc } = given([
      earmarked('t-1', 30, 'promised'),
      earmarked('t-2', 5, 'promised'),
      earmarked('t-3', 10, 'settling'),
      earmarked('t-4', 1, 'promised'),
      earmarked('t-5', 2, 'promised'),
      released('t-1', 30, 'cancelled'),
      released('t-2', 5, 'expired'),
      released('t-3', 10, 'failed'),
      released('t-4', 1, 'not-recorded'),
      // Approved before earmarks existed: it settles, and t-5's promise stands.
      transferred('t-0', 3),
    ]);
    expect(doc.earmarks).toEqual([
      { transferId: 't-5', sellerId: seller, tokens: 2, stage: 'promised', expiresAt: week },
    ]);
  });
});
