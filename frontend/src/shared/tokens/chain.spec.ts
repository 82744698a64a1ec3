import { describe, expect, it } from '@jest/globals';
import { awaitsChain, chainName, explorerLink, onChainState, shortHex, transactionLabel } from './chain';

const WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const confirmed = {
  status: 'confirmed' as const,
  walletAddress: WALLET,
  onChainBalance: 80,
  onChainExpected: 80,
  chainTxHash: `0x${'ab'.repeat(32)}`,
  chainTxStatus: 'confirmed' as const,
  chainExplorerUrl: null,
};

describe('a holding on chain, in words', () => {
  it('agreement reads "On chain: 80 of 80"', () => {
    expect(onChainState(confirmed)).toEqual({ tone: 'success', headline: 'On chain: 80 of 80', detail: null });
    expect(awaitsChain(confirmed)).toBe(false);
  });

  it('a transfer not yet mined (or not yet asked for while the token deploys) is pending, with what is there', () => {
    for (const chainTxStatus of ['requested', 'submitted', null] as const) {
      const state = onChainState({ ...confirmed, chainTxStatus, chainTxHash: null, onChainBalance: 0 });
      expect(state).toEqual({ tone: 'warning', headline: 'Transfer pending on chain', detail: 'On chain: 0 of 80' });
    }
    const deploying = { ...confirmed, chainTxStatus: null, chainTxHash: null, onChainBalance: null };
    expect(onChainState(deploying)).toEqual({ tone: 'warning', headline: 'Transfer pending on chain', detail: null });
    expect(awaitsChain(deploying)).toBe(true);
  });

  it('a confirmed transfer with another of the same asset still on its way says so', () => {
    expect(onChainState({ ...confirmed, onChainBalance: 30 })).toEqual({
      tone: 'warning',
      headline: 'On chain: 30 of 80',
      detail: 'Another transfer is still on its way',
    });
  });

  it('a refused transfer is said plainly; pending and cancelled investments are not on chain', () => {
    expect(onChainState({ ...confirmed, chainTxStatus: 'failed', chainTxHash: null })).toMatchObject({
      tone: 'danger',
      headline: 'Transfer failed on chain',
    });
    expect(onChainState({ ...confirmed, status: 'pending', chainTxStatus: null })?.headline).toBe(
      'Sent on chain once confirmed',
    );
    expect(onChainState({ ...confirmed, status: 'cancelled' })?.headline).toBe('Cancelled: not on chain');
  });

  it('a transfer the chain refused or that is held up says why (the server’s reason)', () => {
    const reason = 'The chain refused the transfer: Transfer not possible';
    expect(onChainState({ ...confirmed, chainTxStatus: 'failed', chainTxHash: null, chainProblem: reason })).toEqual({
      tone: 'danger',
      headline: 'Transfer failed on chain',
      detail: reason,
    });
    const waiting = 'Waiting for the wallet to be registered on the identity registry';
    expect(
      onChainState({
        ...confirmed,
        chainTxStatus: 'requested',
        chainTxHash: null,
        onChainBalance: 0,
        chainProblem: waiting,
      }),
    ).toEqual({ tone: 'danger', headline: 'Transfer held up on chain', detail: waiting });
  });

  it('without a chain there is nothing to say', () => {
    expect(onChainState({ status: 'confirmed', walletAddress: null })).toBeNull();
    expect(onChainState({ status: 'confirmed' })).toBeNull();
  });
});

describe('chain names and links', () => {
  it('shortens, names and links', () => {
    expect(shortHex(WALLET)).toBe('0x5aAe…eAed');
    expect(chainName(31337)).toBe('Local development chain');
    expect(chainName(11155111)).toBe('Sepolia testnet');
    expect(chainName(999)).toBe('Chain 999');
    expect(explorerLink('https://explorer.example/', 'address', WALLET)).toBe(
      `https://explorer.example/address/${WALLET}`,
    );
    expect(explorerLink(null, 'tx', '0x01')).toBeNull();
  });
});

describe('transactionLabel', () => {
  it("names a supply change's mint and burn with their tokens, and deployment steps as before", () => {
    expect(transactionLabel({ kind: 'supply-mint', amount: 500 })).toBe(
      'Mint 500 new tokens to the owner (supply change)',
    );
    expect(transactionLabel({ kind: 'supply-burn', amount: 1_200 })).toBe(
      'Burn 1,200 cancelled tokens from the owner (supply change)',
    );
    expect(transactionLabel({ kind: 'mint', amount: 1_000 })).toBe('Mint the supply to the owner');
  });
});
