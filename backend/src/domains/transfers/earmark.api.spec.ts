/**
 * Claims on one holder's tokens raced over HTTP on the real app with the embedded chain (found by an outside probe):
 * proposals by one seller at once, and approvals of transfers at once with approvals of freezes of the same holding.
 * Each claim is decided on the asset's register stream (earmarks), so the claims that pass never add up to more than
 * the seller holds — tokens earmarked by approved transfers plus frozen ones never exceed those held —, every refusal
 * is a 409 with its reason and nothing on the transfer's stream, and every approved transfer settles (no DvP take
 * fails on chain with its tokens frozen).
 */
import { describe, expect, it } from '@jest/globals';
import { AggregateRepository } from '../../platform/aggregate-repository.js';
import type { Api } from '../../testing/api.js';
import { fourEyesOnChain } from '../../testing/four-eyes-chain.js';
import { confirmedPurchase, tenDollarOffering } from '../../testing/income.js';
import { approvedAsset, verifiedInvestor } from '../../testing/offerings.js';
import { untilWithin } from '../../testing/until.js';
import { assetStream } from '../assets/events.js';
import {
  earmarkedBy,
  earmarkedTokens,
  type EarmarkedTokens,
  frozenTokens,
  heldBy,
  register,
} from '../register/register.decider.js';
import { TRANSFER_MESSAGES as M } from '../../messages.js';

type Person = Api & { user: { id: string } };
type Answer = { status: number; body: { message?: string; id?: string } };

const reason = 'High Court freezing order CIV-2026-404-123';

