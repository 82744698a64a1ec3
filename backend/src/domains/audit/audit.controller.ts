import { once } from 'node:events';
import { Body, Controller, Get, HttpCode, Inject, Post, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { CommandContext } from '../../platform/command-context.js';
import type { EventStore } from '../../platform/event-store/event-store.js';
import { CurrentUser, Roles, type SignedInUser } from '../../platform/http/auth.js';
import { CORRELATION_ID, IdParam, STREAM_ID } from '../../platform/http/ids.js';
import { Ctx } from '../../platform/http/request-context.js';
import { IntegrityCheck } from '../../platform/operations/integrity-check.js';
import { EVENT_STORE } from '../../platform/tokens.js';
import { ForgetPersonDto, StateQueryDto, TimelineQueryDto, ExportQueryDto, type HistoryFilterDto } from './audit.dto.js';
import { ForgetPersonCommand, RecordAuditViewCommand } from './audit.handlers.js';
import type { AuditView } from './events.js';
import { correlationChain, csvRow, EXPORT_COLUMNS, retention, scan, stateAt, timeline } from './history.js';

const iso = (at: string | undefined) => (at ? new Date(at).toISOString() : undefined);
const filterOf = (q: HistoryFilterDto) => ({ stream: q.stream, type: q.type, actor: q.actor, from: iso(q.from), to: iso(q.to) });
const asQuery = (values: Record<string, string | number | undefined>) =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)]));

/** Compliance staff (and admins) replay the history. Every read is itself recorded as `AuditViewed`. */
@ApiTags('audit')
@Controller('api/audit')
@Roles('admin', 'compliance')
export class AuditController {
  constructor(
    private readonly commands: CommandBus,
    private readonly integrity: IntegrityCheck,
    @Inject(EVENT_STORE) private readonly events: EventStore,
  ) {}

  private viewed(user: SignedInUser, context: CommandContext, view: AuditView, query: Record<string, string | number | undefined>) {
    return this.commands.execute(new RecordAuditViewCommand({ type: 'RecordAuditView', viewerId: user.userId, view, query: asQuery(query) }, context));
  }

  @Get('events')
  @ApiOperation({ summary: 'The timeline: events in log order, filtered by stream (or its start), type, acting user and time; paged by position' })
  async timeline(@Query() q: TimelineQueryDto, @CurrentUser() user: SignedInUser, @Ctx() context: CommandContext) {
    await this.viewed(user, context, 'timeline', { ...filterOf(q), after: q.after });
    return timeline(this.events, filterOf(q), q.after ?? 0, q.limit ?? 50);
  }

  @Get('correlation/:correlationId')
  @ApiOperation({ summary: 'Every event one request caused: its correlation id, and what those events caused in turn' })
  async correlation(@IdParam('correlationId', CORRELATION_ID) correlationId: string, @CurrentUser() user: SignedInUser, @Ctx() context: CommandContext) {
    await this.viewed(user, context, 'correlation', { correlationId });
    return { correlationId, events: await correlationChain(this.events, correlationId) };
  }

  @Get('streams/:streamId/state')
  @ApiOperation({ summary: 'An aggregate as it stood at a past moment, beside the events that built it' })
  async state(@IdParam('streamId', STREAM_ID) streamId: string, @Query() q: StateQueryDto, @CurrentUser() user: SignedInUser, @Ctx() context: CommandContext) {
    await this.viewed(user, context, 'state', { streamId, at: q.at });
    return stateAt(this.events, streamId, new Date(q.at).toISOString());
  }

  @Get('export')
  @ApiProduces('text/csv', 'application/json')
  @ApiOperation({ summary: 'The filtered history as CSV or JSON, streamed page by page; X-Head-Position lets a client show progress' })
  async export(@Query() q: ExportQueryDto, @CurrentUser() user: SignedInUser, @Ctx() context: CommandContext, @Res() res: Response) {
    await this.viewed(user, context, 'export', { ...filterOf(q), format: q.format });
    const csv = q.format === 'csv';
    res.setHeader('Content-Type', csv ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="kauri-audit-${new Date().toISOString().slice(0, 10)}.${q.format}"`);
    res.setHeader('X-Head-Position', String(await this.events.headPosition()));
    const write = async (chunk: string) => {
      if (!res.write(chunk)) await once(res, 'drain');
    };
    await write(csv ? EXPORT_COLUMNS.join(',') + '\r\n' : '[');
    let first = true;
    for await (const event of scan(this.events, filterOf(q))) {
      if (res.destroyed) return;
      await write(csv ? csvRow(event) : `${first ? '\n' : ',\n'}${JSON.stringify(event)}`);
      first = false;
    }
    res.end(csv ? '' : '\n]\n');
  }

  @Get('integrity')
  @ApiOperation({ summary: 'The running or last tamper-evidence check' })
  integrityStatus() {
    return this.integrity.status();
  }

  @Post('integrity')
  @HttpCode(202)
  @ApiOperation({ summary: "Recomputes every stream's hash chain; follow progress in GET /api/audit/integrity" })
  async verify(@CurrentUser() user: SignedInUser, @Ctx() context: CommandContext) {
    await this.viewed(user, context, 'integrity', {});
    void this.integrity.start();
    return this.integrity.status();
  }

  @Get('subjects/:subjectId')
  @ApiOperation({ summary: "A person's standing: events with their personal data, AML/CFT customer or not, records kept until" })
  async subject(@IdParam('subjectId') subjectId: string, @CurrentUser() user: SignedInUser, @Ctx() context: CommandContext) {
    await this.viewed(user, context, 'retention', { subjectId });
    return retention(this.events, subjectId);
  }

  @Post('subjects/:subjectId/forget')
  @HttpCode(200)
  @ApiOperation({ summary: 'Forgets a person (Privacy Act 2020): deletes their key; refused while AML/CFT record keeping applies' })
  async forget(@IdParam('subjectId') subjectId: string, @Body() body: ForgetPersonDto, @CurrentUser() user: SignedInUser, @Ctx() context: CommandContext) {
    const result = await this.commands.execute(new ForgetPersonCommand(subjectId, body.reason, user.userId, context));
    return { subjectId, forgotten: true, ...result };
  }
}
