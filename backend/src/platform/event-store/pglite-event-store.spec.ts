import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contractEvent, describeEventStoreContract } from './event-store.contract.js';
import { PgliteEventStore } from './pglite-event-store.js';

// One in-memory database for the whole contract suite: initdb costs seconds.
describeEventStoreContract('pglite', () => PgliteEventStore.open());

describe('PgliteEventStore on disk', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'kauri-pglite-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps its events in the data folder across close and reopen', async () => {
    const first = await PgliteEventStore.open({ dataDir: dir });
    const { position } = await first.append(
      'asset-1',
      [contractEvent('AssetDrafted', { title: 'Villa' })],
      'no_stream',
    );
    await first.close();

    const again = await PgliteEventStore.open({ dataDir: dir });
    try {
      expect(await again.headPosition()).toBe(position);
      expect((await again.readStream('asset-1')).map((e) => e.data)).toEqual([{ title: 'Villa' }]);
      expect((await again.append('asset-1', [contractEvent('AssetRenamed')], 0)).nextRevision).toBe(1);
    } finally {
      await again.close();
    }
  }, 30_000);
});
