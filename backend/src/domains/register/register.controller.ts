import { sendDownload } from '../../platform/http/download.js';
import { csvLine } from '../../platform/csv.js';
import { nzDateTime } from '../../platform/nz-time.js';
import { randomUUID } from 'node:crypto';
import { Body, Controller, Delete, Get, HttpCode, Inject, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { HttpReply } from '../../platform/http/http.js';
import type { CommandContext } from '../../platform/command-context.js';
import { DomainError } from '../../platform/errors.js';
import type { EventStore } from '../../platform/event-store/event-store.js';
import { Authenticated, CurrentUser, hasRole, Roles, type SignedInUser } from '../../platform/http/auth.js';
import { ApiCreated, ApiFile, ApiOk, CreatedDto, WrittenDto } from '../../platform/http/api-response.js';
import { dateMessage, dateProblem } from '../../platform/http/dates.js';
import { IdParam } from '../../platform/http/ids.js';
import { Ctx } from '../../platform/http/request-context.js';
import { project } from '../../platform/projections/projection.js';
import { withoutInternals } from '../../platform/read-store/read-store.js';
import { ReadModels } from '../../platform/read-store/read-models.js';
import { EVENT_STORE } from '../../platform/tokens.js';
import { assetsProjection, type AssetDoc } from '../../projections/assets.js';
import {
  capTableOf,
  pendingSupplyChanges,
  registersProjection,
  type CapTable,
  type RegisterDoc,
} from '../../projections/registers.js';
import { peopleById } from '../../projections/users.js';
import { assetStream } from '../assets/events.js';
import {
  AddInvestorDto,
  AssetRegisterDto,
  CapTableViewDto,
  ChangeInvestorDto,
  PendingSupplyChangesDto,
  ReasonDto,
  SupplyChangeDto,
} from './register.dto.js';
import { REGISTER_MESSAGES } from './register.decider.js';
import { ExecuteRegisterCommand } from './register.handlers.js';
import { tokenPriceNow } from './token-price.js';

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
    private readonly reads: ReadModels,
    @Inject(EVENT_STORE) private readonly events: EventStore,
  ) {}

  /** The owner's asset, or any for admins and compliance staff; 404 otherwise, revealing nothing. */
  private async visible(id: string, user: SignedInUser) {
    const [asset, register] = await Promise.all([
      this.reads.of(assetsProjection).get(id),
      this.reads.of(registersProjection).get(id),
    ]);
    if (!asset || !register || (asset.ownerId !== user.userId && !hasRole(user, 'admin', 'compliance')))
      throw new DomainError(REGISTER_MESSAGES.assetNotFound, 404);
    return { asset, register };
  }

  @Get('assets/:id/register')
  @ApiOk(AssetRegisterDto)
  @ApiOperation({
    summary: "The asset's supply: owner retained, off-platform, offered, issued; allocations; supply changes",
  })
  async register(@IdParam() id: string, @CurrentUser() user: SignedInUser) {
    const { asset, register } = await this.visible(id, user);
    // To the cent, as a price is entered on a form.
    const price = tokenPriceNow(asset.totalValue, register.supply);
    return {
      assetId: register._id,
      ...withoutInternals(register),
      tokenPriceNow: price === null ? null : Math.round(price * 100) / 100,
    };
  }

  @Get('assets/:id/cap-table')
  @ApiOk(CapTableViewDto)
  @ApiOperation({ summary: 'The cap table (every holder, offered tokens and the owner’s); asOf replays the log' })
  @ApiQuery({ name: 'asOf', required: false, description: 'YYYY-MM-DD (end of that day in NZ) or an ISO instant' })
  async capTable(
    @IdParam() id: string,
    @CurrentUser() user: SignedInUser,
    @Query('asOf') asOf?: string,
  ): Promise<CapTable & { asOf: string | null }> {
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
    const rows = [
      ['Holder', 'Email', 'Kind', 'Tokens held', 'Value (NZD)', 'Percentage owned', 'Added'],
      ...table.lines.map((l) => [
        l.name,
        l.email,
        l.kind,
        l.tokens,
        Math.round(l.tokens * table.tokenPrice * 100) / 100,
        l.percent.toFixed(2),
        // New Zealand time with its zone, as every time the app shows (not a UTC instant).
        l.addedAt ? nzDateTime(l.addedAt) : null,
      ]),
      [
        'Total supply',
        null,
        null,
        table.supply,
        Math.round(table.supply * table.tokenPrice * 100) / 100,
        '100.00',
        null,
      ],
    ];
    const stamp = table.asOf ? `-as-of-${table.asOf.slice(0, 10)}` : '';
    const fileName = `cap-table-${id.slice(0, 8)}${stamp}.csv`;
    sendDownload(reply, 'text/csv; charset=utf-8', { made: fileName }, rows.map((r) => csvLine(r, 'all')).join(''));
  }

  private async capTableAt(id: string, user: SignedInUser, asOf: string | undefined) {
    const current = await this.visible(id, user); // the permission check, whatever the date
    let asset: Pick<AssetDoc, '_id' | 'capTable' | 'terms' | 'totalValue'> = current.asset;
    let register: Pick<RegisterDoc, 'supply' | 'totals'> = current.register;
    let at: string | null = null;
    if (asOf !== undefined) {
      at = asOfInstant(asOf);
      if (!at) {
        const message = dateMessage('format');
        throw new DomainError(message, 400, [{ field: 'asOf', message }]);
      }
      // Everything the asset's stream held at that moment: holders, allocations, issued tokens, supply changes.
      const until = at;
      const events = (await this.events.readStream(assetStream(id))).filter((e) => e.metadata.occurredAt <= until);
      const replayedAsset = project(assetsProjection, events).get(id);
      const replayedRegister = project(registersProjection, events).get(id);
      if (!replayedAsset || !replayedRegister) return { assetId: id, supply: 0, tokenPrice: 0, lines: [], asOf: at };
      asset = replayedAsset;
      register = replayedRegister;
    }
    const table = capTableOf(asset, register);
    return { ...table, lines: await this.named(table.lines), asOf: at };
  }

  /** Platform investors under the name and e-mail on their account (the read models keep only their id). */
  private async named(lines: CapTable['lines']): Promise<CapTable['lines']> {
    const investorOf = (line: CapTable['lines'][number]) => (line.kind === 'platform' ? line.investorId : null);
    const people = await peopleById(
      this.reads,
      lines.flatMap((l) => investorOf(l) ?? []),
      'Wholesale investor',
    );
    return lines.map((line) => {
      const investorId = investorOf(line);
      const person = investorId && people.get(investorId);
      return person ? { ...line, name: person.name, email: person.email } : line;
    });
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
    const { position } = await this.commands.execute(
      new ExecuteRegisterCommand(
        {
          type: 'AddInvestor',
          assetId: id,
          ownerId: user.userId,
          investorId,
          name: body.name,
          email: body.email || null,
          tokens: body.tokens,
        },
        context,
      ),
    );
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
    const { position } = await this.commands.execute(
      new ExecuteRegisterCommand(
        {
          type: 'ChangeInvestorHolding',
          assetId: id,
          ownerId: user.userId,
          investorId,
          name: body.name,
          email: body.email || null,
          tokens: body.tokens,
          reason: body.reason,
        },
        context,
      ),
    );
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
    const { position } = await this.commands.execute(
      new ExecuteRegisterCommand(
        { type: 'RemoveInvestor', assetId: id, ownerId: user.userId, investorId, reason: body.reason },
        context,
      ),
    );
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
    const { position } = await this.commands.execute(
      new ExecuteRegisterCommand(
        {
          type: 'RequestSupplyChange',
          assetId: id,
          ownerId: user.userId,
          changeId,
          delta: body.delta,
          reason: body.reason,
          now: context.now,
        },
        context,
      ),
    );
    return { success: true, id: changeId, position };
  }
}

/** Supply changes awaiting an admin, and the decision. */
@ApiTags('admin')
@Controller('api/admin')
@Roles('admin')
export class RegisterAdminController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reads: ReadModels,
  ) {}

  @Get('supply-changes')
  @ApiOk(PendingSupplyChangesDto)
  @ApiOperation({ summary: 'Pending supply changes, oldest first, with each asset’s supply and dilution' })
  async pending() {
    return { supplyChanges: await pendingSupplyChanges(this.reads) };
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
