import { randomUUID } from 'node:crypto';
import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { CommandContext } from '../../platform/command-context.js';
import { CurrentUser, Roles, type SignedInUser } from '../../platform/http/auth.js';
import { ApiCreated, ApiOk, CreatedDto, WrittenDto } from '../../platform/http/api-response.js';
import { IdParam } from '../../platform/http/ids.js';
import { Ctx } from '../../platform/http/request-context.js';
import { FreezeRequestDto, PendingFreezesDto, PendingSupplyChangesDto, ReasonDto } from './register.dto.js';
import { ExecuteRegisterCommand } from './register.handlers.js';
import { RegisterQueries } from '../../projections/registers.query.js';

/**
 * Supply changes awaiting an admin, and the decision; freezes and unfreezes of a holding (issue 32), asked for by
 * an admin with a reason and decided by another (never the one who asked, the asset's owner or the holder).
 */
@ApiTags('admin')
@Controller('api/admin')
@Roles('admin')
export class RegisterAdminController {
  constructor(
    private readonly commands: CommandBus,
    private readonly registers: RegisterQueries,
  ) {}

  @Get('supply-changes')
  @ApiOk(PendingSupplyChangesDto)
  @ApiOperation({ summary: 'Pending supply changes, oldest first, with each asset’s supply and dilution' })
  async pending() {
    return { supplyChanges: await this.registers.pendingSupplyChanges() };
  }

  @Get('freezes')
  @ApiOk(PendingFreezesDto)
  @ApiOperation({ summary: 'Freezes and unfreezes awaiting a second admin, oldest first, with each holding' })
  async pendingFreezes() {
    return { freezes: await this.registers.pendingFreezes() };
  }

  @Post('assets/:id/freezes')
  @HttpCode(201)
  @ApiCreated(CreatedDto)
  @ApiOperation({
    summary: "Ask to freeze or unfreeze a holder's tokens of the asset (whole holding or N tokens), with a reason",
  })
  async requestFreeze(
    @IdParam() id: string,
    @Body() body: FreezeRequestDto,
    @CurrentUser() admin: SignedInUser,
    @Ctx() context: CommandContext,
  ) {
    const requestId = randomUUID();
    const { position } = await this.commands.execute(
      new ExecuteRegisterCommand(
        {
          type: 'RequestFreeze',
          assetId: id,
          requestId,
          holderId: body.holderId,
          action: body.action,
          scope: body.scope,
          tokens: body.scope === 'tokens' ? (body.tokens ?? null) : null,
          reason: body.reason,
          adminId: admin.userId,
          now: context.now,
        },
        context,
      ),
    );
    return { success: true, id: requestId, position };
  }

  @Post('assets/:id/freezes/:requestId/approve')
  @HttpCode(200)
  @ApiOk(WrittenDto)
  @ApiOperation({ summary: 'Approve a freeze or unfreeze another admin asked for (the chain follows)' })
  async approveFreeze(
    @IdParam() id: string,
    @IdParam('requestId') requestId: string,
    @CurrentUser() admin: SignedInUser,
    @Ctx() context: CommandContext,
  ) {
    const { position } = await this.commands.execute(
      new ExecuteRegisterCommand({ type: 'ApproveFreeze', assetId: id, requestId, adminId: admin.userId }, context),
    );
    return { success: true, position };
  }

  @Post('assets/:id/freezes/:requestId/reject')
  @HttpCode(200)
  @ApiOk(WrittenDto)
  async rejectFreeze(
    @IdParam() id: string,
    @IdParam('requestId') requestId: string,
    @Body() body: ReasonDto,
    @CurrentUser() admin: SignedInUser,
    @Ctx() context: CommandContext,
  ) {
    const { position } = await this.commands.execute(
      new ExecuteRegisterCommand(
        { type: 'RejectFreeze', assetId: id, requestId, adminId: admin.userId, reason: body.reason },
        context,
      ),
    );
    return { success: true, position };
  }

  @Post('assets/:id/supply-changes/:changeId/approve')
  @HttpCode(200)
  @ApiOk(WrittenDto)
  async approve(
    @IdParam() id: string,
    @IdParam('changeId') changeId: string,
    @CurrentUser() admin: SignedInUser,
    @Ctx() context: CommandContext,
  ) {
    const { position } = await this.commands.execute(
      new ExecuteRegisterCommand(
        { type: 'ApproveSupplyChange', assetId: id, changeId, adminId: admin.userId },
        context,
      ),
    );
    return { success: true, position };
  }

  @Post('assets/:id/supply-changes/:changeId/reject')
  @HttpCode(200)
  @ApiOk(WrittenDto)
  async reject(
    @IdParam() id: string,
    @IdParam('changeId') changeId: string,
    @Body() body: ReasonDto,
    @CurrentUser() admin: SignedInUser,
    @Ctx() context: CommandContext,
  ) {
    const { position } = await this.commands.execute(
      new ExecuteRegisterCommand(
        { type: 'RejectSupplyChange', assetId: id, changeId, adminId: admin.userId, reason: body.reason },
        context,
      ),
    );
    return { success: true, position };
  }
}
