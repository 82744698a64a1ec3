import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { CommandContext } from '../../platform/command-context.js';
import { ApiOk, WrittenDto } from '../../platform/http/api-response.js';
import { CurrentUser, Roles, type SignedInUser } from '../../platform/http/auth.js';
import { IdParam } from '../../platform/http/ids.js';
import { Ctx } from '../../platform/http/request-context.js';
import { AssetQueries, type AssetView } from '../../projections/assets.query.js';
import type { Person } from '../../projections/users.js';
import { AssetForReviewDto, ReturnTokenizationDto } from './asset.dto.js';
import { ExecuteAssetCommand } from './asset.handlers.js';

/** The review queue: admins approve a tokenization request or send it back with a reason. */
@ApiTags('admin')
@Controller('api/admin/assets')
@Roles('admin')
export class AssetReviewController {
  constructor(
    private readonly commands: CommandBus,
    private readonly assets: AssetQueries,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Assets by status (default: pending review), oldest request first' })
  @ApiOk([AssetForReviewDto])
  async list(@Query('status') status: string | undefined): Promise<(AssetView & { owner: Person })[]> {
    const wanted = status && ['draft', 'pending', 'active'].includes(status) ? status : 'pending';
    return this.assets.forReview(wanted);
  }

  @Post(':id/approve')
  @HttpCode(200)
  @ApiOk(WrittenDto)
  async approve(@IdParam() id: string, @CurrentUser() user: SignedInUser, @Ctx() context: CommandContext) {
    const { position } = await this.commands.execute(
      new ExecuteAssetCommand({ type: 'ApproveTokenization', assetId: id, adminId: user.userId }, context),
    );
    return { success: true, position };
  }

  @Post(':id/return')
  @HttpCode(200)
  @ApiOk(WrittenDto)
  async sendBack(
    @IdParam() id: string,
    @Body() body: ReturnTokenizationDto,
    @CurrentUser() user: SignedInUser,
    @Ctx() context: CommandContext,
  ) {
    const { position } = await this.commands.execute(
      new ExecuteAssetCommand(
        { type: 'ReturnTokenization', assetId: id, adminId: user.userId, reason: body.reason },
        context,
      ),
    );
    return { success: true, position };
  }
}
