import { afterAll, beforeAll, expect } from '@jest/globals';
import type { Address } from 'viem';
import { ChainOutbox } from '../domains/tokens/chain-outbox.js';
import { suiteOf } from '../domains/tokens/flow.js';
import type { ViemChain } from '../platform/chain/viem-chain.js';
import { startTestServer } from './api.js';
import { signUp } from './users.js';

type Admin = Awaited<ReturnType<typeof signUp>>;
interface Started {
  server: Awaited<ReturnType<typeof startTestServer>>;
  adminA: Admin;
  adminB: Admin;
  outbox: ChainOutbox;
  chain: ViemChain;
}

/**
 * For the enclosing describe: a test server on the embedded chain with two admins (A asks, B approves: four eyes),
 * its chain outbox and the chain, started before the tests and closed after them. Read the fields inside tests.
 */
export function fourEyesOnChain() {
  let started: Started | null = null;
  beforeAll(async () => {
    const server = await startTestServer({ env: { CHAIN: 'anvil', AUTH_RATE_LIMIT_PER_IP: '1000' } });
    started = {
      server,
      adminA: await signUp(server, { admin: true }),
      adminB: await signUp(server, { admin: true }),
      outbox: server.app.get(ChainOutbox),
      chain: server.chain as ViemChain,
    };
  });
  afterAll(() => started?.server.close());
  const get = (): Started => {
    if (!started) throw new Error('fourEyesOnChain: read inside a test, after beforeAll');
    return started;
  };
  const settled = async () => expect(await get().outbox.settled()).toBe(true);
  return {
    get server() {
      return get().server;
    },
    get adminA() {
      return get().adminA;
    },
    get adminB() {
      return get().adminB;
    },
    get outbox() {
      return get().outbox;
    },
    get chain() {
      return get().chain;
    },
    /** Waits for the chain outbox to have sent and settled everything. */
    settled,
    /** A wallet's balance of an asset's token on the chain, its frozen tokens, and whether the address is frozen. */
    onChain: async (assetId: string, wallet: Address) => {
      const { outbox, chain } = get();
      const token = suiteOf(outbox.state, assetId)!.token;
      return {
        balance: await chain.read<bigint>('Token', token, 'balanceOf', [wallet]),
        frozenTokens: await chain.read<bigint>('Token', token, 'getFrozenTokens', [wallet]),
        address: await chain.read<boolean>('Token', token, 'isFrozen', [wallet]),
      };
    },
    /** Admin A asks to freeze or unfreeze, admin B approves, the chain settles; the approval's position. */
    freeze: async (assetId: string, body: Record<string, unknown>) => {
      const { adminA, adminB } = get();
      const asked = await adminA.post(`/api/admin/assets/${assetId}/freezes`, body);
      expect(asked.status).toBe(201);
      const approved = await adminB.post(`/api/admin/assets/${assetId}/freezes/${asked.body.id}/approve`, {});
      expect(approved.status).toBe(200);
      await settled();
      return approved.body.position as number;
    },
  };
}
