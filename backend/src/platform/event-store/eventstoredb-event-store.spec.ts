import { describeEventStoreContract } from './event-store.contract.js';
import { EventStoreDbEventStore } from './eventstoredb-event-store.js';

// Runs against a real server only; none can run on every machine, so say so loudly when skipping.
const url = process.env.EVENTSTORE_URL;
if (!url) console.warn('eventstoredb contract suite SKIPPED: set EVENTSTORE_URL to run it');
const describeIfServer = url ? describe : describe.skip;

describeIfServer('EventStoreDB', () => {
  describeEventStoreContract('eventstoredb', () => EventStoreDbEventStore.open(url!));
});
