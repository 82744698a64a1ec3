import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository, type Decided } from '../../platform/aggregate-repository.js';
import type { CommandContext } from '../../platform/command-context.js';
import type { EventStore } from '../../platform/event-store/event-store.js';
import type { Logger } from 'pino';
import { EVENT_STORE, LOGGER } from '../../platform/injection-keys.js';
import { asset } from '../assets/asset.decider.js';
import { assetStream } from '../assets/events.js';
import { OfferingAllocations } from '../register/offering-allocations.js';
import { verificationStream } from '../wholesale/events.js';
import { isWholesaleAt, verification } from '../wholesale/verification.decider.js';
import { offeringStream } from './events.js';
import { InvestorLimitStream } from './investor-limit.js';
import type { InvestorLimitState } from './investor-limit.decider.js';
import {
  LINKED_WINDOW_DAYS,
  offering,
  type InvestorLimits,
  type OfferingCommand,
  type OfferingState,
} from './offering.decider.js';
import { ReadModels } from '../../platform/read-store/read-models.js';
import { holdingsProjection } from '../../projections/holdings.js';
import type { OfferingEvent } from './events.js';
import { toCents } from './money.js';
import type { AssetState } from '../assets/asset.decider.js';

/** An offering command as a controller sends it; the handler adds what other streams say (from the events, not a read model). */
export type OfferingRequest =
  | Omit<Extract<OfferingCommand, { type: 'CreateOffering' }>, 'ownerId' | 'assetActive' | 'limits'>
  | Omit<
      Extract<OfferingCommand, { type: 'Invest' }>,
      'investorIsWholesale' | 'investorRevokedAt' | 'termsMinimumCents' | 'linkedElsewhereCents'
    >
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
  private readonly limits: InvestorLimitStream;

  constructor(
    private readonly repository: AggregateRepository,
    @Inject(EVENT_STORE) events: EventStore,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly reads: ReadModels,
  ) {
    this.allocations = new OfferingAllocations(repository, events);
    this.limits = new InvestorLimitStream(repository);
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
    const decided =
      command.type === 'Invest'
        ? await this.invest(command, context)
        : await this.repository.handle(offering, offeringStream(request.offeringId), command, context);
    const assetId = decided.state.status === 'none' ? null : decided.state.assetId;
    const cancelled = decided.events.find((e) => e.type === 'InvestmentCancelled');
    if (assetId && cancelled) {
      // Its amount no longer counts against the investor's maximum. Should this fail, the next reservation does it.
      const { investorId, investmentId } = cancelled.data;
      const release = this.limits.release({ assetId, investorId, investmentId }, 'cancelled', context);
      await this.quietly(release, 'release', { assetId, investmentId });
    }
    // The register follows what moved tokens. Should this fail, the next settle or the sweep does it.
    const settled =
      assetId && decided.events.length > 0 ? await this.settle(assetId, request.offeringId, context) : null;
    return { position: Math.max(decided.position, settled ?? 0), events: decided.events.map((e) => e.type) };
  }

  /**
   * The token terms' maximum spans every offering of the asset, so it is decided on the investor's limit stream
   * (`investor-limit.decider.ts`): the offering's own rules first (pure, so a refused request reserves nothing),
   * then a reservation there, then the investment on the offering's stream, then the reservation filled — or
   * released if the offering refused it. A crash in between is settled by the investor's next reservation.
   */
  private async invest(
    command: Extract<OfferingCommand, { type: 'Invest' }>,
    context: CommandContext,
  ): Promise<Decided<OfferingEvent, OfferingState>> {
    const stream = offeringStream(command.offeringId);
    const terms = await this.termsOf(command.offeringId);
    if (!terms?.limits) return this.repository.handle(offering, stream, command, context);
    offering.decide(command, (await this.repository.load(offering, stream)).state);
    const amountCents = toCents(command.amount) ?? 0; // parsed: decide refused an amount that is not
    const investment = {
      assetId: terms.assetId,
      investorId: command.investorId,
      investmentId: command.investmentId,
      offeringId: command.offeringId,
      amountCents,
    };
    const { maximumCents } = terms.limits;
    const limit = await this.limits.reserve(
      { ...investment, maximumCents, now: command.now },
      terms.offeringIds,
      context,
    );
    let decided: Decided<OfferingEvent, OfferingState>;
    try {
      // The linked total again, its part in the asset's other offerings from the reservation just decided: investments
      // raced at once into offerings of one asset are counted one after another, as that stream decided them.
      const linkedElsewhereCents = await this.linkedElsewhere(command.investorId, command.offeringId, command.now, {
        assetId: terms.assetId,
        investmentId: command.investmentId,
        held: limit.held,
      });
      decided = await this.repository.handle(offering, stream, { ...command, linkedElsewhereCents }, context);
    } catch (error) {
      await this.quietly(this.limits.release(investment, 'refused', context), 'release', investment);
      throw error;
    }
    await this.quietly(this.limits.fill(investment, context), 'fill', investment);
    return decided;
  }

  /** A step the investor's next reservation redoes from the offering streams: its failure is logged, not the answer. */
  private async quietly(step: Promise<void>, what: string, ids: { assetId: string; investmentId: string }) {
    try {
      await step;
    } catch (error) {
      this.logger.warn({ err: error, ...ids }, `investor limit ${what} deferred to the next reservation`);
    }
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
   * The investor's investments in other offerings over the last `LINKED_WINDOW_DAYS`, pending or confirmed, in cents:
   * linked to this one for the enhanced AML/CFT checks (this offering's own the decider counts from its stream).
   *
   * - Given `sameAsset` (the investor's limit stream as this investment's reservation decided it), the asset's other
   *   offerings are exact: which investments count, and how much, is that stream's (reserved or filled, serialised
   *   per asset and investor, decided before the offering), so investments raced into offerings of one asset are
   *   counted one after another. Only the date comes from the holdings read model; one it does not know yet is
   *   recent (just reserved or recorded), and counts. A racing investment its offering then refuses may have been
   *   counted: that can hold one back for staff, never let one through.
   * - Other assets' offerings (and every offering without a limit stream: an asset without token terms) come from
   *   the holdings read model, under no stream's revision: an investment racing this one there, or one the read
   *   model has not caught up with yet, may be missed, and then both confirm at once, as each would have alone.
   */
  private async linkedElsewhere(
    investorId: string,
    offeringId: string,
    now: string,
    sameAsset?: { assetId: string; investmentId: string; held: InvestorLimitState['held'] },
  ): Promise<number> {
    const since = new Date(Date.parse(now) - LINKED_WINDOW_DAYS * 86_400_000).toISOString();
    const docs = await this.reads.of(holdingsProjection).find({ investorId, source: 'offering' });
    let cents = docs
      .filter((h) => h.offeringId !== offeringId && h.status !== 'cancelled' && h.purchaseDate >= since)
      .filter((h) => h.assetId !== sameAsset?.assetId)
      .reduce((sum, h) => sum + (toCents(h.purchasePrice) ?? 0), 0);
    if (!sameAsset) return cents;
    const dated = new Map(docs.map((h) => [h._id, h.purchaseDate]));
    for (const [investmentId, held] of sameAsset.held) {
      if (investmentId === sameAsset.investmentId || held.offeringId === offeringId) continue;
      const date = dated.get(investmentId);
      if (date === undefined || date >= since) cents += held.amountCents;
    }
    return cents;
  }

  /** The offering's asset, the token terms' limits per investor (null without terms) and the asset's offerings. */
  private async termsOf(
    offeringId: string,
  ): Promise<{ assetId: string; limits: InvestorLimits | null; offeringIds: Set<string> } | null> {
    const { state: here } = await this.repository.load(offering, offeringStream(offeringId));
    if (here.status === 'none') return null;
    const { state: assetState } = await this.repository.load(asset, assetStream(here.assetId));
    const offeringIds = new Set([...assetState.register.offerings.keys(), offeringId]);
    return { assetId: here.assetId, limits: limitsOf(assetState), offeringIds };
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
        // The investor's certification as recorded, judged at this moment: a lapsed or revoked one no longer counts.
        const { state } = await this.repository.load(verification, verificationStream(request.investorId));
        return {
          ...request,
          investorIsWholesale: isWholesaleAt(state, request.now),
          investorRevokedAt: state.status === 'revoked' ? state.revokedAt : null,
          termsMinimumCents: (await this.termsOf(request.offeringId))?.limits?.minimumCents ?? null,
          linkedElsewhereCents: await this.linkedElsewhere(request.investorId, request.offeringId, request.now),
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
