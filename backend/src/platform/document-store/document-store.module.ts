import { Global, Inject, Module, type OnModuleDestroy } from '@nestjs/common';
import { join } from 'node:path';
import type { Config } from '../config.js';
import { CONFIG, DOCUMENT_STORE } from '../injection-keys.js';
import { MemoryDocumentStore, type DocumentStore } from './document-store.js';
import { FileDocumentStore } from './file-document-store.js';

/**
 * The document store for every domain that keeps uploaded files (asset documents, verification evidence).
 * Documents live beside the read models: GridFS with MongoDB, files under the data folder when embedded,
 * memory when the events are in memory too (tests).
 */
@Global()
@Module({
  providers: [
    {
      provide: DOCUMENT_STORE,
      inject: [CONFIG],
      // The MongoDB driver is loaded only when MongoDB is configured.
      useFactory: async (config: Config) =>
        config.readStore === 'mongodb' && config.mongodbUrl
          ? (await import('./gridfs-document-store.js')).GridFsDocumentStore.open(config.mongodbUrl)
          : config.eventStore === 'memory'
            ? new MemoryDocumentStore()
            : new FileDocumentStore(join(config.dataDir, 'documents')),
    },
  ],
  exports: [DOCUMENT_STORE],
})
export class DocumentStoreModule implements OnModuleDestroy {
  constructor(@Inject(DOCUMENT_STORE) private readonly documents: DocumentStore) {}

  async onModuleDestroy(): Promise<void> {
    await this.documents.close();
  }
}
