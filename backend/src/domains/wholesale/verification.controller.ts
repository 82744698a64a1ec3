import { randomUUID } from 'node:crypto';
import { Body, Controller, Get, HttpCode, Inject, Post, Put, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { sendDownload } from '../../platform/http/download.js';
import { headerOf, type HttpReply } from '../../platform/http/http.js';
import type { CommandContext } from '../../platform/command-context.js';
import type { Config } from '../../platform/config.js';
import type { DocumentStore } from '../../platform/document-store/document-store.js';
import { DomainError } from '../../platform/errors.js';
import { ApiCreated, ApiFile, ApiOk } from '../../platform/http/api-response.js';
import { Authenticated, CurrentUser, hasRole, Roles, type SignedInUser } from '../../platform/http/auth.js';
import { isoTime } from '../../platform/http/dates.js';
import { EVIDENCE_ID, IdParam } from '../../platform/http/ids.js';
import { Ctx, type KauriRequest } from '../../platform/http/request-context.js';
import { OperatorGuard, operatorActor } from '../../platform/operations/operator.guard.js';
import { ProjectionEngine } from '../../platform/projections/projection-engine.js';
import { CONFIG, DOCUMENT_STORE } from '../../platform/tokens.js';
import {
  CONTENT_TYPES,
  receiveFile,
  TakesFile,
  uploadedFileName,
  type FileKind,
  type UploadRules,
} from '../../platform/uploads.js';
import { verificationsProjection } from '../../projections/verifications.js';
import { EVIDENCE_TOO_LARGE } from '../../messages.js';
import type { VerificationDocument } from './events.js';
import {
  AdminCountersDto,
  CertificateRevokedDto,
  DecideVerificationDto,
  ExpireVerificationsDto,
  RevokeCertificateDto,
  SubmitVerificationDto,
  UploadedEvidenceDto,
  VerificationDecidedDto,
  VerificationsDto,
  VerificationsExpiredDto,
  VerificationSubmittedDto,
  WholesaleStatusDto,
} from './verification.dto.js';
import { ExecuteVerificationCommand } from './verification.handlers.js';
import { VerificationExpiry } from './verification-expiry.js';
import { evidenceUrl, VerificationQueries } from '../../projections/verifications.query.js';

export const MAX_EVIDENCE_BYTES = 10 * 1024 * 1024;
const EVIDENCE_KINDS: FileKind[] = ['pdf', 'doc', 'docx', 'jpg', 'png'];
export const EVIDENCE_KIND = 'Documents must be PDF, Word (doc, docx), JPG or PNG files';
const EVIDENCE_RULES: UploadRules = {
  maxBytes: MAX_EVIDENCE_BYTES,
  kinds: EVIDENCE_KINDS,
  wrongKind: EVIDENCE_KIND,
  tooLarge: EVIDENCE_TOO_LARGE,
};

interface EvidenceMeta extends VerificationDocument {
  uploadedBy: string;
}

/** The spec's wholesale status (docs/specification.md §3), judged now: a certification past its validity period no longer counts. */
@ApiTags('wholesale')
@Controller('api')
@Authenticated()
export class VerificationController {
  constructor(
    private readonly commands: CommandBus,
    private readonly verifications: VerificationQueries,
    @Inject(DOCUMENT_STORE) private readonly documents: DocumentStore,
  ) {}

  @Get('wholesale-status')
  @ApiOk(WholesaleStatusDto)
  @ApiOperation({
    summary:
      'verificationStatus (none, pending, verified, rejected, expired = lapsed, revoked = revoked by the investor), ' +
      'isWholesaleInvestor, verificationType, verifiedAt, validUntil, revokedAt',
  })
  async status(@CurrentUser() user: SignedInUser) {
    return this.verifications.statusOf(user.userId);
  }

  @Post('wholesale-verification/documents')
  @HttpCode(201)
  @ApiCreated(UploadedEvidenceDto)
  @TakesFile(EVIDENCE_RULES)
  @ApiOperation({
    summary:
      'Upload one piece of evidence (raw body; PDF, doc, docx, JPG or PNG by content; at most 10MB; name in X-File-Name)',
  })
  async upload(@Req() req: KauriRequest, @CurrentUser() user: SignedInUser) {
    const file = await receiveFile(req.raw, EVIDENCE_RULES);
    const documentId = `evd_${randomUUID().replace(/-/g, '')}`;
    const meta: EvidenceMeta = {
      documentId,
      fileName: uploadedFileName(headerOf(req, 'x-file-name'), `evidence.${file.kind}`),
      contentType: CONTENT_TYPES[file.kind],
      size: file.size,
      sha256: file.sha256,
      uploadedBy: user.userId,
    };
    await this.documents.put(documentId, meta.contentType, file.bytes);
    await this.documents.put(`${documentId}_meta`, 'application/json', Buffer.from(JSON.stringify(meta)));
    return { filename: meta.fileName, url: evidenceUrl(documentId), type: meta.contentType, size: meta.size };
  }

  @Get('wholesale-verification/documents/:id')
  @ApiFile(Object.values(CONTENT_TYPES), 'The evidence as it was uploaded')
  @ApiOperation({ summary: 'Download evidence: the investor who uploaded it, admins and compliance staff' })
  async download(
    @IdParam('id', EVIDENCE_ID) id: string,
    @CurrentUser() user: SignedInUser,
    @Res() reply: HttpReply,
  ): Promise<void> {
    const meta = await this.meta(id);
    const stored =
      meta && (meta.uploadedBy === user.userId || hasRole(user, 'admin', 'compliance'))
        ? await this.documents.get(id)
        : null;
    if (!meta || !stored) throw new DomainError('Document not found', 404);
    sendDownload(reply, stored.contentType, { uploaded: meta.fileName }, stored.bytes);
  }

  private async meta(id: string): Promise<EvidenceMeta | null> {
    const stored = await this.documents.get(`${id}_meta`);
    return stored ? (JSON.parse(stored.bytes.toString('utf8')) as EvidenceMeta) : null;
  }

  @Post('wholesale-verification')
  @HttpCode(201)
  @ApiCreated(VerificationSubmittedDto)
  @ApiOperation({
    summary: 'Submit a wholesale investor certification (FMC Act 2013, Schedule 1); it is pending until reviewed',
  })
  async submit(
    @Body() body: SubmitVerificationDto,
    @CurrentUser() user: SignedInUser,
    @Ctx() context: CommandContext,
  ): Promise<VerificationSubmittedDto> {
    // Only evidence this user uploaded can be attached.
    const documents: VerificationDocument[] = [];
    for (const ref of body.verificationDocuments ?? []) {
      const id = /\/(evd_[0-9a-f]{32})$/.exec(ref.url)?.[1];
      const meta = id ? await this.meta(id) : null;
      if (!meta || meta.uploadedBy !== user.userId)
        throw new DomainError(`Document ${ref.filename} was not uploaded by you; upload it again`, 400, [
          { field: 'verificationDocuments', message: 'Unknown document' },
        ]);
      const { uploadedBy: _u, ...doc } = meta;
      documents.push(doc);
    }
    const amount = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? null : n);
    const verificationId = randomUUID();
    const { position } = await this.commands.execute(
      new ExecuteVerificationCommand(
        {
          type: 'SubmitVerification',
          verificationId,
          userId: user.userId,
          verificationType: body.verificationType,
          netWorthAmount: amount(body.netWorthAmount),
          investmentAmount: amount(body.investmentAmount),
          professionalType: body.professionalType ?? null,
          verifierName: body.verifierName,
          verifierContact: body.verifierContact,
          documents,
        },
        context,
      ),
    );
    return { success: true, id: verificationId, status: 'pending', position };
  }

  @Post('wholesale-verification/revoke')
  @HttpCode(201)
  @ApiCreated(CertificateRevokedDto)
  @ApiOperation({
    summary:
      'Revoke your own wholesale investor certificate in writing (FMC Act 2013, Schedule 1 clause 46), from now: ' +
      'no new offer and no transfer to you; what you hold stays yours',
  })
  async revoke(
    @Body() body: RevokeCertificateDto,
    @CurrentUser() user: SignedInUser,
    @Ctx() context: CommandContext,
  ): Promise<CertificateRevokedDto> {
    const command = {
      type: 'RevokeCertificate',
      userId: user.userId,
      actorId: user.userId,
      statement: body.statement,
      now: context.now,
    } as const;
    const { position } = await this.commands.execute(new ExecuteVerificationCommand(command, context));
    return { success: true, status: 'revoked', revokedAt: context.now, position };
  }
}

