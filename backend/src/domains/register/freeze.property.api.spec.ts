/**
 * Freezes under any interleaving (issue 32): random purchases, freezes and unfreezes of part or all of a holding,
 * the outbox left to catch up or not between steps, on the real app with the embedded chain. The API accepts
 * exactly what the model allows (409 otherwise); afterwards every wallet's balance, frozen tokens and whole-holding
 * flag on chain equal the register's, the holdings show the register's frozen count, and the reconciliation's drift
 * is 0. A freeze asked right after a purchase waits for its transfer (`blockedBy`), so none fails on chain.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { Address } from 'viem';
import type { ViemChain } from '../../platform/chain/viem-chain.js';
import type { Api } from '../../testing/api.js';
import { startTestServer } from '../../testing/api.js';
import * as offerings from '../../testing/offerings.js';
import { signUp } from '../../testing/users.js';
import { ChainOutbox } from '../tokens/chain-outbox.js';
import { suiteOf } from '../tokens/flow.js';
import { ChainReconciler } from '../tokens/chain-balances.js';

const INVESTORS = 2;
type Step =
  | { kind: 'buy'; who: number; tokens: number; settle: boolean }
  | { kind: 'tokens'; who: number; action: 'freeze' | 'unfreeze'; tokens: number; settle: boolean }
  | { kind: 'address'; who: number; action: 'freeze' | 'unfreeze'; settle: boolean };

const who = fc.nat(INVESTORS - 1);
const action = fc.constantFrom('freeze' as const, 'unfreeze' as const);
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('buy' as const), who, tokens: fc.integer({ min: 1, max: 4 }), settle: fc.boolean() }),
  fc.record({
    kind: fc.constant('tokens' as const),
    who,
    action,
    tokens: fc.integer({ min: 1, max: 5 }),
    settle: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('address' as const), who, action, settle: fc.boolean() }),
);

describe('frozen tokens on chain equal the register under any history', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let adminA: Api & { user: { id: string } };
  let adminB: Api & { user: { id: string } };
  let outbox: ChainOutbox;
  let offeringId: string;
  let assetId: string;
  beforeAll(async () => {
    server = await startTestServer({ env: { CHAIN: 'anvil', AUTH_RATE_LIMIT_PER_IP: '10000' } });
    adminA = await signUp(server, { admin: true });
    adminB = await signUp(server, { admin: true });
    outbox = server.app.get(ChainOutbox);
    ({ offeringId, assetId } = await offerings.offeringFor(server, adminA, 1000, '10.00'));
    expect(await outbox.settled()).toBe(true);
  });
  afterAll(() => server.close());

  it('ends with balances, frozen tokens and whole-holding freezes equal on chain and in the register', async () => {
    const chain = server.chain as ViemChain;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 8 }), async (steps) => {
        const investors = await Promise.all(
          Array.from({ length: INVESTORS }, () => offerings.verifiedInvestor(server, adminA)),
        );
        const held = investors.map(() => 0);
        const frozen = investors.map(() => 0);
        const whole = investors.map(() => false);
        let position = 0;
        for (const s of steps) {
          const investor = investors[s.who]!;
          if (s.kind === 'buy') {
            const bought = await investor.post('/api/invest', {
              offeringId,
              tokensRequested: s.tokens,
              investmentAmount: 10 * s.tokens,
            });
            expect(bought.status).toBe(201);
            held[s.who]! += s.tokens;
          } else {
            const tokens = s.kind === 'tokens' ? s.tokens : null;
            const allowed =
              s.kind === 'address'
                ? (s.action === 'freeze') !== whole[s.who] && (held[s.who]! > 0 || frozen[s.who]! > 0 || whole[s.who]!)
                : s.action === 'freeze'
                  ? s.tokens <= held[s.who]! - frozen[s.who]!
                  : s.tokens <= frozen[s.who]!;
            const asked = await adminA.post(`/api/admin/assets/${assetId}/freezes`, {
              holderId: investor.user.id,
              action: s.action,
              scope: s.kind,
              ...(tokens !== null && { tokens }),
              reason: 'Dispute before the Disputes Tribunal',
            });
            if (!allowed) {
              expect([404, 409]).toContain(asked.status);
              continue;
            }
            expect(asked.status).toBe(201);
            const approved = await adminB.post(`/api/admin/assets/${assetId}/freezes/${asked.body.id}/approve`, {});
            expect(approved.status).toBe(200);
            position = Math.max(position, approved.body.position as number);
            if (s.kind === 'address') whole[s.who] = s.action === 'freeze';
            else frozen[s.who]! += s.action === 'freeze' ? s.tokens : -s.tokens;
          }
          if (s.settle) expect(await outbox.settled()).toBe(true);
        }
        expect(await outbox.settled()).toBe(true);
        const token = suiteOf(outbox.state, assetId)!.token;
        for (const [i, investor] of investors.entries()) {
          const wallet = (await investor.get('/api/wallet')).body.address as Address;
          expect(await chain.balanceOf(token, wallet)).toBe(BigInt(held[i]!));
          expect(await chain.read('Token', token, 'getFrozenTokens', [wallet])).toBe(BigInt(frozen[i]!));
          expect(await chain.read('Token', token, 'isFrozen', [wallet])).toBe(whole[i]);
          const holdings = (await investor.get('/api/holdings', { 'x-read-after': String(position) })).body.holdings;
          for (const h of holdings) expect(h.frozenTokens).toBe(whole[i] ? held[i] : frozen[i]);
        }
        expect(outbox.state.txs.size).toBeGreaterThan(0);
        for (const tx of outbox.state.txs.values()) expect(tx.status).toBe('confirmed');
        expect(await server.app.get(ChainReconciler).reconcile()).toMatchObject({ drift: 0, pending: 0 });
      }),
      {
        numRuns: 4,
        // A freeze asked before the purchase it freezes has reached the chain.
        examples: [
          [
            [
              { kind: 'buy', who: 0, tokens: 4, settle: false },
              { kind: 'tokens', who: 0, action: 'freeze', tokens: 3, settle: false },
              { kind: 'address', who: 0, action: 'freeze', settle: false },
              { kind: 'tokens', who: 0, action: 'unfreeze', tokens: 2, settle: true },
            ],
          ],
        ],
      },
    );
  }, 240_000);
});
