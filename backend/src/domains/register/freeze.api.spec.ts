/**
 * Freezing a holding (issue 32) on the real app with the embedded chain: an admin asks with a reason, another
 * approves (never the one who asked, the asset's owner or the holder); the register, the holding and the chain then
 * agree on how many tokens are frozen; frozen tokens do not move; unfreezing likewise. Bad input is a 4xx with each
 * field's message and nothing recorded.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import type { Address } from 'viem';
import { OWN_REQUEST } from '../../messages.js';
import { fourEyesOnChain } from '../../testing/four-eyes-chain.js';
import * as offerings from '../../testing/offerings.js';
import { expectedFrozen } from '../tokens/flow.js';

const reason = 'High Court freezing order CIV-2026-404-123';

describe('freezing and unfreezing a holding, four eyes, on the chain', () => {
  const app = fourEyesOnChain();
  const { settled, onChain, freeze } = app;

  it('freezes part of a holding, then all of it, then unfreezes: register, holding and chain agree', async () => {
    const { offeringId, assetId, owner } = await offerings.offeringFor(app.server, app.adminA, 1000, '10.00');
    const investor = await offerings.verifiedInvestor(app.server, app.adminA);
    const bought = await investor.post('/api/invest', { offeringId, tokensRequested: 50, investmentAmount: 500 });
    expect(bought.status).toBe(201);
    await settled();
    const wallet = (await investor.get('/api/wallet')).body.address as Address;
    const holderId = investor.user.id;

    // Refused before anything is recorded: each field's message.
    const before = (await app.adminA.get(`/api/assets/${assetId}/register`)).body.freezes;
    expect(before).toEqual([]);
    const bad = await app.adminA.post(`/api/admin/assets/${assetId}/freezes`, {
      holderId,
      action: 'hold',
      scope: 'all',
      tokens: 0,
      reason: 'short',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'action', message: 'Choose freeze or unfreeze' },
        { field: 'scope', message: 'Choose the whole holding or a number of tokens' },
        { field: 'tokens', message: 'Tokens must be a whole number of at least 1' },
        { field: 'reason', message: 'Give the reason (a court order, a dispute): at least 10 characters' },
      ]),
    );
    const tooMany = await app.adminA.post(`/api/admin/assets/${assetId}/freezes`, {
      holderId,
      action: 'freeze',
      scope: 'tokens',
      tokens: 51,
      reason,
    });
    expect(tooMany).toMatchObject({
      status: 409,
      body: { errors: [{ field: 'tokens', message: 'Only 50 tokens of this holding are not frozen' }] },
    });
    for (const odd of ['constructor', '__proto__', 'someone-else'])
      expect(
        (
          await app.adminA.post(`/api/admin/assets/${assetId}/freezes`, {
            holderId: odd,
            action: 'freeze',
            scope: 'address',
            reason,
          })
        ).status,
      ).toBe(404);
    expect(
      (
        await app.adminA.post('/api/admin/assets/constructor/freezes', {
          holderId,
          action: 'freeze',
          scope: 'address',
          reason,
        })
      ).status,
    ).toBe(400); // an id the path refuses (platform/http/ids.ts)
    // Only admins ask and decide.
    expect(
      (
        await investor.post(`/api/admin/assets/${assetId}/freezes`, {
          holderId,
          action: 'freeze',
          scope: 'address',
          reason,
        })
      ).status,
    ).toBe(403);
    expect((await app.adminA.get(`/api/assets/${assetId}/register`)).body.freezes).toEqual([]);

    // Admin A asks for 20 tokens; A cannot approve their own request; B can.
    const asked = await app.adminA.post(`/api/admin/assets/${assetId}/freezes`, {
      holderId,
      action: 'freeze',
      scope: 'tokens',
      tokens: 20,
      reason,
    });
    expect(asked.status).toBe(201);
    const pending = (await app.adminB.get('/api/admin/freezes', { 'x-read-after': String(asked.body.position) })).body
      .freezes;
    expect(pending).toEqual([
      expect.objectContaining({
        requestId: asked.body.id,
        assetId,
        holderId,
        action: 'freeze',
        scope: 'tokens',
        tokens: 20,
        reason,
        requestedBy: app.adminA.user.id,
        held: 50,
        frozenTokens: 0,
      }),
    ]);
    const own = await app.adminA.post(`/api/admin/assets/${assetId}/freezes/${asked.body.id}/approve`, {});
    expect(own).toMatchObject({ status: 403, body: { message: OWN_REQUEST } });
    expect((await owner.post(`/api/admin/assets/${assetId}/freezes/${asked.body.id}/approve`, {})).status).toBe(403);
    expect((await app.adminB.post(`/api/admin/assets/${assetId}/freezes/constructor/approve`, {})).status).toBe(400);
    expect((await app.adminB.post(`/api/admin/assets/${assetId}/freezes/${randomUUID()}/approve`, {})).status).toBe(
      404,
    );
    const approved = await app.adminB.post(`/api/admin/assets/${assetId}/freezes/${asked.body.id}/approve`, {});
    expect(approved.status).toBe(200);
    await settled();
    expect(await onChain(assetId, wallet)).toEqual({ balance: 50n, frozenTokens: 20n, address: false });
    const after = { 'x-read-after': String(approved.body.position) };
    const [holding] = (await investor.get('/api/holdings', after)).body.holdings;
    expect(holding).toMatchObject({ tokensHeld: 50, frozenTokens: 20, frozenReason: reason, onChainBalance: 50 });
    // The investment's own page says the same (it is where a holder looks before proposing a transfer).
    const [investment] = (await investor.get('/api/investments', after)).body.investments;
    expect((await investor.get(`/api/investments/${investment.id}`, after)).body).toMatchObject({
      frozenTokens: 20,
      frozenReason: reason,
    });
    const register = (await app.adminB.get(`/api/assets/${assetId}/register`, after)).body;
    expect(register.frozen).toEqual([expect.objectContaining({ holderId, address: false, tokens: 20, reason })]);
    expect(register.freezes[0]).toMatchObject({ status: 'approved', decidedBy: app.adminB.user.id });
    const line = (await app.adminB.get(`/api/assets/${assetId}/cap-table`, after)).body.lines.find(
      (l: { investorId: string | null }) => l.investorId === holderId,
    );
    expect(line).toMatchObject({ tokens: 50, frozenTokens: 20, frozenReason: reason });
    expect((await app.adminB.get('/api/admin/freezes', after)).body.freezes).toEqual([]);

    // Unfreezing more than is frozen is refused; the whole holding frozen freezes all 50.
    const overUnfreeze = await app.adminA.post(`/api/admin/assets/${assetId}/freezes`, {
      holderId,
      action: 'unfreeze',
      scope: 'tokens',
      tokens: 21,
      reason: 'Order varied by the court',
    });
    expect(overUnfreeze).toMatchObject({ status: 409, body: { message: 'Only 20 tokens of this holding are frozen' } });
    const whole = await freeze(assetId, { holderId, action: 'freeze', scope: 'address', reason: 'Ownership disputed' });
    expect(await onChain(assetId, wallet)).toEqual({ balance: 50n, frozenTokens: 20n, address: true });
    const [all] = (await investor.get('/api/holdings', { 'x-read-after': String(whole) })).body.holdings;
    expect(all).toMatchObject({ frozenTokens: 50, frozenReason: 'Ownership disputed' });

    // Unfrozen as a whole, then the 20: nothing frozen anywhere.
    await freeze(assetId, { holderId, action: 'unfreeze', scope: 'address', reason: 'Dispute settled in mediation' });
    const last = await freeze(assetId, {
      holderId,
      action: 'unfreeze',
      scope: 'tokens',
      tokens: 20,
      reason: 'Order discharged by consent',
    });
    expect(await onChain(assetId, wallet)).toEqual({ balance: 50n, frozenTokens: 0n, address: false });
    const [free] = (await investor.get('/api/holdings', { 'x-read-after': String(last) })).body.holdings;
    expect(free).toMatchObject({ frozenTokens: 0, frozenReason: null });
    expect(expectedFrozen(app.outbox.state).get(assetId)?.get(holderId)).toEqual({ address: false, tokens: 0 });
    // The audit names who asked and who decided.
    const audit = (await app.adminB.get(`/api/audit/events?stream=asset-${assetId}&type=FreezeApproved`)).body.events;
    expect(audit).toHaveLength(4);
    expect(audit[0]).toMatchObject({
      data: { reason, tokens: 20, frozenTokens: 20 },
      decision: { requestedBy: app.adminA.user.id, decidedBy: app.adminB.user.id },
    });
  });

  it("the owner's frozen retained tokens cannot be offered or cancelled; the chain holds them frozen", async () => {
    const { owner, assetId } = await offerings.approvedAsset(app.server, app.adminA, 1000);
    await settled();
    const wallet = (await owner.get('/api/wallet')).body.address as Address;
    const position = await freeze(assetId, {
      holderId: owner.user.id,
      action: 'freeze',
      scope: 'tokens',
      tokens: 950,
      reason: 'Security interest registered on the PPSR',
    });
    expect(await onChain(assetId, wallet)).toEqual({ balance: 1000n, frozenTokens: 950n, address: false });
    const offered = await app.adminB.post(
      '/api/admin/offerings',
      {
        assetId,
        name: 'Harbour View Series A',
        description: 'Waterfront income',
        totalTokens: 51,
        tokenPrice: '10.00',
        minimumInvestment: '1',
        lockupPeriod: 365,
      },
      { 'x-read-after': String(position) },
    );
    expect(offered).toMatchObject({ status: 409, body: { message: 'Only 50 tokens are free to offer' } });
    const cancel = await owner.post(`/api/assets/${assetId}/supply-changes`, { delta: -51, reason: 'Fewer units' });
    expect(cancel).toMatchObject({
      status: 409,
      body: { message: 'Only the owner’s 50 tokens not held or offered can be cancelled' },
    });
    const line = (
      await owner.get(`/api/assets/${assetId}/cap-table`, { 'x-read-after': String(position) })
    ).body.lines.find((l: { kind: string }) => l.kind === 'owner');
    expect(line).toMatchObject({ tokens: 1000, frozenTokens: 950 });
  });
});
