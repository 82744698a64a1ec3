import { MemoryReadStore } from './memory-read-store.js';
import { describeReadStoreContract } from './read-store.contract.js';

describeReadStoreContract('memory', async () => new MemoryReadStore());
