/**
 * Switching back (issue 27): whatever the history of wallet changes — X → Y → X included, with purchases between
 * them and the outbox left to catch up or not — exactly each investor's current address is in the identity
 * registry afterwards, every purchase reaches that address, and the reconciliation's drift is 0. Random sequences
 * (fast-check) on the real app with the embedded chain; few runs, so it takes seconds.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { Address } from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import type { ViemChain } from '../../platform/chain/viem-chain.js';
import type { Api } from '../../testing/api.js';
import { startTestServer } from '../../testing/api.js';
import * as offerings from '../../testing/offerings.js';
import { signUp } from '../../testing/users.js';
import { newWallet, registerOwnWallet } from '../../testing/wallets.js';
import { WALLET_PROOF_MESSAGES } from '../../messages.js';
import { ChainOutbox } from './chain-outbox.js';
import { ChainReconciler } from './chain-balances.js';
import { suiteOf } from './flow.js';
import { WALLET_HOLDS_TOKENS } from './tokens.controller.js';

const INVESTORS = 3;
const WALLETS_EACH = 2;

type Step =
  | { kind: 'switch'; who: number; wallet: number; settle: boolean }
  | { kind: 'buy'; who: number; tokens: number; settle: boolean };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('switch' as const),
      who: fc.nat(INVESTORS - 1),
      wallet: fc.nat(WALLETS_EACH - 1),
      settle: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('buy' as const),
      who: fc.nat(INVESTORS - 1),
      tokens: fc.integer({ min: 1, max: 3 }),
      settle: fc.boolean(),
    }),
  },
);

describe('the identity registry follows any history of wallet changes', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let admin: Api & { user: { id: string } };
  let outbox: ChainOutbox;
  let offeringId: string;
  let assetIds: string[];
  beforeAll(async () => {
    server = await startTestServer({ env: { CHAIN: 'anvil', AUTH_RATE_LIMIT_PER_IP: '10000' } });
    admin = await signUp(server, { admin: true });
    outbox = server.app.get(ChainOutbox);
    // Two assets: the registry is shared, and every asset's registry must agree.
    const first = await offerings.offeringFor(server, admin, 1000, '10.00');
    const second = await offerings.offeringFor(server, admin, 1000, '10.00');
    offeringId = first.offeringId;
    assetIds = [first.assetId, second.assetId];
    expect(await outbox.settled()).toBe(true);
  });
  afterAll(() => server.close());

  it('ends with registry = current address for every investor and drift 0', async () => {
    const chain = server.chain as ViemChain;
    const contains = (registry: Address, wallet: string) =>
      chain.read<boolean>('IdentityRegistry', registry, 'contains', [wallet]);
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 8 }), async (steps) => {
        const investors = await Promise.all(
          Array.from({ length: INVESTORS }, () => offerings.verifiedInvestor(server, admin)),
        );
        const wallets: PrivateKeyAccount[][] = investors.map(() => Array.from({ length: WALLETS_EACH }, newWallet));
        // The model: each investor's own wallet (null: still the custody one) and tokens held.
        const current: (number | null)[] = investors.map(() => null);
        const held = investors.map(() => 0);
        for (const s of steps) {
          const investor = investors[s.who]!;
          if (s.kind === 'switch') {
            const answer = await registerOwnWallet(investor, wallets[s.who]![s.wallet]!);
            if (held[s.who]! > 0) expect(answer).toMatchObject({ status: 409, body: { message: WALLET_HOLDS_TOKENS } });
            else if (current[s.who] === s.wallet)
              expect(answer).toMatchObject({ status: 409, body: { message: WALLET_PROOF_MESSAGES.same } });
            else {
              expect(answer.status).toBe(201);
              current[s.who] = s.wallet;
            }
          } else {
            const bought = await investor.post('/api/invest', {
              offeringId,
              tokensRequested: s.tokens,
              investmentAmount: 10 * s.tokens,
            });
            expect(bought.status).toBe(201);
            held[s.who]! += s.tokens;
          }
          if (s.settle) expect(await outbox.settled()).toBe(true);
        }
        expect(await outbox.settled()).toBe(true);
        const registries = [
          outbox.state.txs.get('c31337-platform-identity-registry')!.contractAddress as Address,
          ...assetIds.map((id) => suiteOf(outbox.state, id)!.identityRegistry),
        ];
        const token = suiteOf(outbox.state, assetIds[0]!)!.token;
        for (const [i, investor] of investors.entries()) {
          const wallet = (await investor.get('/api/wallet')).body;
          const own = current[i];
          if (own !== null) expect(wallet.address).toBe(wallets[i]![own]!.address);
          expect(wallet.registered).toBe(true);
          const others = wallets[i]!.map((w) => w.address).filter((a) => a !== wallet.address);
          for (const registry of registries) {
            expect(await contains(registry, wallet.address)).toBe(true);
            for (const other of others) expect(await contains(registry, other)).toBe(false);
          }
          expect(await chain.balanceOf(token, wallet.address)).toBe(BigInt(held[i]!));
        }
        const reconciliation = await server.app.get(ChainReconciler).reconcile();
        expect(reconciliation).toMatchObject({ drift: 0, pending: 0 });
      }),
      // The example from the issue first: X → Y → X, then a purchase.
      {
        numRuns: 5,
        examples: [
          [
            [
              { kind: 'switch', who: 0, wallet: 0, settle: true },
              { kind: 'switch', who: 0, wallet: 1, settle: true },
              { kind: 'switch', who: 0, wallet: 0, settle: true },
              { kind: 'buy', who: 0, tokens: 2, settle: false },
            ],
          ],
        ],
      },
    );
  }, 180_000);
});
