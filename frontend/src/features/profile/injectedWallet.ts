/**
 * The browser's own wallet, if it has one: an EIP-1193 provider injected as `window.ethereum` (MetaMask, Rabby,
 * Coinbase Wallet, …). Kauri only asks it for an account and for a `personal_sign` (EIP-191) of the message the
 * server issued; it never sends a transaction from it.
 */
export interface Eip1193Provider {
  request(args: { method: string; params?: readonly unknown[] }): Promise<unknown>;
}

export function injectedWallet(): Eip1193Provider | null {
  const candidate = (globalThis as { ethereum?: unknown }).ethereum;
  return typeof candidate === 'object' && candidate !== null && typeof Reflect.get(candidate, 'request') === 'function'
    ? (candidate as Eip1193Provider)
    : null;
}

/** The account the wallet offers (it asks the person to connect first); null when it offers none. */
export async function walletAccount(provider: Eip1193Provider): Promise<string | null> {
  const accounts = await provider.request({ method: 'eth_requestAccounts' });
  return Array.isArray(accounts) && typeof accounts[0] === 'string' ? accounts[0] : null;
}

/** UTF-8 text as 0x-hex, as `personal_sign` takes its message. */
export function utf8Hex(text: string): string {
  return `0x${[...new TextEncoder().encode(text)].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Asks the wallet to sign `message` with `address` (EIP-191 personal_sign); answers the 0x signature. */
export async function personalSign(provider: Eip1193Provider, message: string, address: string): Promise<string> {
  const signature = await provider.request({ method: 'personal_sign', params: [utf8Hex(message), address] });
  if (typeof signature !== 'string') throw new Error('The wallet gave no signature');
  return signature;
}

/** A wallet's refusal in words (EIP-1193 4001: the person declined). */
export function walletErrorText(error: unknown): string {
  const code = typeof error === 'object' && error !== null ? Reflect.get(error, 'code') : undefined;
  if (code === 4001) return 'You declined the request in your wallet.';
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return message ? `Your wallet could not sign: ${message}` : 'Your wallet could not sign.';
}
