import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../config.js';
import { createLogger } from '../logging.js';
import { MemoryVault } from '../vault/vault.js';
import { nodesOn } from './anvil.js';
import { CHAIN_VAULT, ChainKeys } from './keys.js';
import { openChain } from './open-chain.js';

describe('opening the embedded chain', () => {
  it('stops the node it started when the rest of opening fails: the chain is unavailable and nothing outlives it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kauri-open-chain-'));
    try {
      // A signer key the vault holds but that is no key (a hand-edited or damaged vault): found once the node runs.
      const vault = new MemoryVault();
      await vault.put(CHAIN_VAULT, 'signer', '0xnot-a-key');
      const config = loadConfig({ CHAIN: 'anvil', DATA_DIR: dataDir });
      const chain = await openChain(config, new ChainKeys(vault), createLogger('silent'));

      expect(await chain!.health()).toMatchObject({ ok: false, kind: 'anvil', head: null });
      // Before the change the node ran on, its pid file left behind, and the unavailable chain had nothing to close.
      expect(nodesOn(join(dataDir, 'chain'))).toEqual([]);
      expect(existsSync(join(dataDir, 'chain', 'anvil.pid'))).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
