import { randomUUID } from 'node:crypto';
import { Body, Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { sendDownload } from '../../platform/http/download.js';
import type { HttpReply } from '../../platform/http/http.js';
import type { CommandContext } from '../../platform/command-context.js';
import { DomainError } from '../../platform/errors.js';
import { ApiCreated, ApiFile, ApiOk, WrittenDto } from '../../platform/http/api-response.js';
import { Authenticated, CurrentUser, hasRole, Roles, type SignedInUser } from '../../platform/http/auth.js';
import { IdParam } from '../../platform/http/ids.js';
import { Ctx } from '../../platform/http/request-context.js';
import { ReadModels } from '../../platform/read-store/read-models.js';
import { textPdf } from '../../platform/text-pdf.js';
import { assetsProjection } from '../../projections/assets.js';
import {
  complianceProjection,
  complianceScore,
  effectiveChecks,
  type ComplianceDoc,
} from '../../projections/compliance.js';
import { peopleById, usersProjection } from '../../projections/users.js';
import { ComplianceOverviewDto, ComplianceReviewDto, RecordCheckDto, ReviewRequestDto } from './compliance.dto.js';
import { ExecuteComplianceCommand } from './compliance.handlers.js';
import { CHECK_IDS, type CheckId } from './events.js';

const today = () => new Date().toISOString().slice(0, 10);
const nzd = (n: number) =>
  new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'NZD',
    currencyDisplay: 'narrowSymbol',
    maximumFractionDigits: 2,
  }).format(n);

/** The Compliance Dashboard of one owner: checks as they stand today, score, deadlines, history. */
export function complianceView(doc: ComplianceDoc | null, on = today()) {
  const checks = effectiveChecks(doc, on);
  const deadlines = checks
    .filter((c) => c.expiryDate)
    .map((c) => ({
      check: c.id,
      name: c.name,
      expiryDate: c.expiryDate!,
      daysLeft: Math.round((Date.parse(c.expiryDate!) - Date.parse(on)) / 86_400_000),
    }))
    .sort((a, b) => a.expiryDate.localeCompare(b.expiryDate));
  return {
    checks,
    ...complianceScore(checks),
    deadlines,
    openRequest: doc?.openRequest ?? null,
    history: doc?.history ?? [],
  };
}

function sendPdf(reply: HttpReply, fileName: string, bytes: Buffer): void {
  sendDownload(reply, 'application/pdf', { made: fileName }, bytes);
}

@ApiTags('compliance')
@Controller('api')
@Authenticated()
export class ComplianceController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reads: ReadModels,
  ) {}

  private async doc(ownerId: string): Promise<ComplianceDoc | null> {
    return this.reads.of(complianceProjection).get(ownerId);
  }

  @Get('compliance')
  @ApiOk(ComplianceOverviewDto)
  @ApiOperation({
    summary: "The owner's four checks (status, last updated, expiry), score and label, deadlines, history",
  })
  async overview(@CurrentUser() user: SignedInUser) {
    return complianceView(await this.doc(user.userId));
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
    const view = complianceView(await this.doc(user.userId));
    const owner = await this.reads.of(usersProjection).get(user.userId);
    const lines = [
      `Prepared ${today()} for ${owner?.email ?? user.userId}`,
      `Compliance score: ${view.score}% (${view.label})`,
      '',
      'Checks',
      ...view.checks.map(
        (c) =>
          `- ${c.name}: ${c.status}${c.expiryDate ? `, expires ${c.expiryDate}` : ''}${c.lastUpdated ? `, updated ${c.lastUpdated.slice(0, 10)}` : ''}`,
      ),
      '',
      'History (newest first)',
      ...(view.history.length
        ? view.history.map((h) => `- ${h.at.slice(0, 10)}  ${h.event}${h.note ? `: ${h.note}` : ''}`)
        : ['- nothing recorded yet']),
    ];
    sendPdf(reply, `compliance-report-${today()}.pdf`, textPdf('Kauri Compliance Report', lines));
  }

  @Get('assets/:id/pds.pdf')
  @ApiFile(['application/pdf'], 'The product disclosure statement')
  @ApiOperation({
    summary:
      "Generate PDS Document: a draft product disclosure statement from the asset's data, for the owner's advisers",
  })
  async pds(@IdParam() id: string, @CurrentUser() user: SignedInUser, @Res() reply: HttpReply): Promise<void> {
    const asset = await this.reads.of(assetsProjection).get(id);
    if (!asset || (asset.ownerId !== user.userId && !hasRole(user, 'admin', 'compliance')))
      throw new DomainError('Asset not found', 404);
    const t = asset.terms;
    const lines = [
      'DRAFT - not for distribution. A Product Disclosure Statement must be reviewed by the',
      "issuer's advisers and lodged on the Disclose Register before any retail offer.",
      'Offers on Kauri are made only to wholesale investors (FMC Act 2013, Schedule 1).',
      '',
      '1. Key information summary',
      `   Issuer asset: ${asset.name} (${asset.assetType})${asset.address ? `, ${asset.address}` : ''}`,
      `   Description: ${asset.description}`,
      `   Valuation: ${nzd(asset.valuation?.value ?? asset.totalValue)}${asset.valuation ? ` (${asset.valuation.method}, ${asset.valuation.at.slice(0, 10)})` : ' (owner figure, not yet valued)'}`,
      '',
      '2. Terms of the offer',
      ...(t
        ? [
            `   Token: ${t.name} (${t.symbol}) on ${t.network}`,
            `   Total supply: ${t.totalSupply.toLocaleString('en-US')} tokens, ${t.decimals} decimals, ${nzd(t.price)} per token`,
            `   Investment: minimum ${nzd(t.minInvestment)}, maximum ${nzd(t.maxInvestment)}`,
            `   Lock-up: ${t.lockUpMonths} months; fees: ${t.feePercent}% per investment`,
          ]
        : ['   Token terms not yet configured.']),
      '',
      '3. Documents held',
      ...(asset.documents.length
        ? asset.documents.map((d) => `   ${d.title}: ${d.fileName} (SHA-256 ${d.sha256.slice(0, 16)}...)`)
        : ['   None uploaded yet.']),
      '',
      '4. Risks',
      '   Tokens may be illiquid; the value of the asset can fall; returns are not guaranteed.',
      '',
      `Generated by Kauri on ${today()} from the asset's record; status: ${asset.status}.`,
    ];
    sendPdf(
      reply,
      `pds-draft-${asset._id.slice(0, 8)}.pdf`,
      textPdf(`Draft Product Disclosure Statement - ${asset.name}`, lines),
    );
  }
}

/** Compliance staff (and admins): the review queue and the checks they record for an owner. */
@ApiTags('compliance')
@Controller('api/compliance-reviews')
@Roles('admin', 'compliance')
export class ComplianceReviewController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reads: ReadModels,
  ) {}

  @Get()
  @ApiOk([ComplianceReviewDto])
  @ApiOperation({ summary: 'Owners who requested a compliance review, oldest first, with their checks' })
  async queue() {
    const docs = await this.reads.of(complianceProjection).find({ openRequest: { $ne: null } });
    const owners = await peopleById(
      this.reads,
      docs.map((d) => d._id),
    );
    const rows = docs.map((doc) => ({
      ownerId: doc._id,
      email: owners.get(doc._id)!.email,
      ...complianceView(doc),
    }));
    return rows.sort((a, b) => (a.openRequest?.requestedAt ?? '').localeCompare(b.openRequest?.requestedAt ?? ''));
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
    if (!(await this.reads.of(usersProjection).get(ownerId))) throw new DomainError('User not found', 404);
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
