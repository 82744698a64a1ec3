import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryDocumentStore, type DocumentStore } from './document-store.js';
import { FileDocumentStore } from './file-document-store.js';
import { GridFsDocumentStore } from './gridfs-document-store.js';

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

const MONGODB_URL = process.env.MONGODB_URL;
if (!MONGODB_URL)
  console.log('GridFS document store contract SKIPPED: set MONGODB_URL to run it against a MongoDB server');

const stores: [string, () => Promise<DocumentStore>][] = [
  ['memory', async () => new MemoryDocumentStore()],
  [
    'files',
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'kauri-docs-'));
      dirs.push(dir);
      return new FileDocumentStore(join(dir, 'documents'));
    },
  ],
  ...(MONGODB_URL
    ? [['gridfs', () => GridFsDocumentStore.open(MONGODB_URL)] as [string, () => Promise<DocumentStore>]]
    : []),
];

describe.each(stores)('document store: %s', (_name, open) => {
  it('gives back exactly the bytes and type it was given, and nothing for an unknown id', async () => {
    const store = await open();
    const bytes = Buffer.from('%PDF-1.7\n' + 'x'.repeat(1000));
    const id = `doc_${Date.now()}`;
    await store.put(id, 'application/pdf', bytes);
    const stored = await store.get(id);
    expect(stored?.contentType).toBe('application/pdf');
    expect(stored?.bytes.equals(bytes)).toBe(true);
    expect(await store.get(`${id}_missing`)).toBeNull();
    await store.close();
  });

  it('deletes a document for good, every version of it, and deleting again or an unknown id is no error', async () => {
    const store = await open();
    const id = `doc_${Date.now()}_del`;
    const kept = `${id}_kept`;
    await store.put(id, 'application/pdf', Buffer.from('%PDF-1.7 first'));
    await store.put(id, 'application/pdf', Buffer.from('%PDF-1.7 second'));
    await store.put(kept, 'image/png', Buffer.from('png'));
    await store.delete(id);
    expect(await store.get(id)).toBeNull();
    expect((await store.get(kept))?.bytes.toString()).toBe('png');
    await store.delete(id);
    await store.delete(`${id}_never_stored`);
    expect(await store.get(id)).toBeNull();
    await store.close();
  });
});
