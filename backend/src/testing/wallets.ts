import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import type { Api, ApiResponse } from './api.js';

/** A fresh externally owned account with a generated key: a wallet a person controls. */
export const newWallet = (): PrivateKeyAccount => privateKeyToAccount(generatePrivateKey());

/**
 * Registers `wallet` as the person's own, as the profile page does: asks for the challenge, signs the exact message
 * with the wallet's key (EIP-191 personal_sign), posts address, message and signature. Answers the POST.
 */
export async function registerOwnWallet(api: Api, wallet: PrivateKeyAccount): Promise<ApiResponse> {
  const challenge = await api.post('/api/wallet/challenge', { address: wallet.address });
  if (challenge.status !== 201) return challenge;
  const message = challenge.body.message as string;
  const signature = await wallet.signMessage({ message });
  return api.post('/api/wallet', { address: wallet.address, message, signature });
}

/** The body that proves `wallet` for a recovery: the message issued for that purpose, signed by the wallet's key. */
export async function recoveryProof(
  api: Api,
  wallet: PrivateKeyAccount,
): Promise<{ address: string; message: string; signature: string }> {
  const challenge = await api.post('/api/wallet/challenge', { address: wallet.address, purpose: 'recovery' });
  if (challenge.status !== 201) throw new Error(`challenge refused: ${JSON.stringify(challenge.body)}`);
  const message = challenge.body.message as string;
  return { address: wallet.address, message, signature: await wallet.signMessage({ message }) };
}
