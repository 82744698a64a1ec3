import type { RecordedEvent } from '../platform/event-store/event-store.js';

/**
 * The (sender, nonce) pairs of the distinct chain transactions in these `ChainTransactionSubmitted` events, by hash:
 * the members of a batch (issue 33) share their batch's hash and nonce, so a nonce used twice is two hashes at one
 * pair. A crash test expects as many pairs as hashes.
 */
export function noncesByTransaction(events: readonly RecordedEvent[]): { hashes: number; pairs: number } {
  const byHash = new Map<string, string>();
  for (const e of events) {
    if (e.type !== 'ChainTransactionSubmitted') continue;
    const { txHash, from, nonce } = e.data as { txHash: string; from: string; nonce: number };
    byHash.set(txHash, `${from.toLowerCase()}-${nonce}`);
  }
  return { hashes: byHash.size, pairs: new Set(byHash.values()).size };
}
