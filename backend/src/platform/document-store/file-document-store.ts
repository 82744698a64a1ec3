import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DocumentStore, StoredDocument } from './document-store.js';

/** Files under `<DATA_DIR>/documents`, one per id, written to a temporary name and renamed so none is half there. */
export class FileDocumentStore implements DocumentStore {
  constructor(private readonly dir: string) {}

  private path(id: string): string {
    if (!/^[a-zA-Z0-9_-]+$/.test(id)) throw new Error(`invalid document id ${id}`);
    return join(this.dir, id);
  }

  async put(id: string, contentType: string, bytes: Buffer): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const path = this.path(id);
    await writeFile(`${path}.tmp`, bytes, { mode: 0o600 });
    await writeFile(`${path}.type`, contentType, { mode: 0o600 });
    await rename(`${path}.tmp`, path);
  }

  async get(id: string): Promise<StoredDocument | null> {
    const path = this.path(id);
    try {
      const [bytes, contentType] = await Promise.all([readFile(path), readFile(`${path}.type`, 'utf8')]);
      return { id, contentType, bytes };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  /** The file first (a reader then finds nothing), then its type and any temporary copy a crash left behind. */
  async delete(id: string): Promise<void> {
    const path = this.path(id);
    await rm(path, { force: true });
    await Promise.all([rm(`${path}.type`, { force: true }), rm(`${path}.tmp`, { force: true })]);
  }

  async close(): Promise<void> {}
}
