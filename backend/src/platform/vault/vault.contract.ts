import type { Vault } from './vault.js';

/** The one contract every Vault adapter passes. */
export function describeVaultContract(name: string, open: () => Promise<Vault>): void {
  describe(`Vault contract: ${name}`, () => {
    let vault: Vault;
    // Unique per run: a server-backed vault may keep entries from earlier runs.
    const ns = `contract-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`;

    beforeAll(async () => {
      vault = await open();
    });
    afterAll(async () => {
      if (vault) await vault.close();
    });

    it('answers null for a key never put', async () => {
      expect(await vault.get(ns, 'missing')).toBeNull();
    });

    it('gets what was put, and a second put replaces it', async () => {
      await vault.put(ns, 'a', 'first');
      expect(await vault.get(ns, 'a')).toBe('first');
      await vault.put(ns, 'a', 'second');
      expect(await vault.get(ns, 'a')).toBe('second');
    });

    it('keeps namespaces apart', async () => {
      await vault.put(`${ns}-x`, 'same', 'in x');
      await vault.put(`${ns}-y`, 'same', 'in y');
      expect(await vault.get(`${ns}-x`, 'same')).toBe('in x');
      expect(await vault.get(`${ns}-y`, 'same')).toBe('in y');
      await vault.delete(`${ns}-x`, 'same');
      expect(await vault.get(`${ns}-x`, 'same')).toBeNull();
      expect(await vault.get(`${ns}-y`, 'same')).toBe('in y');
    });

    it('deletes for good, and deleting a missing key is a no-op', async () => {
      await vault.put(ns, 'gone', 'secret');
      await vault.delete(ns, 'gone');
      await vault.delete(ns, 'never-there');
      expect(await vault.get(ns, 'gone')).toBeNull();
    });

    it('stores long values and unusual characters exactly', async () => {
      const value = `${'k'.repeat(10_000)} ünïcødé 🔑 'quote' "double" \\ back`;
      await vault.put(ns, "key with 'quotes' and spaces", value);
      expect(await vault.get(ns, "key with 'quotes' and spaces")).toBe(value);
    });

    it('putIfAbsent: of concurrent first writes one wins, all get its value, a later one changes nothing', async () => {
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => vault.putIfAbsent(ns, 'once', `w${i}`)));
      expect(new Set(answers).size).toBe(1);
      expect(await vault.get(ns, 'once')).toBe(answers[0]);
      expect(await vault.putIfAbsent(ns, 'once', 'later')).toBe(answers[0]);
    });

    it('keeps the last of concurrent puts to one key, and all puts to different keys', async () => {
      await Promise.all(Array.from({ length: 20 }, (_, i) => vault.put(ns, `k${i}`, `v${i}`)));
      const values = await Promise.all(Array.from({ length: 20 }, (_, i) => vault.get(ns, `k${i}`)));
      expect(values).toEqual(Array.from({ length: 20 }, (_, i) => `v${i}`));
      await Promise.all(Array.from({ length: 10 }, (_, i) => vault.put(ns, 'contended', `c${i}`)));
      expect(await vault.get(ns, 'contended')).toMatch(/^c\d$/);
    });
  });
}
