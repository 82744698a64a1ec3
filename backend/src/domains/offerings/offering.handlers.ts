import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository } from '../../platform/aggregate-repository.js';
import type { CommandContext } from '../../platform/command-context.js';
import { asset } from '../assets/asset.decider.js';
import { assetStream } from '../assets/events.js';
import { verificationStream } from '../wholesale/events.js';
import { isWholesaleAt, verification } from '../wholesale/verification.decider.js';
import { offeringStream } from './events.js';
import { offering, type OfferingCommand } from './offering.decider.js';

/** An offering command as a controller sends it; the handler adds what other streams say (from the events, not a read model). */
export type OfferingRequest =
  | Omit<Extract<OfferingCommand, { type: 'CreateOffering' }>, 'ownerId' | 'assetActive'>
  | Omit<Extract<OfferingCommand, { type: 'Invest' }>, 'investorIsWholesale'>
  | Exclude<OfferingCommand, { type: 'CreateOffering' } | { type: 'Invest' }>;

export class ExecuteOfferingCommand extends Command<{ position: number; events: string[] }> {
  constructor(
    readonly request: OfferingRequest,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(ExecuteOfferingCommand)
export class ExecuteOfferingHandler implements ICommandHandler<ExecuteOfferingCommand> {
  constructor(private readonly repository: AggregateRepository) {}

  async execute({ request, context }: ExecuteOfferingCommand): Promise<{ position: number; events: string[] }> {
    const command = await this.complete(request);
    const { position, events } = await this.repository.handle(
      offering,
      offeringStream(request.offeringId),
      command,
      context,
    );
    return { position, events: events.map((e) => e.type) };
  }

  private async complete(request: OfferingRequest): Promise<OfferingCommand> {
    switch (request.type) {
      case 'CreateOffering': {
        const { state } = await this.repository.load(asset, assetStream(request.assetId));
        return { ...request, ownerId: state.ownerId ?? '', assetActive: state.status === 'active' };
      }
      case 'Invest': {
        // The investor's certification as recorded, judged at this moment: a lapsed one no longer counts.
        const { state } = await this.repository.load(verification, verificationStream(request.investorId));
        return { ...request, investorIsWholesale: isWholesaleAt(state, request.now) };
      }
      default:
        return request;
    }
  }
}
