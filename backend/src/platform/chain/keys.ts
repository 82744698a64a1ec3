import { randomBytes } from 'node:crypto';
import type { HDKey, LocalAccount } from 'viem/accounts';
import type { Vault } from '../vault/vault.js';

/**
 * The chain's keys live in the vault (namespace `chain`), never in an event, a log line or the configuration:
 * - `signer`: the platform's key (deployer, owner and agent of every suite). The embedded chain creates one on
 *   first use; for `CHAIN_RPC_URL` an operator stores a funded key with `npm run chain -- import-signer`.
 * - `custody-seed`: 32 random bytes, the BIP-32 master seed of the custody wallets. Person number n (a counter
 *   recorded in events, see domains/tokens) holds the address at m/44'/60'/0'/0/n.
 */
export const CHAIN_VAULT = 'chain';
/** viem's key functions, loaded on first use: an app without a chain never loads viem. */
const accounts = () => import('viem/accounts');
const SIGNER = 'signer';
const CUSTODY_SEED = 'custody-seed';

export class ChainKeys {
  private seed: Promise<HDKey> | null = null;
  private readonly custody = new Map<number, LocalAccount>();

  constructor(private readonly vault: Vault) {}

  /** The signer; `create` makes one when the vault has none (embedded chain only), otherwise null. */
  async signer(create: boolean): Promise<LocalAccount | null> {
    const { generatePrivateKey, privateKeyToAccount } = await accounts();
    const key = create
      ? await this.vault.putIfAbsent(CHAIN_VAULT, SIGNER, generatePrivateKey())
      : await this.vault.get(CHAIN_VAULT, SIGNER);
    return key ? privateKeyToAccount(key as `0x${string}`) : null;
  }

  async importSigner(privateKey: string): Promise<LocalAccount> {
    if (!/^0x[0-9a-fA-F]{64}$/.test(privateKey)) throw new Error('a private key is 0x and 64 hexadecimal digits');
    const { privateKeyToAccount } = await accounts();
    const account = privateKeyToAccount(privateKey as `0x${string}`);
    await this.vault.put(CHAIN_VAULT, SIGNER, privateKey);
    return account;
  }

  /** The custody wallet number `index` (0, 1, 2, … in the order persons were given one). */
  async custodyAccount(index: number): Promise<LocalAccount> {
    if (!Number.isSafeInteger(index) || index < 0 || index >= 2 ** 31) throw new Error(`bad custody index ${index}`);
    const known = this.custody.get(index);
    if (known) return known;
    const { HDKey, hdKeyToAccount } = await accounts();
    if (!this.seed) {
      const loading = this.vault
        .putIfAbsent(CHAIN_VAULT, CUSTODY_SEED, randomBytes(32).toString('hex'))
        .then((hex) => HDKey.fromMasterSeed(Buffer.from(hex, 'hex')));
      loading.catch(() => (this.seed = null));
      this.seed = loading;
    }
    const account = hdKeyToAccount(await this.seed, { addressIndex: index });
    this.custody.set(index, account);
    return account;
  }
}
