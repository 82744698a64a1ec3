import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { CommandContext } from '../../platform/command-context.js';
import { CurrentUser, Roles, type SignedInUser } from '../../platform/http/auth.js';
import { ApiOk, WrittenDto } from '../../platform/http/api-response.js';
import { IdParam } from '../../platform/http/ids.js';
import { Ctx } from '../../platform/http/request-context.js';
import { PendingSupplyChangesDto, ReasonDto } from './register.dto.js';
import { ExecuteRegisterCommand } from './register.handlers.js';
import { RegisterQueries } from '../../projections/registers.query.js';

/** Supply changes awaiting an admin, and the decision. */
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
