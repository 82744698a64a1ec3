import { Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiCreated, ApiFile } from '../../platform/http/api-response.js';
import { Authenticated, CurrentUser, hasRole, type SignedInUser } from '../../platform/http/auth.js';
import { sendDownload } from '../../platform/http/download.js';
import { headerOf, type HttpReply } from '../../platform/http/http.js';
import { EVIDENCE_ID, IdParam } from '../../platform/http/ids.js';
import { Ctx, type KauriRequest } from '../../platform/http/request-context.js';
import type { CommandContext } from '../../platform/command-context.js';
import { CONTENT_TYPES, receiveFile, TakesFile, uploadedFileName } from '../../platform/uploads.js';
import { DomainError } from '../../platform/errors.js';
import { evidenceUrl } from '../../projections/verifications.query.js';
import { EVIDENCE_RULES, Evidence } from './evidence.js';
import { UploadedEvidenceDto } from './verification.dto.js';

/** Evidence for a wholesale certification: uploaded one file at a time, before the submission that cites it. */
@ApiTags('wholesale')
@Controller('api/wholesale-verification/documents')
@Authenticated()
export class EvidenceController {
  constructor(private readonly evidence: Evidence) {}

  @Post()
  @HttpCode(201)
  @ApiCreated(UploadedEvidenceDto)
  @TakesFile(EVIDENCE_RULES)
  @ApiOperation({
    summary:
      'Upload one piece of evidence (raw body; PDF, doc, docx, JPG or PNG by content; at most 10MB; name in X-File-Name)',
  })
  async upload(@Req() req: KauriRequest, @CurrentUser() user: SignedInUser, @Ctx() context: CommandContext) {
    const file = await receiveFile(req.raw, EVIDENCE_RULES);
    const fileName = uploadedFileName(headerOf(req, 'x-file-name'), `evidence.${file.kind}`);
    const meta = await this.evidence.store(file, fileName, user.userId, context);
    return { filename: meta.fileName, url: evidenceUrl(meta.documentId), type: meta.contentType, size: meta.size };
  }

  @Get(':id')
  @ApiFile(Object.values(CONTENT_TYPES), 'The evidence as it was uploaded')
  @ApiOperation({ summary: 'Download evidence: the investor who uploaded it, admins and compliance staff' })
  async download(
    @IdParam('id', EVIDENCE_ID) id: string,
    @CurrentUser() user: SignedInUser,
    @Res() reply: HttpReply,
  ): Promise<void> {
    const found = await this.evidence.file(id, user.userId, hasRole(user, 'admin', 'compliance'));
    if (!found) throw new DomainError('Document not found', 404);
    sendDownload(reply, found.stored.contentType, { uploaded: found.meta.fileName }, found.stored.bytes);
  }
}
