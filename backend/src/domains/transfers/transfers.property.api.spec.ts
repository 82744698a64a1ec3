/**
 * Transfers under any interleaving (issue 32): random proposals, accepts, approvals, cancels, freezes and unfreezes
 * (part of a holding, or the whole address) and wallet recoveries (a platform-held wallet, or the investor's own
 * after they switched to it) between three investors of one asset, on the real app with the embedded chain. The API
 * answers exactly what the model does (2xx when it allows, 4xx when it refuses: frozen tokens cannot move, nor
 * tokens promised in another open proposal — at the proposal; acceptance and approval count only approved transfers
 * still settling —, nor tokens to a frozen address, nor anything of an own wallet); each
 * approved transfer settles by delivery versus payment, once; afterwards every wallet's balance and frozen tokens
 * (and whole-address freeze) on chain equal the model's and the register's, every lost wallet holds nothing, each
 * party's `/api/holdings` adds up to what they hold, no wallet holds fewer tokens than it has frozen, and the
 * reconciliation's drift is 0.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { Address } from 'viem';
import type { ViemChain } from '../../platform/chain/viem-chain.js';
import type { Api } from '../../testing/api.js';
import { startTestServer } from '../../testing/api.js';
import { confirmedPurchase, tenDollarOffering } from '../../testing/income.js';
import * as offerings from '../../testing/offerings.js';
import { signUp } from '../../testing/users.js';
import { newWallet, recoveryProof, registerOwnWallet } from '../../testing/wallets.js';
import { ChainReconciler } from '../tokens/chain-balances.js';
import { ChainOutbox } from '../tokens/chain-outbox.js';
import { suiteOf } from '../tokens/flow.js';
import { untilWithin } from '../../testing/until.js';

const INVESTORS = 3;
type Step =
  | { kind: 'propose'; from: number; to: number; tokens: number }
  | { kind: 'accept' | 'approve'; pick: number }
  | { kind: 'cancel'; pick: number; bySeller: boolean }
  | { kind: 'freeze'; who: number; action: 'freeze' | 'unfreeze'; scope: 'tokens' | 'address'; tokens: number }
  /**
   * `own`: the investor first switches to a wallet of their own (if not yet; only while holding nothing, then buys
   * on it), so the recovery needs their proof.
   */
  | { kind: 'recover'; who: number; own: boolean };

const who = fc.nat(INVESTORS - 1);
const pick = fc.nat(20);
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('propose' as const),
      from: who,
      to: who,
      tokens: fc.integer({ min: 1, max: 6 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('accept' as const), pick }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('approve' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick, bySeller: fc.boolean() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('freeze' as const),
      who,
      action: fc.constantFrom('freeze' as const, 'unfreeze' as const),
      scope: fc.constantFrom('tokens' as const, 'tokens' as const, 'address' as const),
      tokens: fc.integer({ min: 1, max: 4 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('recover' as const), who, own: fc.constantFrom(false, false, true) }),
  },
);

const RECOVERY_REASON = 'Passport and live video call re-verified by the compliance team';

type Proposal = { id: string; from: number; to: number; tokens: number; status: 'proposed' | 'accepted' | 'closed' };

