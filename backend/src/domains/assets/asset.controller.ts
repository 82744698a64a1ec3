import { nzDate } from '../../platform/nz-time.js';
import { randomUUID } from 'node:crypto';
import { Body, Controller, Get, HttpCode, Inject, Param, Post, Put, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { sendDownload } from '../../platform/http/download.js';
import { headerOf, type HttpReply } from '../../platform/http/http.js';
import type { CommandContext } from '../../platform/command-context.js';
import type { DocumentStore } from '../../platform/document-store/document-store.js';
import { DomainError } from '../../platform/errors.js';
import { ApiCreated, ApiFile, ApiOk, CreatedDto, WrittenDto } from '../../platform/http/api-response.js';
import { Authenticated, CurrentUser, hasRole, type SignedInUser } from '../../platform/http/auth.js';
import { DOCUMENT_ID, IdParam } from '../../platform/http/ids.js';
import { Ctx, type KauriRequest } from '../../platform/http/request-context.js';
import { DOCUMENT_STORE } from '../../platform/injection-keys.js';
import type { Activity } from '../../projections/activities.js';
import type { AssetDoc } from '../../projections/assets.js';
import { AssetQueries, assetView, type AssetView } from '../../projections/assets.query.js';
import { DashboardQueries } from '../../projections/portfolio.query.js';
import { ASSET_NOT_FOUND } from './asset.decider.js';
import {
  ActivityDto,
  AssetDto,
  CreateAssetDto,
  DashboardStatsDto,
  DocumentUploadedDto,
  InvestorDto,
  TokenTermsDto,
  ValueAssetDto,
} from './asset.dto.js';
import { ExecuteAssetCommand } from './asset.handlers.js';
import { DOCUMENT_KINDS, type DocumentKind } from './events.js';
import { PDF_RULES, receivePdf, refuseUpload } from './pdf-upload.js';
import { CONTENT_TYPES, TakesFile, uploadedFileName } from '../../platform/uploads.js';

/** The spec's Investor (docs/specification.md §3): one row per holder of one asset. */
export type InvestorView = InvestorDto;

@ApiTags('assets')
@Controller('api')
@Authenticated()
export class AssetController {
  constructor(
    private readonly commands: CommandBus,
    private readonly assets: AssetQueries,
    private readonly dashboard: DashboardQueries,
    @Inject(DOCUMENT_STORE) private readonly documents: DocumentStore,
  ) {}

  /** The asset when the user owns it or is an admin; 404 otherwise, so ids of others' assets reveal nothing. */
  private async visible(id: string, user: SignedInUser): Promise<AssetDoc> {
    const doc = await this.assets.get(id);
    if (!doc || (doc.ownerId !== user.userId && !hasRole(user, 'admin', 'compliance')))
      throw new DomainError(ASSET_NOT_FOUND, 404);
    return doc;
  }

  private async owned(id: string, user: SignedInUser): Promise<AssetDoc> {
    const doc = await this.assets.get(id);
    if (!doc || doc.ownerId !== user.userId) throw new DomainError(ASSET_NOT_FOUND, 404);
    return doc;
  }

  @Get('assets')
  @ApiOk([AssetDto])
  @ApiOperation({ summary: "The signed-in owner's assets, newest first (docs/specification.md §7)" })
  async list(@CurrentUser() user: SignedInUser): Promise<AssetView[]> {
    return this.assets.ofOwner(user.userId);
  }

  @Post('assets')
  @ApiOperation({ summary: 'Step 1 of the wizard: draft an asset (needs an active subscription or the Starter plan)' })
  @ApiCreated(CreatedDto)
  async create(@Body() body: CreateAssetDto, @CurrentUser() user: SignedInUser, @Ctx() context: CommandContext) {
    const assetId = randomUUID();
    const { position } = await this.commands.execute(
      new ExecuteAssetCommand(
        {
          type: 'DraftAsset',
          assetId,
          ownerId: user.userId,
          name: body.name,
          description: body.description,
          assetType: body.assetType,
          address: body.address || null,
          totalValue: body.totalValue,
          tokenCount: body.tokenCount,
        },
        context,
      ),
    );
    return { success: true, id: assetId, position };
  }

  @Get('assets/:id')
  @ApiOk(AssetDto)
  @ApiNotFoundResponse({ description: 'No such asset, or not yours' })
  async one(@IdParam() id: string, @CurrentUser() user: SignedInUser): Promise<AssetView> {
    return assetView(await this.visible(id, user));
  }

  @Put('assets/:id/documents/:kind')
  @HttpCode(200)
  @ApiOk(DocumentUploadedDto)
  @TakesFile(PDF_RULES)
  @ApiOperation({
    summary:
      "Step 2: upload one of the asset type's documents as the raw body (PDF, at most 10MB; name in X-File-Name): " +
      'property: property-deed, valuation-report; business: financial-statements, valuation-report; ' +
      'startup: company-constitution, shareholder-register',
  })
  async upload(
    @IdParam() id: string,
    @Param('kind') kind: string,
    @Req() req: KauriRequest,
    @CurrentUser() user: SignedInUser,
    @Ctx() context: CommandContext,
  ) {
    if (!DOCUMENT_KINDS.includes(kind as DocumentKind))
      throw new DomainError(`Unknown document: upload one of ${DOCUMENT_KINDS.join(', ')}`, 404);
    // Ownership first: nothing is read or stored for someone else's asset.
    const doc = await this.owned(id, user);
    refuseUpload(doc, kind as DocumentKind);
    const pdf = await receivePdf(req.raw);
    const fileName = uploadedFileName(headerOf(req, 'x-file-name'), `${kind}.pdf`);
    const documentId = `doc_${randomUUID().replace(/-/g, '')}`;
    await this.documents.put(documentId, 'application/pdf', pdf.bytes);
    const { position } = await this.commands.execute(
      new ExecuteAssetCommand(
        {
          type: 'RecordDocument',
          assetId: id,
          ownerId: user.userId,
          documentId,
          kind: kind as DocumentKind,
          fileName,
          size: pdf.size,
          sha256: pdf.sha256,
        },
        context,
      ),
    );
    return {
      success: true,
      document: { id: documentId, kind, fileName, size: pdf.size, sha256: pdf.sha256 },
      position,
    };
  }

  @Get('assets/:id/documents/:documentId')
  @ApiFile(Object.values(CONTENT_TYPES), 'The document as it was uploaded')
  @ApiOperation({
    summary: 'Download an uploaded document (the owner, staff, and investors who may see the asset once offered)',
  })
  async download(
    @IdParam() id: string,
    @IdParam('documentId', DOCUMENT_ID) documentId: string,
    @CurrentUser() user: SignedInUser,
    @Res() reply: HttpReply,
  ): Promise<void> {
    // Investors may read the documents of an asset they may see (one with an offering): they judge it by them.
    const doc = await this.assets.get(id);
    if (!doc || !(await this.assets.access(user, doc))) throw new DomainError(ASSET_NOT_FOUND, 404);
    const meta = doc.documents.find((d) => d.id === documentId);
    const stored = meta && (await this.documents.get(documentId));
    if (!meta || !stored) throw new DomainError('Document not found', 404);
    sendDownload(reply, stored.contentType, { uploaded: meta.fileName }, stored.bytes);
  }

  @Post('assets/:id/valuation')
  @HttpCode(200)
  @ApiOk(WrittenDto)
  @ApiOperation({ summary: 'Step 3: accept a valuation (from the calculator, or the owner’s own estimate)' })
  async value(
    @IdParam() id: string,
    @Body() body: ValueAssetDto,
    @CurrentUser() user: SignedInUser,
    @Ctx() context: CommandContext,
  ) {
    const { position } = await this.commands.execute(
      new ExecuteAssetCommand(
        { type: 'ValueAsset', assetId: id, ownerId: user.userId, value: body.value, method: body.method },
        context,
      ),
    );
    return { success: true, position };
  }

  @Put('assets/:id/token')
  @HttpCode(200)
  @ApiOk(WrittenDto)
  @ApiOperation({
    summary: 'Step 4: the token terms (symbol, supply, decimals, price, investment limits, network, lock-up, fees)',
  })
  async configure(
    @IdParam() id: string,
    @Body() body: TokenTermsDto,
    @CurrentUser() user: SignedInUser,
    @Ctx() context: CommandContext,
  ) {
    const terms = {
      symbol: body.symbol,
      name: body.name,
      totalSupply: body.totalSupply,
      decimals: body.decimals,
      price: body.price,
      minInvestment: body.minInvestment,
      maxInvestment: body.maxInvestment,
      network: body.network,
      lockUpMonths: body.lockUpMonths,
      feePercent: body.feePercent,
    };
    const { position } = await this.commands.execute(
      new ExecuteAssetCommand({ type: 'ConfigureToken', assetId: id, ownerId: user.userId, terms }, context),
    );
    return { success: true, position };
  }

  @Post('assets/:id/submit')
  @HttpCode(200)
  @ApiOk(WrittenDto)
  @ApiOperation({ summary: 'Step 5: submit for tokenization review; the asset is pending until an admin decides' })
  async submit(@IdParam() id: string, @CurrentUser() user: SignedInUser, @Ctx() context: CommandContext) {
    const { position } = await this.commands.execute(
      new ExecuteAssetCommand({ type: 'RequestTokenization', assetId: id, ownerId: user.userId }, context),
    );
    return { success: true, position };
  }

  @Get('dashboard/stats')
  @ApiOk(DashboardStatsDto)
  @ApiOperation({
    summary:
      'Dashboard stat cards: totalValue (NZD), activeTokens, totalInvestors, complianceScore (percent of the four checks passed)',
  })
  async stats(@CurrentUser() user: SignedInUser) {
    // Checks expire on New Zealand dates.
    return this.dashboard.stats(user.userId, nzDate(new Date()));
  }

  @Get('activities')
  @ApiOk([ActivityDto])
  @ApiOperation({
    summary: "The signed-in person's recent activity as an owner and as an investor, newest first (at most 50)",
  })
  async activities(@CurrentUser() user: SignedInUser): Promise<Activity[]> {
    return this.dashboard.activities(user.userId);
  }

  @Get('investors')
  @ApiOk([InvestorDto])
  @ApiOperation({ summary: "Investors across the owner's assets (the dashboard's Cap Table Management)" })
  async investors(@CurrentUser() user: SignedInUser): Promise<InvestorView[]> {
    return this.assets.investorsOfOwner(user.userId);
  }
}
