import { describeEventStoreContract } from './event-store.contract.js';
import { EventStoreDbEventStore } from './eventstoredb-event-store.js';

// Runs against a real server only; none can run on every machine, so say so loudly when skipping.
// Straight to stderr: Jest drops console output of a test file whose tests are all skipped.
const url = process.env.EVENTSTORE_URL;
if (!url) process.stderr.write('\neventstoredb contract suite SKIPPED: set EVENTSTORE_URL to run it\n');
const describeIfServer = url ? describe : describe.skip;

describeIfServer('EventStoreDB', () => {
  describeEventStoreContract('eventstoredb', () => EventStoreDbEventStore.open(url!));
});
