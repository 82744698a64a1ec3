import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository } from '../../platform/aggregate-repository.js';
import type { CommandContext } from '../../platform/command-context.js';
import type { EventStore } from '../../platform/event-store/event-store.js';
import type { Logger } from 'pino';
import { EVENT_STORE, LOGGER } from '../../platform/tokens.js';
import { asset } from '../assets/asset.decider.js';
import { assetStream } from '../assets/events.js';
import { OfferingAllocations } from '../register/offering-allocations.js';
import { verificationStream } from '../wholesale/events.js';
import { isWholesaleAt, verification } from '../wholesale/verification.decider.js';
import { offeringStream } from './events.js';
import { investedIn, offering, type InvestorLimits, type OfferingCommand } from './offering.decider.js';
import { toCents } from './money.js';
import type { AssetState } from '../assets/asset.decider.js';

/** An offering command as a controller sends it; the handler adds what other streams say (from the events, not a read model). */
export type OfferingRequest =
  | Omit<Extract<OfferingCommand, { type: 'CreateOffering' }>, 'ownerId' | 'assetActive' | 'limits'>
  | Omit<Extract<OfferingCommand, { type: 'Invest' }>, 'investorIsWholesale' | 'limits'>
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
  private readonly allocations: OfferingAllocations;

  constructor(
    private readonly repository: AggregateRepository,
    @Inject(EVENT_STORE) events: EventStore,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.allocations = new OfferingAllocations(repository, events);
  }

  async execute({ request, context }: ExecuteOfferingCommand): Promise<{ position: number; events: string[] }> {
    const command = await this.complete(request);
    if (command.type === 'CreateOffering') {
      // The offering's own rules first (pure), so a refused form reserves nothing; then the register decides.
      const { state } = await this.repository.load(offering, offeringStream(request.offeringId));
      const [created] = offering.decide(command, state);
      if (created?.type !== 'OfferingCreated') throw new Error('CreateOffering decided no OfferingCreated');
      const position = await this.allocations.create(created.data, context);
      return { position, events: ['TokensAllocated', 'OfferingCreated'] };
    }
    const decided = await this.repository.handle(offering, offeringStream(request.offeringId), command, context);
    const assetId = decided.state.status === 'none' ? null : decided.state.assetId;
    // The register follows what moved tokens. Should this fail, the next settle or the sweep does it.
    const settled =
      assetId && decided.events.length > 0 ? await this.settle(assetId, request.offeringId, context) : null;
    return { position: Math.max(decided.position, settled ?? 0), events: decided.events.map((e) => e.type) };
  }

  /** The investment is recorded whatever happens here: a failed settle is redone by the next one or the sweep. */
  private async settle(assetId: string, offeringId: string, context: CommandContext): Promise<number | null> {
    try {
      return await this.allocations.settle(assetId, offeringId, context);
    } catch (error) {
      this.logger.warn({ err: error, assetId, offeringId }, 'register settle deferred to the sweep');
      return null;
    }
  }

  /**
   * The asset's limits per investor and what this investor has in the asset's other offerings, from their streams.
   * Decided on this offering's stream: two investments by one investor landing at once in two offerings of the
   * same asset are each checked without the other (README: a known gap).
   */
  private async investorLimits(
    offeringId: string,
    investorId: string,
  ): Promise<(InvestorLimits & { elsewhereCents: number }) | null> {
    const { state: here } = await this.repository.load(offering, offeringStream(offeringId));
    if (here.status === 'none') return null;
    const { state: assetState } = await this.repository.load(asset, assetStream(here.assetId));
    const limits = limitsOf(assetState);
    if (!limits) return null;
    let elsewhereCents = 0;
    for (const other of assetState.register.offerings.keys()) {
      if (other === offeringId) continue;
      elsewhereCents += investedIn((await this.repository.load(offering, offeringStream(other))).state, investorId);
    }
    return { ...limits, elsewhereCents };
  }

  private async complete(request: OfferingRequest): Promise<OfferingCommand> {
    switch (request.type) {
      case 'CreateOffering': {
        const { state } = await this.repository.load(asset, assetStream(request.assetId));
        return {
          ...request,
          ownerId: state.ownerId ?? '',
          assetActive: state.status === 'active',
          limits: limitsOf(state),
        };
      }
      case 'Invest': {
        // The investor's certification as recorded, judged at this moment: a lapsed one no longer counts.
        const { state } = await this.repository.load(verification, verificationStream(request.investorId));
        return {
          ...request,
          investorIsWholesale: isWholesaleAt(state, request.now),
          limits: await this.investorLimits(request.offeringId, request.investorId),
        };
      }
      default:
        return request;
    }
  }
}

/** The token terms' limits per investor, in cents; null before the asset has terms. */
function limitsOf(state: AssetState): InvestorLimits | null {
  const terms = state.terms;
  if (!terms) return null;
  return { minimumCents: toCents(terms.minInvestment) ?? 0, maximumCents: toCents(terms.maxInvestment) ?? 0 };
}
