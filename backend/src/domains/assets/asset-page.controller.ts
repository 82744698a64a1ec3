import { Controller, Get } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { DomainError } from '../../platform/errors.js';
import { ApiOk } from '../../platform/http/api-response.js';
import { Authenticated, CurrentUser, type SignedInUser } from '../../platform/http/auth.js';
import { IdParam } from '../../platform/http/ids.js';
import { AssetQueries } from '../../projections/assets.query.js';
import { ASSET_NOT_FOUND } from './asset.decider.js';
import { AssetPageDto } from './asset.dto.js';

/** The asset page (`/assets/:id`); who may see it is decided beside the read models (asset-page.query.ts). */
@ApiTags('assets')
@Controller('api')
@Authenticated()
export class AssetPageController {
  constructor(private readonly assets: AssetQueries) {}

  @Get('assets/:id/overview')
  @ApiOk(AssetPageDto)
  @ApiOperation({
    summary:
      "An asset's page: facts, documents, valuation, token terms, cap table, offerings and history — for its owner, staff, and investors once it has an offering (who see no one's personal data)",
  })
  @ApiNotFoundResponse({ description: 'No such asset, or not yours to see' })
  async overview(@IdParam() id: string, @CurrentUser() user: SignedInUser) {
    const page = await this.assets.page(user, id);
    if (!page) throw new DomainError(ASSET_NOT_FOUND, 404);
    return page;
  }
}
