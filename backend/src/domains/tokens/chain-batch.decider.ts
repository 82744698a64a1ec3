import type { Decider } from '../../platform/decider.js';
import { DomainError } from '../../platform/errors.js';
import { upcasters } from '../upcasters.js';
import { chainBatchEventSchemas, type ChainBatchEvent, type ChainBatchSubmitted } from './events.js';

const conflict = (message: string) => new DomainError(message, 409);

/**
 * One batch, on `chain-batch-<batchId>`: which transactions one chain transaction carries, with its nonce, hash and
 * signed bytes. Recorded once; the same record asked for again (a restart) is nothing new.
 */
export interface ChainBatchState {
  txHash: string | null;
}
export type ChainBatchCommand = { type: 'SubmitChainBatch' } & ChainBatchSubmitted['data'];

export const chainBatch: Decider<ChainBatchCommand, ChainBatchEvent, ChainBatchState> = {
  name: 'chain-batch',
  upcasters,
  initialState: { txHash: null },
  eventSchemas: chainBatchEventSchemas,
  evolve(_state, event) {
    return { txHash: event.data.txHash };
  },
  decide(command, state) {
    if (state.txHash === command.txHash) return [];
    if (state.txHash !== null) throw conflict(`batch ${command.batchId} is recorded as ${state.txHash}`);
    const { type: _t, ...data } = command;
    return [{ type: 'ChainBatchSubmitted', data }];
  },
};
