import { AggregateRepository } from '../../platform/aggregate-repository.js';
import type { CommandContext } from '../../platform/command-context.js';
import { DomainError } from '../../platform/errors.js';
import type { EventStore, RecordedEvent } from '../../platform/event-store/event-store.js';
import { assetStream } from '../assets/events.js';
import type { OfferingCreated, OfferingEvent } from '../offerings/events.js';
import { offeringStream } from '../offerings/events.js';
import { offering, tokensLeft, type OfferingState } from '../offerings/offering.decider.js';
import type { TokensAllocated } from './events.js';
import { register, type OfferingFact } from './register.decider.js';

/**
 * Where an offering and its asset's register must agree (docs/design.md §6): the register is decided first, on the
 * asset's stream, and the offering follows.
 *
 * Creating: allocate on the register (refused beyond the owner's retained tokens), then record the offering;
 * if the offering is refused, give the allocation back. A crash between the two leaves an allocation without
 * an offering: `RegisterSweep` completes it from the terms the allocation carries.
 *
 * Selling: investments are decided on the offering's stream (never beyond its allocation); afterwards the
 * register follows that stream from the revision it has settled, so a settle that a crash interrupted is done
 * by the next one (or by the sweep), and a settle done twice records nothing twice.
 */
export class OfferingAllocations {
  constructor(
    private readonly repository: AggregateRepository,
    private readonly events: EventStore,
  ) {}

  /** Allocates, creates, or compensates. Returns the offering's position for read-your-writes. */
  async create(created: OfferingCreated['data'], context: CommandContext): Promise<number> {
    const { offeringId, assetId } = created;
    await this.allocate(created, context);
    try {
      return await this.record(created, context);
    } catch (error) {
      // Refused (or failed): the tokens go back; should that fail too, the sweep does it.
      await this.compensate(assetId, offeringId, context).catch(() => undefined);
      throw error;
    }
  }

  /** Sets aside on the register what an offering offers, with the terms of its creation (refused beyond what is free). */
  private async allocate(created: OfferingCreated['data'], context: CommandContext): Promise<void> {
    const { offeringId, assetId, totalTokens, name, description, tokenPrice, minimumInvestment, lockupDays } = created;
    await this.repository.handle(
      register,
      assetStream(assetId),
      {
        type: 'AllocateToOffering',
        assetId,
        offeringId,
        tokens: totalTokens,
        offering: { name, description, tokenPrice, minimumInvestment, lockupDays, createdBy: created.createdBy },
      },
      context,
    );
  }

  /** Records the offering an allocation was made for; nothing when it already exists. */
  async record(created: OfferingCreated['data'], context: CommandContext): Promise<number> {
    const { createdBy, ...rest } = created;
    const { position } = await this.repository.handle(
      offering,
      offeringStream(created.offeringId),
      // The terms were applied when the offering was first decided (its minimum is recorded): none to apply again.
      { type: 'CreateOffering', ...rest, assetActive: true, limits: null, adminId: createdBy },
      context,
    );
    return position;
  }

  /**
   * Finishes an allocation a crash left without its offering: records the offering from the terms the allocation
   * carries, or gives the tokens back when the offering is refused.
   */
  async complete(assetId: string, offeringId: string, context: CommandContext): Promise<'completed' | 'released'> {
    // Decided on the streams, not on the read model that pointed here: it may lag either way.
    const allocation = (await this.repository.load(register, assetStream(assetId))).state.offerings.get(offeringId);
    if (!allocation || allocation.closed) return 'released';
    if (await this.exists(offeringId)) return 'completed';
    const allocated = (await this.events.readStream(assetStream(assetId))).find(
      (e) => e.type === 'TokensAllocated' && (e.data as TokensAllocated['data']).offeringId === offeringId,
    );
    const { tokens, offering: terms, ownerId } = allocated!.data as TokensAllocated['data'];
    try {
      await this.record({ offeringId, assetId, ownerId, totalTokens: tokens, ...terms }, context);
      return 'completed';
    } catch (error) {
      // Recorded meanwhile by the request itself: its allocation stays; only a refused offering gives it back.
      if (!(error instanceof DomainError) || (await this.exists(offeringId))) throw error;
      await this.compensate(assetId, offeringId, context);
      return 'released';
    }
  }

