/**
 * The record-date check's reading of the chain, on the embedded node, before and after it restarts from its state
 * file: the last block mined at a moment (binary search on block times), and the balances at that block as the
 * token's Transfer logs folded up to it. A past block's state (`balanceOf` at it) is gone after the restart; its
 * blocks and logs are not — which is why the check folds logs.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { privateKeyToAccount } from 'viem/accounts';
import type { Address } from 'viem';
import { startAnvil, type EmbeddedAnvil } from '../../platform/chain/anvil.js';
import { EMBEDDED_FUNDS } from '../../platform/chain/open-chain.js';
import { ViemChain } from '../../platform/chain/viem-chain.js';
import { applyTransfers } from '../tokens/chain-balances.js';
import { blockAtOrBefore, expectedOnChain } from './record-check.js';

// anvil's first default key: a test key, public in Foundry's documentation.
const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
const HOLDER = '0x00000000000000000000000000000000000000a1' as Address;

describe('the record-date check reads the chain at a past moment', () => {
  let dir: string;
  let anvil: EmbeddedAnvil;
  let chain: ViemChain;
  const open = async () => {
    anvil = await startAnvil({ dir });
    chain = new ViemChain({ kind: 'anvil', url: anvil.url, chainId: anvil.chainId, account });
  };
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kauri-record-'));
    await open();
    await chain.fund(account.address, EMBEDDED_FUNDS);
  }, 60_000);
  afterAll(async () => {
    await anvil?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('finds the block at the record moment and the balances then, also after the node restarted from its state', async () => {
    const coin = (await chain.send({ op: 'deploy', contract: 'KauriTestNZD', args: [account.address] }))
      .contractAddress!;
    await chain.send({ op: 'mint', token: coin, to: account.address, amount: 1_000n });
    const first = await chain.send({ op: 'transfer', token: coin, to: HOLDER, amount: 300n });
    const atRecord = await chain.block(first.blockNumber);
    // An hour passes; then the holder gets more.
    await chain.increaseTime(3_600);
    const later = await chain.send({ op: 'transfer', token: coin, to: HOLDER, amount: 200n });
    const moment = atRecord.timestamp + 1_800n;

    const read = async () => {
      const block = (await blockAtOrBefore(chain, moment))!;
      const logs = await chain.transfers([coin], 0n, block.number);
      return { block, held: applyTransfers(new Map(), logs).get(coin.toLowerCase())?.get(HOLDER.toLowerCase()) };
    };
    const before = await read();
    expect(before.block.number).toBeGreaterThanOrEqual(first.blockNumber);
    expect(before.block.number).toBeLessThan(later.blockNumber);
    expect(before.held).toBe(300n);
    // Before any block: nothing.
    expect(await blockAtOrBefore(chain, 0n)).toBeNull();

    // The node stops (writing its state) and starts again from it.
    await anvil.stop();
    await open();
    expect(await chain.head()).toBeGreaterThanOrEqual(later.blockNumber);
    const after = await read();
    expect(after.block).toEqual(before.block);
    expect(after.held).toBe(300n);
    expect(await chain.balanceOf(coin, HOLDER)).toBe(500n);
    // The past state itself is gone: `balanceOf` at the record block is refused by the restarted node.
    const res = await fetch(chain.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'eth_getBalance',
        params: [HOLDER, `0x${before.block.number.toString(16)}`],
      }),
    });
    expect(((await res.json()) as { error?: { message: string } }).error?.message).toMatch(/BlockOutOfRange/);
  }, 90_000);

  it('what each person should hold on chain: platform holders their own, the owner the rest', () => {
    const lines = [
      { holderKind: 'off-platform' as const, investorId: 'mere', tokens: 300 },
      { holderKind: 'platform' as const, investorId: 'aroha', tokens: 200 },
      { holderKind: 'owner' as const, investorId: null, tokens: 500 },
    ];
    expect(expectedOnChain(lines, 'owner')).toEqual(
      new Map([
        ['owner', 800],
        ['aroha', 200],
      ]),
    );
  });
});
