import { beforeAll, expect } from '@jest/globals';
import type { Address } from 'viem';
import { ChainOutbox } from '../domains/tokens/chain-outbox.js';
import { dvdManagerOf, stablecoinOf, suiteOf } from '../domains/tokens/flow.js';
import type { startTestServer } from './api.js';
import { assetWithHolder } from './income.js';
import { verifiedInvestor } from './offerings.js';
import { restartableChainApp } from './restarts.js';
import { untilWithin } from './until.js';
import { signUp } from './users.js';

type Person = Awaited<ReturnType<typeof signUp>>;
interface Started {
  server: Awaited<ReturnType<typeof startTestServer>>;
  admin: Person;
  owner: Person;
  seller: Person;
  buyer: Person;
  assetId: string;
}

/**
 * For the enclosing describe: the real app on the embedded chain, an admin, an owner's asset with a seller holding
 * 100 of its tokens (assetWithHolder) and a verified buyer, all settled on chain before the tests; closed after them.
 * `restart()` starts the app again on the same stores and chain (restartableChainApp).
 * Read the fields inside tests.
 */
export function transferOnChain() {
  const app = restartableChainApp('kauri-transfer-');
  let started: Started | null = null;
  const get = (): Started => {
    if (!started) throw new Error('transferOnChain: read inside a test, after beforeAll');
    return started;
  };
  const outbox = () => get().server.app.get(ChainOutbox);
  const settled = async () => expect(await outbox().settled(120_000)).toBe(true);
  const until = untilWithin(90_000);
  const propose = (tokens: number, buyer: Person = get().buyer) => {
    const { seller, assetId } = get();
    return seller.post('/api/transfers', { assetId, toInvestorId: buyer.user.id, tokens, pricePerToken: '12.50' });
  };

  beforeAll(async () => {
    const server = await app.start();
    const admin = await signUp(server, { admin: true });
    const { owner, assetId, investor: seller } = await assetWithHolder(server, admin);
    started = { server, admin, owner, seller, buyer: await verifiedInvestor(server, admin), assetId };
    await settled();
  }, 300_000);

  return {
    get server() {
      return get().server;
    },
    get admin() {
      return get().admin;
    },
    get owner() {
      return get().owner;
    },
    get seller() {
      return get().seller;
    },
    get buyer() {
      return get().buyer;
    },
    get assetId() {
      return get().assetId;
    },
    /** The app's chain outbox (another one after a restart). */
    outbox,
    /** Waits for the chain outbox to have sent and settled everything. */
    settled,
    chain: () => get().server.chain!,
    token: () => suiteOf(outbox().state, get().assetId)!.token,
    coin: () => stablecoinOf(outbox().state)!,
    manager: () => dvdManagerOf(outbox().state)!,
    walletOf: (person: Person) => outbox().state.wallets.get(person.user.id)! as Address,
    /** The seller's proposal of `tokens` at $12.50 each to the buyer (or another investor). */
    propose,
    /** Proposed and accepted, read back as accepted (the read model the process manager reads has caught up). */
    accepted: async (tokens: number, buyer: Person = get().buyer): Promise<string> => {
      const proposed = await propose(tokens, buyer);
      expect(proposed.status).toBe(201);
      const id = proposed.body.id as string;
      expect((await buyer.post(`/api/transfers/${id}/accept`)).body).toMatchObject({ status: 'accepted' });
      return id;
    },
    /** The transfer as the seller reads it, once its status is one of `statuses`. */
    readAs: (id: string, ...statuses: string[]) =>
      until(
        `transfer ${id} ${statuses.join(' or ')}`,
        async () => (await get().seller.get(`/api/transfers/${id}`)).body,
        (b) => statuses.includes(b.status),
      ),
    /** The cap table's holders and their tokens, as the owner reads it. */
    capTable: async (): Promise<[string, number][]> => {
      const { owner, assetId } = get();
      const { lines } = (await owner.get(`/api/assets/${assetId}/cap-table`)).body as {
        lines: { investorId: string | null; tokens: number }[];
      };
      return lines.filter((l) => l.investorId).map((l) => [l.investorId!, l.tokens]);
    },
    /** Closes the app and starts it again on the same stores and chain; the people's clients follow it. */
    restart: async () => {
      const { admin, owner, seller, buyer } = get();
      get().server = await app.restart(admin, owner, seller, buyer);
    },
  };
}