  private async exists(offeringId: string): Promise<boolean> {
    return (await this.repository.load(offering, offeringStream(offeringId))).state.status !== 'none';
  }

  async compensate(assetId: string, offeringId: string, context: CommandContext): Promise<void> {
    await this.repository.handle(
      register,
      assetStream(assetId),
      { type: 'ReturnUncreatedAllocation', assetId, offeringId },
      context,
    );
  }

  /**
   * Adopts an offering recorded before the register existed (it has no allocation): allocates what it offers, on
   * the terms of its own creation, then settles what it sold and returned since. Refused when the asset's
   * unallocated supply cannot cover it — it was oversold before the register — which the reconciliation keeps
   * showing as drift for operations to resolve (a supply change, say). Nothing happens twice: the allocation is
   * decided on the register's stream.
   */
  async adopt(offeringId: string, context: CommandContext): Promise<'adopted' | 'refused' | 'none'> {
    const [first] = await this.events.readStream(offeringStream(offeringId), { maxCount: 1 });
    if (first?.type !== 'OfferingCreated') return 'none';
    const created = first.data as OfferingCreated['data'];
    const { assetId } = created;
    const { state } = await this.repository.load(register, assetStream(assetId));
    if (state.offerings.has(offeringId)) return 'none';
    try {
      await this.allocate(created, context);
    } catch (error) {
      if (error instanceof DomainError) return 'refused';
      throw error;
    }
    await this.settle(assetId, offeringId, context);
    return 'adopted';
  }

  /** Brings the register up to date with one offering's stream; the position of what it recorded, if anything. */
  async settle(assetId: string, offeringId: string, context: CommandContext): Promise<number | null> {
    const { state } = await this.repository.load(register, assetStream(assetId));
    const allocation = state.offerings.get(offeringId);
    if (!allocation) return null; // an offering from before the register, until the sweep adopts it
    const facts = await this.factsAfter(offeringId, allocation.settledThrough);
    if (facts.length === 0) return null;
    const { events, position } = await this.repository.handle(
      register,
      assetStream(assetId),
      { type: 'SettleOffering', assetId, offeringId, facts },
      context,
    );
    return events.length > 0 ? position : null;
  }

  /** The offering's token-moving facts after `revision`, in order. */
  factsAfter(offeringId: string, revision: number): Promise<OfferingFact[]> {
    return offeringFactsAfter(this.events, offeringId, revision);
  }
}

/** An offering's token-moving facts after `revision`, in order (also read by the reconciliation). */
export async function offeringFactsAfter(
  store: EventStore,
  offeringId: string,
  revision: number,
): Promise<OfferingFact[]> {
  const stream = offeringStream(offeringId);
  let events = await store.readStream(stream, { fromRevision: revision + 1 });
  // What a close leaves unsold depends on everything before it: fold from the start when a close is new.
  const folding = events.some((e) => e.type === 'OfferingClosed');
  if (folding && revision >= 0) events = await store.readStream(stream);
  let state: OfferingState = offering.initialState;
  const facts: OfferingFact[] = [];
  for (const recorded of events) {
    const event = recorded as RecordedEvent & OfferingEvent;
    state = offering.evolve(state, event);
    if (event.revision <= revision) continue;
    switch (event.type) {
      case 'InvestmentConfirmed': {
        const { investmentId, investorId, tokens } = event.data;
        facts.push({ revision: event.revision, kind: 'confirmed', investmentId, investorId, tokens });
        break;
      }
      case 'OfferingClosed':
        facts.push({ revision: event.revision, kind: 'closed', unsold: tokensLeft(state) });
        break;
      case 'InvestmentCancelled':
        facts.push({
          revision: event.revision,
          kind: 'cancelled',
          investmentId: event.data.investmentId,
          tokens: event.data.tokens,
        });
        break;
      case 'OfferingCreated':
      case 'InvestmentRequested':
        break;
      default: {
        const _exhaustive: never = event;
        break;
      }
    }
  }
  return facts;
}
