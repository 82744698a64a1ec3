import { randomUUID } from 'node:crypto';
import { Body, Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { sendDownload } from '../../platform/http/download.js';
import type { HttpReply } from '../../platform/http/http.js';
import type { CommandContext } from '../../platform/command-context.js';
import { DomainError } from '../../platform/errors.js';
import { ApiCreated, ApiFile, ApiOk, WrittenDto } from '../../platform/http/api-response.js';
import { Authenticated, CurrentUser, Roles, type SignedInUser } from '../../platform/http/auth.js';
import { IdParam } from '../../platform/http/ids.js';
import { nzDate } from '../../platform/nz-time.js';
import { Ctx } from '../../platform/http/request-context.js';
import { ComplianceOverviewDto, ComplianceReviewDto, RecordCheckDto, ReviewRequestDto } from './compliance.dto.js';
import { ExecuteComplianceCommand } from './compliance.handlers.js';
import { ComplianceQueries, type MadeFile } from '../../projections/compliance.query.js';
import { CHECK_IDS, type CheckId } from './events.js';

/** Today in New Zealand (a check's expiry and its days left are NZ dates; UTC's date is a day behind half the day). */
const today = () => nzDate(new Date());
function sendPdf(reply: HttpReply, { fileName, bytes }: MadeFile): void {
  sendDownload(reply, 'application/pdf', { made: fileName }, bytes);
}

@ApiTags('compliance')
@Controller('api')
@Authenticated()
export class ComplianceController {
  constructor(
    private readonly commands: CommandBus,
    private readonly compliance: ComplianceQueries,
  ) {}

  @Get('compliance')
  @ApiOk(ComplianceOverviewDto)
  @ApiOperation({
    summary: "The owner's four checks (status, last updated, expiry), score and label, deadlines, history",
  })
  async overview(@CurrentUser() user: SignedInUser) {
    return this.compliance.overview(user.userId, today());
  }

  @Post('compliance/review-request')
  @HttpCode(201)
  @ApiCreated(WrittenDto)
  @ApiOperation({ summary: 'Request Compliance Review: compliance staff see it in their queue' })
  async requestReview(
    @Body() body: ReviewRequestDto,
    @CurrentUser() user: SignedInUser,
    @Ctx() context: CommandContext,
  ) {
    const { position } = await this.commands.execute(
      new ExecuteComplianceCommand(
        { type: 'RequestReview', ownerId: user.userId, requestId: randomUUID(), message: body.message || null },
        context,
      ),
    );
    return { success: true, position };
  }

  @Get('compliance/report.pdf')
  @ApiFile(['application/pdf'], 'The compliance report')
  @ApiOperation({ summary: 'Download Compliance Report: the checks and their history as a PDF' })
  async report(@CurrentUser() user: SignedInUser, @Res() reply: HttpReply): Promise<void> {
    sendPdf(reply, await this.compliance.report(user.userId, today()));
  }

  @Get('assets/:id/pds.pdf')
  @ApiFile(['application/pdf'], 'The product disclosure statement')
  @ApiOperation({
    summary:
      "Generate PDS Document: a draft product disclosure statement from the asset's data, for the owner's advisers",
  })
  async pds(@IdParam() id: string, @CurrentUser() user: SignedInUser, @Res() reply: HttpReply): Promise<void> {
    const pds = await this.compliance.pds(id, user, today());
    if (!pds) throw new DomainError('Asset not found', 404);
    sendPdf(reply, pds);
  }
}

/** Compliance staff (and admins): the review queue and the checks they record for an owner. */
@ApiTags('compliance')
@Controller('api/compliance-reviews')
@Roles('admin', 'compliance')
export class ComplianceReviewController {
  constructor(
    private readonly commands: CommandBus,
    private readonly compliance: ComplianceQueries,
  ) {}

  @Get()
  @ApiOk([ComplianceReviewDto])
  @ApiOperation({ summary: 'Owners who requested a compliance review, oldest first, with their checks' })
  async queue() {
    return this.compliance.queue(today());
  }

  @Post(':ownerId/checks/:check')
  @HttpCode(200)
  @ApiOk(WrittenDto)
  @ApiOperation({ summary: 'Record a check for an owner: status, expiry date (required when passed), note' })
  async record(
    @IdParam('ownerId') ownerId: string,
    @Param('check') check: string,
    @Body() body: RecordCheckDto,
    @CurrentUser() user: SignedInUser,
    @Ctx() context: CommandContext,
  ) {
    if (!CHECK_IDS.includes(check as CheckId)) throw new DomainError('Unknown check: fma, aml, privacy or fmca', 404);
    if (!(await this.compliance.isUser(ownerId))) throw new DomainError('User not found', 404);
    const { position } = await this.commands.execute(
      new ExecuteComplianceCommand(
        {
          type: 'RecordCheck',
          ownerId,
          check: check as CheckId,
          status: body.status,
          expiryDate: body.expiryDate ?? null,
          note: body.note ?? null,
          recordedBy: user.userId,
          today: today(),
        },
        context,
      ),
    );
    return { success: true, position };
  }
}
