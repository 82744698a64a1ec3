import { randomUUID } from 'node:crypto';
import { Body, Controller, Get, HttpCode, Inject, Post, Put, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { CommandContext } from '../../platform/command-context.js';
import type { Config } from '../../platform/config.js';
import { DomainError } from '../../platform/errors.js';
import { ApiCreated, ApiOk } from '../../platform/http/api-response.js';
import { Authenticated, CurrentUser, Roles, type SignedInUser } from '../../platform/http/auth.js';
import { asOfMoment } from '../../platform/http/dates.js';
import { IdParam } from '../../platform/http/ids.js';
import { Ctx, type KauriRequest } from '../../platform/http/request-context.js';
import { Evidence } from './evidence.js';
import { AggregateRepository } from '../../platform/aggregate-repository.js';
import type { EventStore } from '../../platform/event-store/event-store.js';
import { ACCOUNT_CLOSED } from '../identity/user.decider.js';
import { accountClosed } from './closed-accounts.js';
import { FORGOTTEN_APPROVAL } from './verification.decider.js';
import { OperatorGuard, operatorActor } from '../../platform/operations/operator.guard.js';
import { ProjectionEngine } from '../../platform/projection-engine/projection-engine.js';
import { CONFIG, EVENT_STORE } from '../../platform/injection-keys.js';
import { verificationsProjection } from '../../projections/verifications.js';
import {
  AdminCountersDto,
  CertificateRevokedDto,
  DecideVerificationDto,
  ExpireVerificationsDto,
  RevokeCertificateDto,
  SubmitVerificationDto,
  VerificationDecidedDto,
  VerificationsDto,
  VerificationsExpiredDto,
  VerificationSubmittedDto,
  WholesaleStatusDto,
} from './verification.dto.js';
import { ExecuteVerificationCommand } from './verification.handlers.js';
import { VerificationExpiry } from './verification-expiry.js';
import { VerificationQueries } from '../../projections/verifications.query.js';

/** The spec's wholesale status (docs/specification.md §3), judged now: a certification past its validity period no longer counts. */
@ApiTags('wholesale')
@Controller('api')
@Authenticated()
export class VerificationController {
  constructor(
    private readonly commands: CommandBus,
    private readonly verifications: VerificationQueries,
    private readonly evidence: Evidence,
    private readonly repository: AggregateRepository,
    @Inject(EVENT_STORE) private readonly events: EventStore,
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
    // Forgotten before this stream was closed (or the account closed some other way): nothing of theirs is recorded.
    // A forgetting under way meanwhile closes the stream first, which the decider checks (`VerificationsClosed`).
    if (await accountClosed(this.events, this.repository, user.userId)) throw new DomainError(ACCOUNT_CLOSED, 403);
    const documents = await this.evidence.attachable(body.verificationDocuments ?? [], user.userId);
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
    private readonly repository: AggregateRepository,
    @Inject(EVENT_STORE) private readonly events: EventStore,
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
    // A person forgotten before forgetting closed their stream (`VerificationsClosed`, which the decider checks)
    // may have been left with a pending verification by a race: it is never certified.
    if (body.status === 'verified' && (await accountClosed(this.events, this.repository, doc.userId)))
      throw new DomainError(FORGOTTEN_APPROVAL, 409);
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
    return this.expiry.sweep(body.asOf ? asOfMoment(body.asOf, operator.now) : operator.now, operator);
  }
}
