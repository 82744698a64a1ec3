import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository } from '../../platform/aggregate-repository.js';
import type { CommandContext } from '../../platform/command-context.js';
import { ReadModels } from '../../platform/read-store/read-models.js';
import { planStanding } from '../assets/asset.handlers.js';
import { assetStream } from '../assets/events.js';
import { transfersProjection } from '../../projections/transfers.js';
import { register, type RegisterCommand, type Settling } from './register.decider.js';

/** What a controller may ask of the register: settling and allocating are the offering flow's, not the edge's. */
export type RegisterRequest =
  | Omit<Extract<RegisterCommand, { type: 'AddInvestor' }>, 'maxInvestors'>
  | Extract<
      RegisterCommand,
      {
        type:
          | 'ChangeInvestorHolding'
          | 'RemoveInvestor'
          | 'RequestSupplyChange'
          | 'ApproveSupplyChange'
          | 'RejectSupplyChange'
          | 'RequestFreeze'
          | 'ApproveFreeze'
          | 'RejectFreeze'
          | 'ChooseTransferApproval';
      }
    >;

export class ExecuteRegisterCommand extends Command<{ position: number }> {
  constructor(
    readonly request: RegisterRequest,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(ExecuteRegisterCommand)
export class ExecuteRegisterHandler implements ICommandHandler<ExecuteRegisterCommand> {
  constructor(
    private readonly repository: AggregateRepository,
    private readonly reads: ReadModels,
  ) {}

  async execute({ request, context }: ExecuteRegisterCommand): Promise<{ position: number }> {
    const command: RegisterCommand =
      request.type === 'AddInvestor'
        ? {
            ...request,
            maxInvestors: (await planStanding(this.reads, request.ownerId)).limits.maxInvestorsPerAsset,
          }
        : request.type === 'RequestFreeze' || request.type === 'ApproveFreeze'
          ? { ...request, settling: await this.settling(request.assetId) }
          : request;
    const { position } = await this.repository.handle(register, assetStream(request.assetId), command, context);
    return { position };
  }

  /** Each holder's tokens of the asset in transfers approved and settling on chain (`Settling`). */
  private async settling(assetId: string): Promise<Settling> {
    const moving: Record<string, number> = Object.create(null);
    for (const t of await this.reads.of(transfersProjection).find({ assetId, status: 'approved' }))
      moving[t.fromInvestorId] = (moving[t.fromInvestorId] ?? 0) + t.tokens;
    return moving;
  }
}
