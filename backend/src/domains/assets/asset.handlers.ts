import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository } from '../../platform/aggregate-repository.js';
import type { CommandContext } from '../../platform/command-context.js';
import type { ReadStore } from '../../platform/read-store/read-store.js';
import { READ_STORE } from '../../platform/tokens.js';
import { assetsProjection, type AssetDoc } from '../../projections/assets.js';
import { canCreateTokens, subscriptionsProjection, type SubscriptionDoc } from '../../projections/subscriptions.js';
import { PLANS } from '../plans/plans.js';
import { asset, type AssetCommand, type PlanStanding } from './asset.decider.js';
import { assetStream } from './events.js';

/** An asset command as a controller sends it; the handler adds the owner's plan standing where a rule needs it. */
export type AssetRequest = AssetCommand extends infer C ? (C extends { plan: PlanStanding } ? Omit<C, 'plan'> : C) : never;

export class ExecuteAssetCommand extends Command<{ assetId: string; position: number }> {
  constructor(
    readonly request: AssetRequest,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(ExecuteAssetCommand)
export class ExecuteAssetHandler implements ICommandHandler<ExecuteAssetCommand> {
  constructor(
    private readonly repository: AggregateRepository,
    @Inject(READ_STORE) private readonly reads: ReadStore,
  ) {}

  async execute({ request, context }: ExecuteAssetCommand): Promise<{ assetId: string; position: number }> {
    const command = (await this.withPlan(request)) as AssetCommand;
    const { position } = await this.repository.handle(asset, assetStream(request.assetId), command, context);
    return { assetId: request.assetId, position };
  }

  private async withPlan(request: AssetRequest): Promise<AssetCommand> {
    switch (request.type) {
      case 'DraftAsset':
      case 'ValueAsset':
      case 'RequestTokenization':
      case 'AddInvestor':
        return { ...request, plan: await this.standing(request.ownerId) } as AssetCommand;
      default:
        return request as AssetCommand;
    }
  }

  /** The owner's plan as the read models know it (the subscription rule of spec §6 and the plan's limits). */
  private async standing(ownerId: string): Promise<PlanStanding> {
    const subscription = await this.reads.collection<SubscriptionDoc>(subscriptionsProjection.name).get(ownerId);
    const tier = subscription?.tier ?? null;
    return {
      canCreateTokens: canCreateTokens(subscription),
      tier,
      limits: PLANS[tier ?? 'starter'].limits,
      assetsOwned: await this.reads.collection<AssetDoc>(assetsProjection.name).count({ ownerId }),
    };
  }
}
