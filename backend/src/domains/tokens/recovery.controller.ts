import { randomUUID } from 'node:crypto';
import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AggregateRepository } from '../../platform/aggregate-repository.js';
import { ChainKeys } from '../../platform/chain/keys.js';
import type { CommandContext } from '../../platform/command-context.js';
import { DomainError } from '../../platform/errors.js';
import { ApiCreated, ApiOk } from '../../platform/http/api-response.js';
import { Authenticated, CurrentUser, Roles, type SignedInUser } from '../../platform/http/auth.js';
import { IdParam } from '../../platform/http/ids.js';
import { Ctx } from '../../platform/http/request-context.js';
import { TRANSFER_MESSAGES, WALLET_RECOVERY_MESSAGES } from '../../messages.js';
import { TransferQueries } from '../../projections/transfers.query.js';
import type { WalletRecoveryList } from '../../projections/wallet-recoveries.query.js';
import { WalletRecoveryQueries } from '../../projections/wallet-recoveries.query.js';
import { ChainOutbox } from './chain-outbox.js';
import { custody, type WalletRecovery } from './custody.decider.js';
import { CUSTODY_STREAM } from './events.js';
import { expectedHoldings } from './flow.js';
import {
  WalletRecoveryCancelDto,
  WalletRecoveryDto,
  WalletRecoveryListDto,
  type WalletRecoveryPersonDto,
  WalletRecoveryRequestDto,
} from './recovery.dto.js';
import { RegisterWalletDto } from './tokens.dto.js';
import { refuse, WalletProofs } from './wallet-proofs.js';

/**
 * Wallet recovery (issue 32): an admin records the investor's re-verified identity and opens it, the investor proves
 * control of a new address (own wallets; a custodial wallet goes to the next platform-held one), another admin approves.
 */
@ApiTags('tokens')
@Controller('api')
@Authenticated()
export class WalletRecoveryController {
  constructor(
    private readonly outbox: ChainOutbox,
    private readonly repository: AggregateRepository,
    private readonly keys: ChainKeys,
    private readonly proofs: WalletProofs,
    private readonly queries: WalletRecoveryQueries,
    private readonly transfers: TransferQueries,
  ) {}

  @Get('admin/wallet-recoveries')
  @Roles('admin')
  @ApiOk(WalletRecoveryListDto)
  @ApiOperation({
    summary:
      'Every wallet recovery, newest first: investor, lost and new address, reason, requester, approver, stage and chain steps (admins only)',
  })
  async listRecoveries(): Promise<WalletRecoveryListDto> {
    return listed(await this.queries.all());
  }

  @Get('wallet/recoveries')
  @ApiOk(WalletRecoveryListDto)
  @ApiOperation({
    summary:
      'The signed-in investor’s own wallet recoveries, newest first (their home shows one waiting for their proof, for approval, or done)',
  })
  async ownRecoveries(@CurrentUser() user: SignedInUser): Promise<WalletRecoveryListDto> {
    return listed(await this.queries.of(user.userId));
  }

  @Post('admin/wallet-recoveries')
  @Roles('admin')
  @HttpCode(201)
  @ApiCreated(WalletRecoveryDto)
  @ApiOperation({
    summary:
      'Records that the investor’s identity was re-verified (with how) and opens the recovery of their lost wallet; the investor then proves control of a new address (own wallets), another admin approves (admins only)',
  })
  async requestRecovery(
    @Body() body: WalletRecoveryRequestDto,
    @CurrentUser() user: SignedInUser,
    @Ctx() ctx: CommandContext,
  ) {
    this.proofs.requireChain();
    // A transfer of theirs settling on chain acts on the wallet a recovery would empty: refused before anything is
    // recorded (the transfers process manager still cancels one that slips past a read model behind the log).
    const settling = await this.transfers.settlingOf(body.personId);
    if (settling) throw new DomainError(TRANSFER_MESSAGES.settlingRecovery(settling), 409);
    let tokensHeld = 0;
    for (const holdings of expectedHoldings(this.outbox.state).values()) tokensHeld += holdings.get(body.personId) ?? 0;
    const id = randomUUID();
    await this.repository.handle(
      custody,
      CUSTODY_STREAM,
      {
        type: 'RequestWalletRecovery',
        requestId: id,
        personId: body.personId,
        reason: body.reason,
        requestedBy: user.userId,
        tokensHeld,
      },
      ctx,
    );
    return this.recovery(id);
  }

