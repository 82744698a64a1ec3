import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository } from '../../platform/aggregate-repository.js';
import type { CommandContext } from '../../platform/command-context.js';
import { ReadModels } from '../../platform/read-store/read-models.js';
import { planStanding } from '../assets/asset.handlers.js';
import { assetStream } from '../assets/events.js';
import { transfersProjection } from '../../projections/transfers.js';
import { register, type RegisterCommand, type RegisterState, type Settling } from './register.decider.js';

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
    const stream = assetStream(request.assetId);
    if (request.type === 'RequestFreeze' || request.type === 'ApproveFreeze') {
      // Decided on the register's own earmarks; the read model only adds transfers approved before earmarks existed,
      // asked again on the fresh state when the append loses a race.
      const { position } = await this.repository.handleAsking(
        register,
        stream,
        async (state) => ({ ...request, settling: await unearmarkedSettling(this.reads, request.assetId, state) }),
        context,
      );
      return { position };
    }
    const command: RegisterCommand =
      request.type === 'AddInvestor'
        ? {
            ...request,
            maxInvestors: (await planStanding(this.reads, request.ownerId)).limits.maxInvestorsPerAsset,
          }
        : request;
    const { position } = await this.repository.handle(register, stream, command, context);
    return { position };
  }
}

/**
 * Each holder's tokens of the asset in transfers approved and settling on chain that the register holds no earmark
 * of (`Settling`): approved before earmarks existed, so only the transfers read model knows them.
 */
export async function unearmarkedSettling(reads: ReadModels, assetId: string, state: RegisterState): Promise<Settling> {
  const moving: Record<string, number> = Object.create(null);
  for (const t of await reads.of(transfersProjection).find({ assetId, status: 'approved' }))
    if (!state.earmarked?.has(t._id) && !state.transfers?.has(t._id))
      moving[t.fromInvestorId] = (moving[t.fromInvestorId] ?? 0) + t.tokens;
  return moving;
}
