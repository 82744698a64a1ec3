import { GridFSBucket, MongoClient } from 'mongodb';
import type { DocumentStore, StoredDocument } from './document-store.js';

/** GridFS in the read-model database (READ_STORE=mongodb): the production shape with EventStoreDB. */
export class GridFsDocumentStore implements DocumentStore {
  private constructor(
    private readonly client: MongoClient,
    private readonly bucket: GridFSBucket,
  ) {}

  static async open(url: string): Promise<GridFsDocumentStore> {
    const client = await new MongoClient(url).connect();
    return new GridFsDocumentStore(client, new GridFSBucket(client.db(), { bucketName: 'documents' }));
  }

  async put(id: string, contentType: string, bytes: Buffer): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      const upload = this.bucket.openUploadStream(id, { metadata: { contentType } });
      upload.once('finish', () => resolve());
      upload.once('error', reject);
      upload.end(bytes);
    });
  }

  async get(id: string): Promise<StoredDocument | null> {
    const [file] = await this.bucket.find({ filename: id }).sort({ uploadDate: -1 }).limit(1).toArray();
    if (!file) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of this.bucket.openDownloadStream(file._id)) chunks.push(chunk as Buffer);
    return {
      id,
      contentType: String(file.metadata?.contentType ?? 'application/octet-stream'),
      bytes: Buffer.concat(chunks),
    };
  }

  /** Every stored version under the id (a `put` again adds one; `get` reads the newest). */
  async delete(id: string): Promise<void> {
    for (const file of await this.bucket.find({ filename: id }).toArray()) {
      try {
        await this.bucket.delete(file._id);
      } catch (error) {
        // Deleted meanwhile by another replica's erasure: what was asked for is done.
        if (!/not found/i.test(String((error as Error).message))) throw error;
      }
    }
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