describe('transfers keep the chain, the register and the holdings equal under any history', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let adminA: Api & { user: { id: string } };
  let adminB: Api & { user: { id: string } };
  let outbox: ChainOutbox;
  let owner: Api;
  let offeringId: string;
  let assetId: string;

  const until = untilWithin(60_000, 50);

  beforeAll(async () => {
    server = await startTestServer({ env: { CHAIN: 'anvil', AUTH_RATE_LIMIT_PER_IP: '10000' } });
    adminA = await signUp(server, { admin: true });
    adminB = await signUp(server, { admin: true });
    outbox = server.app.get(ChainOutbox);
    ({ owner, assetId } = await offerings.approvedAsset(server, adminA, 2_000));
    offeringId = await tenDollarOffering(adminA, assetId, 2_000, { name: 'Open series' });
    expect(await outbox.settled()).toBe(true);
  }, 120_000);
  afterAll(() => server.close());

  it('answers as the model does; afterwards the chain equals the register and no frozen token moved', async () => {
    const chain = server.chain as ViemChain;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 2, max: 8 }), { minLength: INVESTORS, maxLength: INVESTORS }),
        fc.array(step, { minLength: 4, maxLength: 10 }),
        async (bought, steps) => {
          const investors = await Promise.all(
            Array.from({ length: INVESTORS }, () => offerings.verifiedInvestor(server, adminA)),
          );
          const held = [...bought];
          /** Frozen one by one (`getFrozenTokens`), and the whole address (`isFrozen`). */
          const frozen = investors.map(() => 0);
          const addressFrozen = investors.map(() => false);
          /** The register knows a freeze of theirs (a holder with none held is still found by it). */
          const everFrozen = investors.map(() => false);
          /** On a wallet of their own: Kauri cannot sign their DvP steps, so their transfers are refused. */
          const own = investors.map(() => false);
          const lostWallets: Address[] = [];
          const settledIds: string[] = [];
          for (const [i, investor] of investors.entries()) await confirmedPurchase(investor, offeringId, bought[i]!);
          // The buyers' wallets exist before anything is proposed to them.
          expect(await outbox.settled()).toBe(true);
          const proposals: Proposal[] = [];
          const promised = (from: number) =>
            proposals.filter((p) => p.from === from && p.status !== 'closed').reduce((s, p) => s + p.tokens, 0);
          const frozenNow = (i: number) => (addressFrozen[i] ? held[i]! : Math.min(frozen[i]!, held[i]!));
          // A proposal counts the other open proposals' promises; acceptance and approval only other approved
          // transfers still settling — none here, each approval settles before the next step.
          const free = (from: number, except?: Proposal) =>
            held[from]! - frozenNow(from) - (except ? 0 : promised(from));
          const movable = (p: Pick<Proposal, 'from' | 'to' | 'tokens'>, except?: Proposal) =>
            p.tokens <= free(p.from, except) && !addressFrozen[p.to] && !own[p.from] && !own[p.to];
          const answered = (status: number, allowed: boolean, what: string) =>
            expect([what, status < 300]).toEqual([what, allowed]);

          for (const s of steps) {
            if (s.kind === 'propose') {
              if (s.from === s.to) continue;
              const allowed = movable(s);
              const asked = await investors[s.from]!.post('/api/transfers', {
                assetId,
                toInvestorId: investors[s.to]!.user.id,
                tokens: s.tokens,
                pricePerToken: '12.50',
              });
              answered(asked.status, allowed, `propose ${JSON.stringify(s)}: ${JSON.stringify(asked.body)}`);
              if (!allowed) expect(asked.status).toBe(409);
              else
                proposals.push({
                  id: asked.body.id as string,
                  from: s.from,
                  to: s.to,
                  tokens: s.tokens,
                  status: 'proposed',
                });
            } else if (s.kind === 'freeze') {
              const known = held[s.who]! > 0 || everFrozen[s.who]!;
              const allowed =
                known &&
                (s.scope === 'address'
                  ? addressFrozen[s.who] === (s.action === 'unfreeze')
                  : s.action === 'freeze'
                    ? s.tokens <= held[s.who]! - frozen[s.who]!
                    : s.tokens <= frozen[s.who]!);
              const asked = await adminA.post(`/api/admin/assets/${assetId}/freezes`, {
                holderId: investors[s.who]!.user.id,
                action: s.action,
                scope: s.scope,
                ...(s.scope === 'tokens' ? { tokens: s.tokens } : {}),
                reason: 'Dispute before the Disputes Tribunal',
              });
              answered(asked.status, allowed, `freeze ${JSON.stringify(s)}: ${JSON.stringify(asked.body)}`);
              if (!allowed) continue;
              const approved = await adminB.post(`/api/admin/assets/${assetId}/freezes/${asked.body.id}/approve`, {});
              expect(approved.status).toBe(200);
              everFrozen[s.who] = true;
              if (s.scope === 'address') addressFrozen[s.who] = s.action === 'freeze';
              else frozen[s.who]! += s.action === 'freeze' ? s.tokens : -s.tokens;
              expect(await outbox.settled()).toBe(true);
            } else if (s.kind === 'recover') {
              const investor = investors[s.who]!;
              if (s.own && !own[s.who]) {
                // A wallet of their own only while they hold nothing; then they buy on it, and lose it.
                const registered = await registerOwnWallet(investor, newWallet());
                answered(
                  registered.status,
                  held[s.who] === 0,
                  `own wallet ${s.who}: ${JSON.stringify(registered.body)}`,
                );
                if (registered.status < 300) {
                  own[s.who] = true;
                  expect(await outbox.settled()).toBe(true);
                  await confirmedPurchase(investor, offeringId, 2);
                  held[s.who]! += 2;
                  expect(await outbox.settled()).toBe(true);
                }
              }
              const lost = (await investor.get('/api/wallet')).body.address as Address;
              const asked = await adminA.post('/api/admin/wallet-recoveries', {
                personId: investor.user.id,
                reason: RECOVERY_REASON,
              });
              // Nothing to recover without tokens.
              answered(asked.status, held[s.who]! > 0, `recover ${JSON.stringify(s)}: ${JSON.stringify(asked.body)}`);
              if (asked.status >= 300) continue;
              expect(asked.body).toMatchObject({ custodial: !own[s.who], lostAddress: lost });
              const requestId = asked.body.id as string;
              if (own[s.who]) {
                const proved = await investor.post(
                  `/api/wallet/recoveries/${requestId}/proof`,
                  await recoveryProof(investor, newWallet()),
                );
                expect(proved.status).toBe(201);
              }
              const approved = await adminB.post(`/api/admin/wallet-recoveries/${requestId}/approve`, {});
              expect(approved.body).toMatchObject({ status: 'approved' });
              lostWallets.push(lost);
              expect(await outbox.settled()).toBe(true);
            } else {
              if (proposals.length === 0) continue;
              const p = proposals[s.pick % proposals.length]!;
              if (s.kind === 'cancel') {
                const allowed = p.status !== 'closed';
                const by = investors[s.bySeller ? p.from : p.to]!;
                const asked = await by.post(`/api/transfers/${p.id}/cancel`);
                answered(asked.status, allowed, `cancel ${JSON.stringify(p)}: ${JSON.stringify(asked.body)}`);
                if (allowed) p.status = 'closed';
              } else if (s.kind === 'accept') {
                const allowed = p.status === 'proposed' && movable(p, p);
                const asked = await investors[p.to]!.post(`/api/transfers/${p.id}/accept`);
                answered(asked.status, allowed, `accept ${JSON.stringify(p)}: ${JSON.stringify(asked.body)}`);
                if (allowed) p.status = 'accepted';
              } else {
                const allowed = p.status === 'accepted' && movable(p, p);
                const asked = await adminB.post(`/api/transfers/${p.id}/approve`);
                answered(asked.status, allowed, `approve ${JSON.stringify(p)}: ${JSON.stringify(asked.body)}`);
                if (!allowed) continue;
                p.status = 'closed';
                expect(await outbox.settled()).toBe(true);
                const settled = await until(
                  'the transfer settled',
                  async () => (await adminB.get(`/api/transfers/${p.id}`)).body,
                  (b) => b.status === 'settled' || b.status === 'failed',
                );
                expect(settled).toMatchObject({ status: 'settled', refusal: null });
                held[p.from]! -= p.tokens;
                held[p.to]! += p.tokens;
                settledIds.push(p.id);
                // No frozen token moved: the seller still holds every token frozen.
                expect(held[p.from]!).toBeGreaterThanOrEqual(frozen[p.from]!);
                expect(addressFrozen[p.from]).toBe(false);
              }
            }
          }

          expect(await outbox.settled()).toBe(true);
          const token = suiteOf(outbox.state, assetId)!.token;
          const capTable = (await owner.get(`/api/assets/${assetId}/cap-table`)).body;
          for (const [i, investor] of investors.entries()) {
            const wallet = (await investor.get('/api/wallet')).body.address as Address;
            expect(await chain.balanceOf(token, wallet)).toBe(BigInt(held[i]!));
            expect(await chain.read('Token', token, 'getFrozenTokens', [wallet])).toBe(BigInt(frozen[i]!));
            expect(await chain.read('Token', token, 'isFrozen', [wallet])).toBe(addressFrozen[i]);
            const line = (capTable.lines as { investorId: string | null; tokens: number; frozenTokens: number }[]).find(
              (l) => l.investorId === investor.user.id,
            );
            expect([line?.tokens ?? 0, line?.frozenTokens ?? 0]).toEqual([held[i], frozenNow(i)]);
            const holdings = await until(
              `investor ${i}'s holdings`,
              async () =>
                (await investor.get('/api/holdings')).body.holdings as { tokensHeld: number; status: string }[],
              (h) => h.filter((x) => x.status === 'confirmed').reduce((sum, x) => sum + x.tokensHeld, 0) === held[i],
            );
            expect(holdings.length).toBeGreaterThan(0);
          }
          // A recovered wallet holds nothing, frozen or not.
          for (const lost of lostWallets) {
            expect(await chain.balanceOf(token, lost)).toBe(0n);
            expect(await chain.read('Token', token, 'getFrozenTokens', [lost])).toBe(0n);
          }
          // Each settled transfer settled once, and the register recorded it once.
          const log = await server.eventStore.readAll({ streamPrefixes: [`asset-${assetId}`, 'transfer-'] });
          for (const id of settledIds)
            expect(
              ['TokensTransferred', 'TransferSettled'].map(
                (type) =>
                  log.filter((e) => e.type === type && (e.data as { transferId: string }).transferId === id).length,
              ),
            ).toEqual([1, 1]);
          for (const tx of outbox.state.txs.values()) expect(tx.status).toBe('confirmed');
          expect(await server.app.get(ChainReconciler).reconcile()).toMatchObject({ drift: 0, pending: 0 });
        },
      ),
      {
        numRuns: 6,
        // Frozen tokens cannot move: a freeze after the buyer accepted refuses the approval.
        examples: [
          [
            [4, 2, 2],
            [
              { kind: 'propose', from: 0, to: 1, tokens: 3 },
              { kind: 'accept', pick: 0 },
              { kind: 'freeze', who: 0, action: 'freeze', scope: 'tokens', tokens: 2 },
              { kind: 'approve', pick: 0 },
              { kind: 'propose', from: 0, to: 2, tokens: 1 },
              { kind: 'freeze', who: 0, action: 'unfreeze', scope: 'tokens', tokens: 2 },
              { kind: 'accept', pick: 1 },
              { kind: 'approve', pick: 1 },
            ],
          ],
          // A whole address frozen neither sends nor receives; recoveries (platform-held, then own) keep the freeze.
          [
            [5, 3, 2],
            [
              { kind: 'propose', from: 0, to: 1, tokens: 2 },
              { kind: 'freeze', who: 1, action: 'freeze', scope: 'address', tokens: 1 },
              { kind: 'accept', pick: 0 },
              { kind: 'recover', who: 1, own: false },
              { kind: 'freeze', who: 1, action: 'unfreeze', scope: 'address', tokens: 1 },
              { kind: 'accept', pick: 0 },
              { kind: 'approve', pick: 0 },
              { kind: 'freeze', who: 0, action: 'freeze', scope: 'tokens', tokens: 1 },
              { kind: 'recover', who: 0, own: true },
              { kind: 'propose', from: 2, to: 0, tokens: 2 },
              { kind: 'accept', pick: 1 },
              { kind: 'approve', pick: 1 },
              { kind: 'freeze', who: 2, action: 'freeze', scope: 'address', tokens: 1 },
              { kind: 'recover', who: 2, own: true },
              { kind: 'propose', from: 2, to: 1, tokens: 1 },
            ],
          ],
        ],
      },
    );
  }, 240_000);
});
