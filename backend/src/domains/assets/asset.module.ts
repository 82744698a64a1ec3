import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AssetController } from './asset.controller.js';
import { AssetReviewController } from './asset-review.controller.js';
import { ExecuteAssetHandler } from './asset.handlers.js';
import { AssetPageController } from './asset-page.controller.js';

@Module({
  imports: [CqrsModule],
  controllers: [AssetController, AssetReviewController, AssetPageController],
  providers: [ExecuteAssetHandler],
})
export class AssetModule {}
