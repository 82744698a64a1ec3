import { randomUUID } from 'node:crypto';
import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { sendDownload } from '../../platform/http/download.js';
import type { HttpReply } from '../../platform/http/http.js';
import type { CommandContext } from '../../platform/command-context.js';
import { DomainError } from '../../platform/errors.js';
import { Authenticated, CurrentUser, type SignedInUser } from '../../platform/http/auth.js';
import { ApiCreated, ApiFile, ApiOk, CreatedDto, WrittenDto } from '../../platform/http/api-response.js';
import { dateMessage, dateProblem } from '../../platform/http/dates.js';
import { IdParam } from '../../platform/http/ids.js';
import { Ctx } from '../../platform/http/request-context.js';
import {
  AddInvestorDto,
  AssetRegisterDto,
  CapTableViewDto,
  ChangeInvestorDto,
  ReasonDto,
  SupplyChangeDto,
  TransferApprovalDto,
} from './register.dto.js';
import { REGISTER_MESSAGES } from './register.decider.js';
import { ExecuteRegisterCommand, type RegisterRequest } from './register.handlers.js';

type OwnerRequest = Extract<
  RegisterRequest,
  { type: 'AddInvestor' | 'ChangeInvestorHolding' | 'RemoveInvestor' | 'RequestSupplyChange' }
>;
type WithoutAsset<T> = T extends unknown ? Omit<T, 'assetId' | 'ownerId'> : never;
import {
  capTableCsv,
  capTableFileName,
  RegisterQueries,
  type AssetRegister,
  type CapTableAt,
} from '../../projections/registers.query.js';