  @Post('wallet/recoveries/:id/proof')
  @HttpCode(201)
  @ApiCreated(WalletRecoveryDto)
  @ApiOperation({
    summary:
      'The investor proves control of their new address for an open recovery, by signing the message of POST /api/wallet/challenge for it',
  })
  async proveRecovery(
    @IdParam() id: string,
    @Body() body: RegisterWalletDto,
    @CurrentUser() user: SignedInUser,
    @Ctx() ctx: CommandContext,
  ) {
    const chain = this.proofs.requireChain();
    const known = (await this.repository.load(custody, CUSTODY_STREAM)).state.recoveries.get(id);
    if (!known || known.personId !== user.userId) throw refuse('id', WALLET_RECOVERY_MESSAGES.notFound, 404);
    const address = await this.proofs.acceptableAddress(chain, body.address, user.userId);
    const challenge = await this.proofs.signedChallenge(user.userId, address, body, 'recovery');
    await this.repository.handle(
      custody,
      CUSTODY_STREAM,
      {
        type: 'ProveWalletRecovery',
        requestId: id,
        personId: user.userId,
        address,
        message: body.message,
        challenge,
        now: ctx.now,
      },
      ctx,
    );
    return this.recovery(id);
  }

  @Post('admin/wallet-recoveries/:id/approve')
  @Roles('admin')
  @HttpCode(201)
  @ApiCreated(WalletRecoveryDto)
  @ApiOperation({
    summary:
      'Another admin approves a recovery (never the requester, never the investor): the tokens move from the lost wallet to the new one on chain (recoveryAddress, then forced transfers), freezes kept (admins only)',
  })
  async approveRecovery(@IdParam() id: string, @CurrentUser() user: SignedInUser, @Ctx() ctx: CommandContext) {
    this.proofs.requireChain();
    for (let attempt = 0; attempt < 5; attempt++) {
      const { state } = await this.repository.load(custody, CUSTODY_STREAM);
      const known = state.recoveries.get(id);
      // A custodial wallet is recovered to the next platform-held wallet (its index decided on the stream).
      const account = known?.custodial ? await this.keys.custodyAccount(state.nextIndex) : null;
      try {
        await this.repository.handle(
          custody,
          CUSTODY_STREAM,
          {
            type: 'ApproveWalletRecovery',
            requestId: id,
            approvedBy: user.userId,
            custody: account ? { index: state.nextIndex, address: account.address } : null,
          },
          ctx,
        );
        return this.recovery(id);
      } catch (error) {
        // Another process took that custody index first: read again.
        if (!(account && error instanceof DomainError && error.errors === undefined)) throw error;
      }
    }
    throw new DomainError('The custody stream is busy: try again', 409);
  }

  @Post('admin/wallet-recoveries/:id/cancel')
  @Roles('admin')
  @HttpCode(201)
  @ApiCreated(WalletRecoveryDto)
  @ApiOperation({ summary: 'Cancels an open wallet recovery, with a reason (admins only)' })
  async cancelRecovery(
    @IdParam() id: string,
    @Body() body: WalletRecoveryCancelDto,
    @CurrentUser() user: SignedInUser,
    @Ctx() ctx: CommandContext,
  ) {
    await this.repository.handle(
      custody,
      CUSTODY_STREAM,
      { type: 'CancelWalletRecovery', requestId: id, cancelledBy: user.userId, reason: body.reason },
      ctx,
    );
    return this.recovery(id);
  }

  private async recovery(id: string): Promise<WalletRecoveryDto> {
    const { state } = await this.repository.load(custody, CUSTODY_STREAM);
    const r: WalletRecovery | undefined = state.recoveries.get(id);
    if (!r) throw refuse('id', WALLET_RECOVERY_MESSAGES.notFound, 404);
    const newAddress = r.status === 'approved' ? (state.wallets.get(r.personId) ?? null) : r.proven;
    return {
      id,
      personId: r.personId,
      status: r.status,
      custodial: r.custodial,
      lostAddress: r.lostAddress,
      newAddress,
    };
  }
}

/** The read model's recoveries as the API answers them: people by name, no bookkeeping fields. */
function listed({ recoveries, people }: WalletRecoveryList): WalletRecoveryListDto {
  const person = (id: string): WalletRecoveryPersonDto => ({ id, name: people.get(id)?.name ?? 'Unknown person' });
  return {
    recoveries: recoveries.map((r) => ({
      id: r._id,
      investor: person(r.personId),
      status: r.status,
      stage: r.stage,
      custodial: r.custodial,
      lostAddress: r.lostAddress,
      newAddress: r.newAddress,
      reason: r.reason,
      requestedBy: person(r.requestedBy),
      requestedAt: r.requestedAt,
      provedAt: r.provedAt,
      approvedBy: r.approvedBy ? person(r.approvedBy) : null,
      approvedAt: r.approvedAt,
      cancelledBy: r.cancelledBy ? person(r.cancelledBy) : null,
      cancelReason: r.cancelReason,
      steps: r.steps,
    })),
  };
}
