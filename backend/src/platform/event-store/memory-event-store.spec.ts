import { describeEventStoreContract } from './event-store.contract.js';
import { MemoryEventStore } from './memory-event-store.js';

describeEventStoreContract('memory', async () => new MemoryEventStore());