/** Admins: the verifications with their evidence, approve or reject, and the page's four counters. */
@ApiTags('admin')
@Controller('api/admin')
@Roles('admin')
export class VerificationAdminController {
  constructor(
    private readonly commands: CommandBus,
    private readonly engine: ProjectionEngine,
    private readonly verifications: VerificationQueries,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  @Get('wholesale-verifications')
  @ApiOk(VerificationsDto)
  @ApiOperation({ summary: '{ verifications }: newest first, with the investor e-mail and evidence links' })
  async list() {
    return { verifications: await this.verifications.list() };
  }

  @Put('wholesale-verification/:id')
  @ApiOk(VerificationDecidedDto)
  @ApiOperation({
    summary: 'Approve (status verified) or reject (status rejected, with rejectionReason) a pending verification',
  })
  async decide(
    @IdParam() id: string,
    @Body() body: DecideVerificationDto,
    @CurrentUser() admin: SignedInUser,
    @Ctx() context: CommandContext,
  ) {
    // The verification is found on its read model: an admin acting on a just-submitted one says how far to read.
    const doc = await this.verifications.get(id);
    if (!doc) throw new DomainError('Verification not found', 404);
    const command =
      body.status === 'verified'
        ? ({
            type: 'ApproveVerification',
            verificationId: id,
            userId: doc.userId,
            adminId: admin.userId,
            now: context.now,
            validityMonths: this.config.wholesaleValidityMonths,
          } as const)
        : ({
            type: 'RejectVerification',
            verificationId: id,
            userId: doc.userId,
            adminId: admin.userId,
            reason: body.rejectionReason ?? '',
          } as const);
    const { position } = await this.commands.execute(new ExecuteVerificationCommand(command, context));
    await this.engine.waitFor(position, [verificationsProjection.name]);
    return { verification: await this.verifications.answer(id), position };
  }

  @Get('counters')
  @ApiOk(AdminCountersDto)
  @ApiOperation({ summary: 'The admin page counters: pending, verified, rejected, activeOfferings' })
  async counters() {
    return this.verifications.counters();
  }
}

@ApiTags('operations')
@ApiSecurity('ops')
@UseGuards(OperatorGuard)
@Controller('api/operations/wholesale')
export class VerificationOperationsController {
  constructor(private readonly expiry: VerificationExpiry) {}

  @Post('expire')
  @HttpCode(200)
  @ApiOk(VerificationsExpiredDto)
  @ApiOperation({ summary: 'Lapse sweep now (or as of an earlier moment): certifications past their validity expire' })
  async expire(@Body() body: ExpireVerificationsDto, @Req() req: KauriRequest, @Ctx() context: CommandContext) {
    // Judged after validation, so an asOf the validator found not in the future is not later than this now.
    const operator = { ...context, actor: operatorActor(req), now: new Date().toISOString() };
    return this.expiry.sweep(body.asOf ? isoTime(body.asOf) : operator.now, operator);
  }
}