/** The last instant of a New Zealand calendar day, or the instant given; null for a malformed or future one. */
export function asOfInstant(text: string, now = Date.now()): string | null {
  if (dateProblem(text, { notInFuture: !/^\d{4}-\d{2}-\d{2}$/.test(text) }, now) !== null) return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return new Date(text).toISOString();
  const next = new Date(`${text}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  const day = next.toISOString().slice(0, 10);
  // Midnight starting the next NZ day is at +13:00 (daylight time) or +12:00; take the one that is midnight there.
  for (const offset of ['+13:00', '+12:00']) {
    const instant = new Date(`${day}T00:00:00${offset}`);
    const hour = new Intl.DateTimeFormat('en-NZ', { timeZone: 'Pacific/Auckland', hour: '2-digit', hourCycle: 'h23' })
      .format(instant)
      .padStart(2, '0');
    if (hour === '00') return new Date(instant.getTime() - 1).toISOString();
  }
  return null;
}

/**
 * The asset's register at the edge: the cap table (now or as of a past date, replayed from the log), off-platform
 * holders added, edited and removed by the owner, and supply changes the owner asks for and an admin decides.
 */
@ApiTags('register')
@Controller('api')
@Authenticated()
export class RegisterController {
  constructor(
    private readonly commands: CommandBus,
    private readonly registers: RegisterQueries,
  ) {}

  /** An owner's request on their asset's register (the decider refuses anyone else's asset): its position. */
  private async asOwner(
    id: string,
    user: SignedInUser,
    context: CommandContext,
    request: WithoutAsset<OwnerRequest>,
  ): Promise<number> {
    // Spreading a union member back together is what TypeScript cannot follow; the fields are exactly OwnerRequest's.
    const full = { ...request, assetId: id, ownerId: user.userId } as OwnerRequest;
    const { position } = await this.commands.execute(new ExecuteRegisterCommand(full, context));
    return position;
  }

  /** The owner's asset, or any for admins and compliance staff; 404 otherwise, revealing nothing. */
  private async visible(id: string, user: SignedInUser): Promise<AssetRegister> {
    const visible = await this.registers.visibleTo(id, user);
    if (!visible) throw new DomainError(REGISTER_MESSAGES.assetNotFound, 404);
    return visible;
  }

  @Get('assets/:id/register')
  @ApiOk(AssetRegisterDto)
  @ApiOperation({
    summary: "The asset's supply: owner retained, off-platform, offered, issued; allocations; supply changes",
  })
  async register(@IdParam() id: string, @CurrentUser() user: SignedInUser) {
    return this.registers.registerView(await this.visible(id, user));
  }

  @Get('assets/:id/cap-table')
  @ApiOk(CapTableViewDto)
  @ApiOperation({ summary: 'The cap table (every holder, offered tokens and the owner’s); asOf replays the log' })
  @ApiQuery({ name: 'asOf', required: false, description: 'YYYY-MM-DD (end of that day in NZ) or an ISO instant' })
  async capTable(
    @IdParam() id: string,
    @CurrentUser() user: SignedInUser,
    @Query('asOf') asOf?: string,
  ): Promise<CapTableAt> {
    return this.capTableAt(id, user, asOf);
  }

  @Get('assets/:id/cap-table.csv')
  @ApiFile(['text/csv'], 'The cap table, one row per holder')
  @ApiOperation({ summary: 'The cap table as CSV, with every holder’s name and e-mail' })
  async capTableCsv(
    @IdParam() id: string,
    @CurrentUser() user: SignedInUser,
    @Res() reply: HttpReply,
    @Query('asOf') asOf?: string,
  ): Promise<void> {
    const table = await this.capTableAt(id, user, asOf);
    sendDownload(reply, 'text/csv; charset=utf-8', { made: capTableFileName(id, table) }, capTableCsv(table));
  }

  private async capTableAt(id: string, user: SignedInUser, asOf: string | undefined): Promise<CapTableAt> {
    const current = await this.visible(id, user); // the permission check, whatever the date
    let at: string | null = null;
    if (asOf !== undefined) {
      at = asOfInstant(asOf);
      if (!at) {
        const message = dateMessage('format');
        throw new DomainError(message, 400, [{ field: 'asOf', message }]);
      }
    }
    return this.registers.capTable(id, current, at);
  }

  @Post('assets/:id/investors')
  @HttpCode(201)
  @ApiCreated(CreatedDto)
  @ApiOperation({ summary: 'Cap table: record an off-platform holder, within the unallocated supply and the plan' })
  async addInvestor(
    @IdParam() id: string,
    @Body() body: AddInvestorDto,
    @CurrentUser() user: SignedInUser,
    @Ctx() context: CommandContext,
  ) {
    const investorId = randomUUID();
    const { name, tokens } = body;
    const position = await this.asOwner(id, user, context, {
      type: 'AddInvestor',
      investorId,
      name,
      email: body.email || null,
      tokens,
    });
    return { success: true, id: investorId, position };
  }

  @Put('assets/:id/investors/:investorId')
  @ApiOk(WrittenDto)
  @ApiOperation({ summary: 'Cap table: change an off-platform holding (name, e-mail, tokens), with a reason' })
  async changeInvestor(
    @IdParam() id: string,
    @IdParam('investorId') investorId: string,
    @Body() body: ChangeInvestorDto,
    @CurrentUser() user: SignedInUser,
    @Ctx() context: CommandContext,
  ) {
    const { name, tokens, reason } = body;
    const position = await this.asOwner(id, user, context, {
      type: 'ChangeInvestorHolding',
      investorId,
      name,
      email: body.email || null,
      tokens,
      reason,
    });
    return { success: true, position };
  }

  @Delete('assets/:id/investors/:investorId')
  @ApiOk(WrittenDto)
  @ApiOperation({ summary: 'Cap table: remove an off-platform holder, with a reason (body { reason })' })
  async removeInvestor(
    @IdParam() id: string,
    @IdParam('investorId') investorId: string,
    @Body() body: ReasonDto,
    @CurrentUser() user: SignedInUser,
    @Ctx() context: CommandContext,
  ) {
    const position = await this.asOwner(id, user, context, { type: 'RemoveInvestor', investorId, reason: body.reason });
    return { success: true, position };
  }

  @Put('assets/:id/transfer-approval')
  @ApiOk(WrittenDto)
  @ApiOperation({
    summary:
      'Who approves transfers between the asset’s investors: its owner (admins may too) or Kauri’s admins only; the owner or an admin hands it to the admins, only an admin hands it back',
  })
  async chooseTransferApproval(
    @IdParam() id: string,
    @Body() body: TransferApprovalDto,
    @CurrentUser() user: SignedInUser,
    @Ctx() context: CommandContext,
  ) {
    const request = {
      type: 'ChooseTransferApproval' as const,
      assetId: id,
      approval: body.approval,
      actorId: user.userId,
      actorIsAdmin: user.roles.includes('admin'),
    };
    const { position } = await this.commands.execute(new ExecuteRegisterCommand(request, context));
    return { success: true, position };
  }

  @Post('assets/:id/supply-changes')
  @HttpCode(201)
  @ApiCreated(CreatedDto)
  @ApiOperation({
    summary: 'Ask to issue more tokens (positive delta) or cancel unissued ones (negative); an admin decides',
  })
  async requestSupplyChange(
    @IdParam() id: string,
    @Body() body: SupplyChangeDto,
    @CurrentUser() user: SignedInUser,
    @Ctx() context: CommandContext,
  ) {
    const changeId = randomUUID();
    const { delta, reason } = body;
    const position = await this.asOwner(id, user, context, {
      type: 'RequestSupplyChange',
      changeId,
      delta,
      reason,
      now: context.now,
    });
    return { success: true, id: changeId, position };
  }
}
