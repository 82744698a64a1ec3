import { downloadHeaders } from '../../platform/http/download.js';
import { csvLine } from '../../platform/csv.js';
import { Readable } from 'node:stream';
import { Body, Controller, Get, HttpCode, Inject, Post, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiExtraModels, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { HttpReply } from '../../platform/http/http.js';
import type { CommandContext } from '../../platform/command-context.js';
import type { EventStore } from '../../platform/event-store/event-store.js';
import { ApiAccepted, ApiFile, ApiOk } from '../../platform/http/api-response.js';
import { CurrentUser, Roles, type SignedInUser } from '../../platform/http/auth.js';
import { CORRELATION_ID, IdParam, STREAM_ID } from '../../platform/http/ids.js';
import { Ctx } from '../../platform/http/request-context.js';
import { IntegrityCheck } from '../../platform/operations/integrity-check.js';
import { IntegrityStatusDto } from '../../platform/operations/operations.dto.js';
import { DomainError } from '../../platform/errors.js';
import { EVENT_STORE } from '../../platform/injection-keys.js';
import {
  AggregateAtDto,
  AnonymousActorDto,
  AuditPageDto,
  CorrelationDto,
  ForgetPersonDto,
  PersonForgottenDto,
  PersonNameDto,
  StateQueryDto,
  SubjectStandingDto,
  SystemActorDto,
  TimelineQueryDto,
  ExportQueryDto,
  UserActorDto,
  type HistoryFilterDto,
} from './audit.dto.js';
import type { AuditCommand } from './audit.decider.js';
import { ForgetPersonCommand, RecordAuditViewCommand } from './audit.handlers.js';
import type { AuditView } from './events.js';
import {
  correlationChain,
  csvRow,
  EXPORT_COLUMNS,
  retention,
  scan,
  stateAt,
  timeline,
  type HistoryFilter,
} from './history.js';
import { AuditDirectory } from './names.js';
import { withDecisions } from './decisions.js';

const iso = (at: string | undefined) => (at ? new Date(at).toISOString() : undefined);
export const NO_ACCOUNT_FOR_EMAIL = 'No account uses this e-mail address';
type ViewQuery = Record<string, string | number | undefined>;
interface Viewer {
  user: SignedInUser;
  context: CommandContext;
}
const asQuery = (values: ViewQuery) =>
  Object.fromEntries(
    Object.entries(values)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );

/** Compliance staff (and admins) replay the history. Every read that succeeds is itself recorded as `AuditViewed`. */
@ApiTags('audit')
// Named by the answers' schemas (actors as oneOf, names as maps) rather than by a property's type.
@ApiExtraModels(UserActorDto, AnonymousActorDto, SystemActorDto, PersonNameDto)
@Controller('api/audit')
@Roles('admin', 'compliance')
export class AuditController {
  constructor(
    private readonly commands: CommandBus,
    private readonly integrity: IntegrityCheck,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    private readonly directory: AuditDirectory,
  ) {}

  /**
   * The filter as the history reads it. An acting user given by e-mail address is looked up in the keyed
   * e-mail index and replaced by the account's id before anything is read or recorded: the address itself
   * never reaches the log (an AuditViewed query is not personal data that forgetting could reach).
   */
  private async filterOf(q: HistoryFilterDto): Promise<HistoryFilter> {
    let actor = q.actor;
    if (actor?.includes('@')) {
      actor = (await this.directory.accountByEmail(actor)) ?? undefined;
      if (!actor) throw new DomainError(NO_ACCOUNT_FOR_EMAIL, 404, [{ field: 'actor', message: NO_ACCOUNT_FOR_EMAIL }]);
    }
    return { stream: q.stream, type: q.type, actor, from: iso(q.from), to: iso(q.to) };
  }

  /**
   * Runs the read, then records it (`AuditViewed`), then answers: a read that fails or is refused records
   * nothing, and no answer leaves without its record (should recording fail, the request fails).
   */
  private async recorded<T>(by: Viewer, view: AuditView, query: ViewQuery, read: () => Promise<T>): Promise<T> {
    const result = await read();
    const command: AuditCommand = { type: 'RecordAuditView', viewerId: by.user.userId, view, query: asQuery(query) };
    await this.commands.execute(new RecordAuditViewCommand(command, by.context));
    return result;
  }

  @Get('events')
  @ApiOk(AuditPageDto)
  @ApiOperation({
    summary:
      'The timeline: events in log order, filtered by stream (or its start), type, acting user and time; paged by position',
  })
  async timeline(@Query() q: TimelineQueryDto, @CurrentUser() user: SignedInUser, @Ctx() context: CommandContext) {
    const filter = await this.filterOf(q);
    return this.recorded({ user, context }, 'timeline', { ...filter, after: q.after }, async () => {
      const page = await timeline(this.events, filter, q.after ?? 0, q.limit ?? 50);
      // The acting user filtered by is named too, even on a page that found none of their events.
      const names = await this.directory.namesFor(page.events, { people: filter.actor ? [filter.actor] : [] });
      return { ...page, events: withDecisions(page.events), names };
    });
  }

  @Get('correlation/:correlationId')
  @ApiOk(CorrelationDto)
  @ApiOperation({ summary: 'Every event one request caused: its correlation id, and what those events caused in turn' })
  async correlation(
    @IdParam('correlationId', CORRELATION_ID) correlationId: string,
    @CurrentUser() user: SignedInUser,
    @Ctx() context: CommandContext,
  ) {
    return this.recorded({ user, context }, 'correlation', { correlationId }, async () => {
      const events = await correlationChain(this.events, correlationId);
      return { correlationId, events: withDecisions(events), names: await this.directory.namesFor(events) };
    });
  }

  @Get('streams/:streamId/state')
  @ApiOk(AggregateAtDto)
  @ApiOperation({ summary: 'An aggregate as it stood at a past moment, beside the events that built it' })
  async state(
    @IdParam('streamId', STREAM_ID) streamId: string,
    @Query() q: StateQueryDto,
    @CurrentUser() user: SignedInUser,
    @Ctx() context: CommandContext,
  ) {
    return this.recorded({ user, context }, 'state', { streamId, at: q.at }, async () => {
      const state = await stateAt(this.events, streamId, new Date(q.at).toISOString());
      const names = await this.directory.namesFor(state.events, { streams: [streamId] });
      return { ...state, events: withDecisions(state.events), names };
    });
  }

  @Get('export')
  @ApiFile(['text/csv', 'application/json'], 'The filtered history, streamed')
  @ApiOperation({
    summary: 'The filtered history as CSV or JSON, streamed page by page; X-Head-Position lets a client show progress',
  })
  async export(
    @Query() q: ExportQueryDto,
    @CurrentUser() user: SignedInUser,
    @Ctx() context: CommandContext,
    @Res() reply: HttpReply,
  ) {
    // Recorded once the stream has started: the first page was read, before any byte is sent. A failure
    // before then answers an error and records nothing; after it, part of the history has left the building.
    const filter = await this.filterOf(q);
    const events = scan(this.events, filter);
    const query = { ...filter, format: q.format };
    const { head, first } = await this.recorded({ user, context }, 'export', query, async () => ({
      head: await this.events.headPosition(),
      first: await events.next(),
    }));
    const csv = q.format === 'csv';
    downloadHeaders(reply, csv ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8', {
      made: `kauri-audit-${new Date().toISOString().slice(0, 10)}.${q.format}`,
    });
    reply.header('X-Head-Position', String(head));
    // A stream pulled as the client reads (backpressure); a client that goes away stops the pulling, and the
    // scan is closed either way.
    async function* body(): AsyncGenerator<string> {
      try {
        yield csv ? csvLine(EXPORT_COLUMNS) : '[';
        let separator = '\n';
        for (let next = first; !next.done; next = await events.next()) {
          yield csv ? csvRow(next.value) : `${separator}${JSON.stringify(next.value)}`;
          separator = ',\n';
        }
        yield csv ? '' : '\n]\n';
      } finally {
        await events.return(undefined);
      }
    }
    const stream = Readable.from(body(), { objectMode: false });
    // Also when the client left before the first chunk was pulled (the generator never started).
    stream.once('close', () => void events.return(undefined));
    reply.send(stream);
  }

  @Get('integrity')
  @ApiOk(IntegrityStatusDto)
  @ApiOperation({ summary: 'The running or last tamper-evidence check' })
  integrityStatus() {
    return this.integrity.status();
  }

  @Post('integrity')
  @HttpCode(202)
  @ApiAccepted(IntegrityStatusDto)
  @ApiOperation({ summary: "Recomputes every stream's hash chain; follow progress in GET /api/audit/integrity" })
  async verify(@CurrentUser() user: SignedInUser, @Ctx() context: CommandContext) {
    return this.recorded({ user, context }, 'integrity', {}, async () => {
      void this.integrity.start();
      return this.integrity.status();
    });
  }

  @Get('subjects/:subjectId')
  @ApiOk(SubjectStandingDto)
  @ApiOperation({
    summary: "A person's standing: events with their personal data, AML/CFT customer or not, records kept until",
  })
  async subject(
    @IdParam('subjectId') subjectId: string,
    @CurrentUser() user: SignedInUser,
    @Ctx() context: CommandContext,
  ) {
    return this.recorded({ user, context }, 'retention', { subjectId }, () => retention(this.events, subjectId));
  }

  @Post('subjects/:subjectId/forget')
  @HttpCode(200)
  @ApiOk(PersonForgottenDto)
  @ApiOperation({
    summary: 'Forgets a person (Privacy Act 2020): deletes their key; refused while AML/CFT record keeping applies',
  })
  async forget(
    @IdParam('subjectId') subjectId: string,
    @Body() body: ForgetPersonDto,
    @CurrentUser() user: SignedInUser,
    @Ctx() context: CommandContext,
  ) {
    const result = await this.commands.execute(new ForgetPersonCommand(subjectId, body.reason, user.userId, context));
    return { subjectId, forgotten: true, ...result };
  }
}
