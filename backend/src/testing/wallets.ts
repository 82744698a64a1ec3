import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import type { WalletProofPurpose } from '../domains/tokens/wallet-proofs.js';
import type { Api, ApiResponse } from './api.js';

/** A fresh externally owned account with a generated key: a wallet a person controls. */
export const newWallet = (): PrivateKeyAccount => privateKeyToAccount(generatePrivateKey());

/**
 * Proves `wallet` for `purpose` as the profile page does: asks for the challenge, signs the exact message with the
 * wallet's key (EIP-191 personal_sign). The refused challenge's response, or the body to post.
 */
async function signedProof(
  api: Api,
  wallet: PrivateKeyAccount,
  purpose: WalletProofPurpose,
): Promise<ApiResponse | { address: string; message: string; signature: string }> {
  const challenge = await api.post('/api/wallet/challenge', { address: wallet.address, purpose });
  if (challenge.status !== 201) return challenge;
  const message = challenge.body.message as string;
  return { address: wallet.address, message, signature: await wallet.signMessage({ message }) };
}

/** Registers `wallet` as the person's own and answers the POST (or the refused challenge). */
export async function registerOwnWallet(api: Api, wallet: PrivateKeyAccount): Promise<ApiResponse> {
  const proof = await signedProof(api, wallet, 'wallet');
  return 'status' in proof ? proof : api.post('/api/wallet', proof);
}

/** The body that proves `wallet` for a recovery: the message issued for that purpose, signed by the wallet's key. */
export async function recoveryProof(
  api: Api,
  wallet: PrivateKeyAccount,
): Promise<{ address: string; message: string; signature: string }> {
  const proof = await signedProof(api, wallet, 'recovery');
  if ('status' in proof) throw new Error(`challenge refused: ${JSON.stringify(proof.body)}`);
  return proof;
}
