import { Inject, Module, type OnModuleDestroy } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { join } from 'node:path';
import type { Config } from '../../platform/config.js';
import { MemoryDocumentStore, type DocumentStore } from '../../platform/document-store/document-store.js';
import { FileDocumentStore } from '../../platform/document-store/file-document-store.js';
import { GridFsDocumentStore } from '../../platform/document-store/gridfs-document-store.js';
import { CONFIG, DOCUMENT_STORE } from '../../platform/tokens.js';
import { AssetController, AssetReviewController } from './asset.controller.js';
import { ExecuteAssetHandler } from './asset.handlers.js';

@Module({
  imports: [CqrsModule],
  controllers: [AssetController, AssetReviewController],
  providers: [
    {
      provide: DOCUMENT_STORE,
      inject: [CONFIG],
      // Documents live beside the read models: GridFS with MongoDB, files under the data folder when embedded,
      // memory when the events are in memory too (tests).
      useFactory: (config: Config) =>
        config.readStore === 'mongodb' && config.mongodbUrl
          ? GridFsDocumentStore.open(config.mongodbUrl)
          : config.eventStore === 'memory'
            ? new MemoryDocumentStore()
            : new FileDocumentStore(join(config.dataDir, 'documents')),
    },
    ExecuteAssetHandler,
  ],
})
export class AssetModule implements OnModuleDestroy {
  constructor(@Inject(DOCUMENT_STORE) private readonly documents: DocumentStore) {}

  async onModuleDestroy(): Promise<void> {
    await this.documents.close();
  }
}