describe('claims on one holding raced: proposals, approvals and freezes at once', () => {
  const app = fourEyesOnChain();
  const until = untilWithin(120_000);
  let assetId: string;
  let owner: Person;
  let seller: Person;
  let buyer: Person;
  let offeringId: string;

  const registerNow = async () =>
    (await app.server.app.get(AggregateRepository).load(register, assetStream(assetId))).state;
  /** Held, earmarked by approved transfers, earmarked in all, frozen: the seller's holding as the register has it. */
  const holding = async () => {
    const state = await registerNow();
    const id = seller.user.id;
    return {
      held: heldBy(state, id),
      settling: earmarkedBy(state, id, { settlingOnly: true }),
      claimed: earmarkedBy(state, id, { now: new Date().toISOString() }),
      frozen: frozenTokens(state, id),
    };
  };
  const transferEvents = async (id: string) => (await app.server.eventStore.readStream(`transfer-${id}`)).length;
  /** Every refusal is a 409 with its reason. */
  const refusedWithReason = (answers: Answer[]) => {
    for (const a of answers.filter((x) => x.status >= 300)) {
      expect(a.status).toBe(409);
      expect(a.body.message).toEqual(expect.any(String));
      expect(a.body.message!.length).toBeGreaterThan(10);
    }
  };

  it('sets up a seller holding 300 tokens free to transfer, and a buyer', async () => {
    ({ owner, assetId } = await approvedAsset(app.server, app.adminA, 1_000));
    offeringId = await tenDollarOffering(app.adminA, assetId, 500);
    seller = await verifiedInvestor(app.server, app.adminA);
    buyer = await verifiedInvestor(app.server, app.adminA);
    await confirmedPurchase(seller, offeringId, 300);
    await app.settled();
    expect(await holding()).toEqual({ held: 300, settling: 0, claimed: 0, frozen: 0 });
  }, 300_000);

  const propose = (tokens: number) =>
    seller.post('/api/transfers', { assetId, toInvestorId: buyer.user.id, tokens, pricePerToken: '12.50' });

  it('twelve proposals of 90 tokens at once by one seller of 300: three are promised, nine refused with the reason', async () => {
    const answers = (await Promise.all(Array.from({ length: 12 }, () => propose(90)))) as Answer[];
    const made = answers.filter((a) => a.status === 201);
    expect(made).toHaveLength(3);
    refusedWithReason(answers);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.message)).toEqual(
      Array(9).fill(M.claimedElsewhere(270, 30, 'seller', 'open')),
    );
    expect(await holding()).toEqual({ held: 300, settling: 0, claimed: 270, frozen: 0 });
    // Cancelled, their promises go back at once: the seller may promise all 300 again.
    for (const a of made) expect((await seller.post(`/api/transfers/${a.body.id}/cancel`)).status).toBe(200);
    expect(await holding()).toEqual({ held: 300, settling: 0, claimed: 0, frozen: 0 });
  });

  it('approvals of transfers and of freezes of the same holding at once, in three rounds: never more earmarked and frozen than held, and every approved transfer settles', async () => {
    // The freezes' approvals are sent a little after the transfers' in later rounds, so that both orders are met (the
    // transfers' approvals read the chain first); what is asserted holds in every order.
    for (const lag of [0, 15, 40]) {
      const { held } = await holding();
      const tokens = 15;
      // Three transfers of 15 accepted, two freezes asked that with them would take more than is held (nothing
      // settling yet, so both may be asked).
      const freezeTokens = Math.ceil((held - 3 * tokens) / 2) + 5;
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        const proposed = await propose(tokens);
        expect(proposed.status).toBe(201);
        const accepted = await buyer.post(`/api/transfers/${proposed.body.id}/accept`);
        expect(accepted.body).toMatchObject({ status: 'accepted' });
        ids.push(proposed.body.id as string);
      }
      const requests: string[] = [];
      for (let i = 0; i < 2; i++) {
        const asked = await app.adminA.post(`/api/admin/assets/${assetId}/freezes`, {
          holderId: seller.user.id,
          action: 'freeze',
          scope: 'tokens',
          tokens: freezeTokens,
          reason,
        });
        expect(asked.status).toBe(201);
        requests.push(asked.body.id as string);
      }
      const before = await Promise.all(ids.map(transferEvents));

      const answers = (await Promise.all([
        ...ids.map((id) => owner.post(`/api/transfers/${id}/approve`)),
        ...requests.map(async (id) => {
          await new Promise((r) => setTimeout(r, lag));
          return app.adminB.post(`/api/admin/assets/${assetId}/freezes/${id}/approve`, {});
        }),
      ])) as Answer[];
      refusedWithReason(answers);
      const approvedTransfers = ids.filter((_, i) => answers[i]!.status === 200);
      const approvedFreezes = requests.filter((_, i) => answers[ids.length + i]!.status === 200);
      expect(approvedTransfers.length + approvedFreezes.length).toBeGreaterThan(0);
      const after = await holding();
      expect(after.settling + after.frozen).toBeLessThanOrEqual(after.held);
      expect(after).toMatchObject({
        held,
        settling: tokens * approvedTransfers.length,
        frozen: freezeTokens * approvedFreezes.length,
      });
      // A refused approval appended nothing to its transfer's stream.
      for (const [i, id] of ids.entries())
        if (answers[i]!.status !== 200) expect(await transferEvents(id)).toBe(before[i]);

      // Every approved transfer settles on chain: none of its tokens was frozen under it.
      for (const id of approvedTransfers) {
        const done = await until(
          `transfer ${id} settled`,
          () => seller.get(`/api/transfers/${id}`),
          (r) => r.body.status === 'settled' || r.body.status === 'failed',
        );
        expect([done.body.status, done.body.refusal]).toEqual(['settled', null]);
      }
      await app.settled();
      // The settlements consumed their earmarks; the transfers not approved are cancelled and their promises (which
      // yield to a freeze) go back; the freezes stand on what is left, and are lifted for the next round.
      for (const id of ids.filter((x) => !approvedTransfers.includes(x)))
        expect((await seller.post(`/api/transfers/${id}/cancel`)).status).toBe(200);
      const end = await holding();
      expect(end).toEqual({
        held: held - tokens * approvedTransfers.length,
        settling: 0,
        claimed: 0,
        frozen: freezeTokens * approvedFreezes.length,
      });
      if (end.frozen > 0)
        await app.freeze(assetId, {
          holderId: seller.user.id,
          action: 'unfreeze',
          scope: 'tokens',
          tokens: end.frozen,
          reason,
        });
    }
  }, 300_000);

  /** A verified investor holding `tokens` of the asset, confirmed and in their wallet. */
  const holder = async (tokens: number) => {
    const person = await verifiedInvestor(app.server, app.adminA);
    await confirmedPurchase(person, offeringId, tokens);
    await app.settled();
    return person;
  };
  const proposeFrom = async (from: Person, tokens: number) => {
    const proposed = await from.post('/api/transfers', {
      assetId,
      toInvestorId: buyer.user.id,
      tokens,
      pricePerToken: '1.00',
    });
    expect(proposed.status).toBe(201);
    return proposed.body.id as string;
  };
  const settles = async (from: Person, id: string) => {
    const done = await until(
      `transfer ${id} settled`,
      () => from.get(`/api/transfers/${id}`),
      (r) => r.body.status === 'settled' || r.body.status === 'failed',
    );
    expect([done.body.status, done.body.refusal]).toEqual(['settled', null]);
  };

  it('after a freeze, two over-promised transfers do not block each other: the first approved goes through, the second is refused for its claim, not the freeze (outside probe)', async () => {
    const x = await holder(10);
    const [t1, t2] = [await proposeFrom(x, 5), await proposeFrom(x, 5)];
    await app.freeze(assetId, { holderId: x.user.id, action: 'freeze', scope: 'tokens', tokens: 1, reason });
    // 9 free: each of 5 fits on its own, so the buyer may accept both (promises bind nothing).
    for (const id of [t1, t2])
      expect((await buyer.post(`/api/transfers/${id}/accept`)).body).toMatchObject({ status: 'accepted' });
    expect((await owner.post(`/api/transfers/${t1}/approve`)).body).toMatchObject({ status: 'approved' });
    const before = await transferEvents(t2);
    const second = await owner.post(`/api/transfers/${t2}/approve`);
    // Whether the first has settled yet or not, 4 are free, and the first transfer's claim is what falls short.
    expect([second.status, second.body.message]).toEqual([409, M.claimedElsewhere(5, 4, 'other', 'approved')]);
    expect(await transferEvents(t2)).toBe(before);
    await settles(x, t1);
  }, 300_000);

  it('30 held, 10 frozen, 5 settling: of four accepted transfers of 5 approved at once, the three that fit go through and the fourth is refused for the others’ claims', async () => {
    const y = await holder(30);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await proposeFrom(y, 5));
    for (const id of ids)
      expect((await buyer.post(`/api/transfers/${id}/accept`)).body).toMatchObject({ status: 'accepted' });
    await app.freeze(assetId, { holderId: y.user.id, action: 'freeze', scope: 'tokens', tokens: 10, reason });
    const [first, ...four] = ids as [string, ...string[]];
    expect((await owner.post(`/api/transfers/${first}/approve`)).body).toMatchObject({ status: 'approved' });
    const answers = (await Promise.all(four.map((id) => owner.post(`/api/transfers/${id}/approve`)))) as Answer[];
    const approved = four.filter((_, i) => answers[i]!.status === 200);
    expect(approved).toHaveLength(3);
    const refused = answers.filter((a) => a.status !== 200);
    // The other claims: 20 while the first still settles, 15 once it has settled (held 25 then).
    expect(refused.map((a) => [a.status, a.body.message])).toEqual([
      [
        409,
        expect.stringMatching(
          /^(20|15) of the seller’s tokens are in other approved transfers: the seller holds no tokens free to transfer$/,
        ),
      ],
    ]);
    for (const id of [first, ...approved]) await settles(y, id);
    await app.settled();
    // Four of 5 moved; the 10 frozen stay, and nothing is claimed any more but the fifth's promise.
    const state = await registerNow();
    expect([heldBy(state, y.user.id), frozenTokens(state, y.user.id)]).toEqual([10, 10]);
    expect(earmarkedBy(state, y.user.id, { settlingOnly: true })).toBe(0);
  }, 300_000);

  it('the seller’s holding reads as the register has it: promised at the proposal, given back at its cancel, settling once approved, consumed when settled', async () => {
    const z = await holder(20);
    const [investment] = (await z.get('/api/investments')).body.investments as { id: string }[];
    const claims = (x: EarmarkedTokens): EarmarkedTokens => ({
      promisedTokens: x.promisedTokens,
      promisedTransfers: x.promisedTransfers,
      settlingTokens: x.settlingTokens,
      settlingTransfers: x.settlingTransfers,
    });
    /** The register's earmarks of the holder now, and the same on the holdings, the investments and the investment. */
    const agreed = async () => {
      const state = await registerNow();
      const registered = earmarkedTokens(state.earmarks?.values() ?? [], z.user.id, new Date().toISOString());
      type Read = EarmarkedTokens & { assetTokensHeld: number };
      const holdings = (await z.get('/api/holdings')).body.holdings as (Read & { tokensHeld: number })[];
      const investments = (await z.get('/api/investments')).body.investments as Read[];
      const page = (await z.get(`/api/investments/${investment!.id}`)).body as Read;
      const reads = [...holdings, ...investments, page];
      expect(reads.map(claims)).toEqual([registered, registered, registered]);
      // What the figures are of: the holder's tokens of the asset in the register.
      expect(reads.map((x) => x.assetTokensHeld)).toEqual(Array(3).fill(heldBy(state, z.user.id)));
      return { ...registered, held: holdings[0]!.tokensHeld };
    };
    const none = { promisedTokens: 0, promisedTransfers: 0, settlingTokens: 0, settlingTransfers: 0 };
    expect(await agreed()).toEqual({ ...none, held: 20 });

    const cancelled = await proposeFrom(z, 8);
    expect(await agreed()).toEqual({ ...none, promisedTokens: 8, promisedTransfers: 1, held: 20 });
    expect((await z.post(`/api/transfers/${cancelled}/cancel`)).status).toBe(200);
    expect(await agreed()).toEqual({ ...none, held: 20 });

    const id = await proposeFrom(z, 5);
    expect((await buyer.post(`/api/transfers/${id}/accept`)).body).toMatchObject({ status: 'accepted' });
    expect(await agreed()).toEqual({ ...none, promisedTokens: 5, promisedTransfers: 1, held: 20 });
    // Held back from the chain a moment, so that the approved transfer is seen settling before it settles.
    await app.outbox.stopSending();
    expect((await owner.post(`/api/transfers/${id}/approve`)).body).toMatchObject({ status: 'approved' });
    expect(await agreed()).toEqual({ ...none, settlingTokens: 5, settlingTransfers: 1, held: 20 });
    app.outbox.startSending();
    await settles(z, id);
    await app.settled();
    expect(await agreed()).toEqual({ ...none, held: 15 });
  }, 300_000);
});
