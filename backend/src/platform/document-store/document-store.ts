/**
 * The document store port: owners' uploaded files (title deeds, valuation reports), kept apart from the
 * events, which record only name, size and SHA-256. Embedded mode keeps files under the data folder;
 * with MongoDB they live in GridFS beside the read models.
 */
export interface StoredDocument {
  id: string;
  contentType: string;
  bytes: Buffer;
}

export interface DocumentStore {
  put(id: string, contentType: string, bytes: Buffer): Promise<void>;
  get(id: string): Promise<StoredDocument | null>;
  /** Removes the document for good (a person forgotten); removing one that is not there is not an error. */
  delete(id: string): Promise<void>;
  close(): Promise<void>;
}

/** For tests and `EVENT_STORE=memory`: gone with the process, like the events. */
export class MemoryDocumentStore implements DocumentStore {
  private readonly files = new Map<string, StoredDocument>();
  async put(id: string, contentType: string, bytes: Buffer): Promise<void> {
    this.files.set(id, { id, contentType, bytes });
  }
  async get(id: string): Promise<StoredDocument | null> {
    return this.files.get(id) ?? null;
  }
  async delete(id: string): Promise<void> {
    this.files.delete(id);
  }
  async close(): Promise<void> {}
}
