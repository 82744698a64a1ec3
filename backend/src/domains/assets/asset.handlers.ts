import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository } from '../../platform/aggregate-repository.js';
import type { CommandContext } from '../../platform/command-context.js';
import { ReadModels } from '../../platform/read-store/read-models.js';
import type { EventStore } from '../../platform/event-store/event-store.js';
import { EVENT_STORE } from '../../platform/injection-keys.js';
import { canCreateTokens, subscriptionsProjection } from '../../projections/subscriptions.js';
import { PLANS } from '../plans/plans.js';
import { AssetSlots } from './asset-slots.js';
import { asset, type AssetCommand, type PlanStanding } from './asset.decider.js';
import { assetStream } from './events.js';

/** An asset command as a controller sends it; the handler adds the owner's plan standing where a rule needs it. */
export type AssetRequest = AssetCommand extends infer C
  ? C extends { plan: PlanStanding }
    ? Omit<C, 'plan'>
    : C
  : never;

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
  private readonly slots: AssetSlots;

  constructor(
    private readonly repository: AggregateRepository,
    private readonly reads: ReadModels,
    @Inject(EVENT_STORE) events: EventStore,
  ) {
    this.slots = new AssetSlots(repository, events);
  }

  async execute({ request, context }: ExecuteAssetCommand): Promise<{ assetId: string; position: number }> {
    const command = (await this.withPlan(request)) as AssetCommand;
    if (command.type === 'DraftAsset') return this.draft(command, context);
    const { position } = await this.repository.handle(asset, assetStream(request.assetId), command, context);
    return { assetId: request.assetId, position };
  }

  /**
   * The plan's asset count is decided on the owner's slot stream (asset-slots.decider.ts), not on a read model:
   * reserve a slot, draft the asset, mark the slot filled. The asset's own rules run first, so a refused draft
   * leaves no reservation; a draft that fails after reserving gives the slot back, and one that never gets
   * that far (a crash) is settled by the owner's next reservation once its hold expires.
   */
  private async draft(command: Extract<AssetCommand, { type: 'DraftAsset' }>, context: CommandContext) {
    const { assetId, ownerId } = command;
    asset.decide(command, (await this.repository.load(asset, assetStream(assetId))).state);
    await this.slots.reserve(ownerId, assetId, command.plan.limits.maxAssets, context);
    let position: number;
    try {
      ({ position } = await this.repository.handle(asset, assetStream(assetId), command, context));
    } catch (error) {
      // Should this fail too, the reservation expires and the next one settles it.
      await this.slots.release(ownerId, assetId, context).catch(() => undefined);
      throw error;
    }
    // The asset exists whatever happens here; if marking the slot fails, the next reservation finds the asset.
    await this.slots.fill(ownerId, assetId, context).catch(() => undefined);
    return { assetId, position };
  }

  private async withPlan(request: AssetRequest): Promise<AssetCommand> {
    switch (request.type) {
      case 'DraftAsset':
      case 'ValueAsset':
      case 'RequestTokenization':
        return { ...request, plan: await this.standing(request.ownerId) } as AssetCommand;
      default:
        return request as AssetCommand;
    }
  }

  private standing(ownerId: string): Promise<PlanStanding> {
    return planStanding(this.reads, ownerId);
  }
}

/** The owner's plan as the read models know it (the subscription rule of docs/specification.md §6 and the plan's limits). */
export async function planStanding(reads: ReadModels, ownerId: string): Promise<PlanStanding> {
  const subscription = await reads.of(subscriptionsProjection).get(ownerId);
  const tier = subscription?.tier ?? null;
  return { canCreateTokens: canCreateTokens(subscription), tier, limits: PLANS[tier ?? 'starter'].limits };
}
