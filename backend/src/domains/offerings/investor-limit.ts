import type { AggregateRepository } from '../../platform/aggregate-repository.js';
import type { CommandContext } from '../../platform/command-context.js';
import type { RecordedAmount } from './investor-limit.events.js';
import { investorLimitStream } from './investor-limit.events.js';
import { investorLimit, type InvestorLimitCommand, type InvestorLimitState } from './investor-limit.decider.js';
import { offeringStream } from './events.js';
import { offering } from './offering.decider.js';

/**
 * The token terms' maximum per investor as the offering handler uses it: reserve before recording the investment
 * on its offering, fill after, release when the offering refuses it or staff cancel it. Reserving also settles
 * what the asset's offering streams say (the process-manager step): reservations a crash left behind, and
 * cancellations whose release was never written. Appends go through the repository: one stream per (asset,
 * investor), guarded by expected revision across processes.
 */
export class InvestorLimitStream {
  constructor(private readonly repository: AggregateRepository) {}

  /**
   * Reserves `amountCents`, or throws the 409 naming the maximum and records nothing. Returns the stream's state as
   * decided (this reservation in it): every amount of the investor's in the asset, serialised — what the linked
   * investments' rule reads for the asset's other offerings.
   */
  async reserve(
    reservation: Omit<Extract<InvestorLimitCommand, { type: 'ReserveInvestment' }>, 'type' | 'recorded' | 'cancelled'>,
    offeringIds: Iterable<string>,
    context: CommandContext,
  ): Promise<InvestorLimitState> {
    const recorded = new Map<string, Omit<RecordedAmount, 'investmentId'>>();
    const cancelled = new Set<string>();
    // Every offering of the asset, from its stream: the investor's investments there, live or cancelled.
    for (const offeringId of offeringIds) {
      const { state } = await this.repository.load(offering, offeringStream(offeringId));
      if (state.status === 'none') continue;
      for (const [investmentId, investment] of state.investments) {
        if (investment.investorId !== reservation.investorId) continue;
        if (investment.cancelled) cancelled.add(investmentId);
        else recorded.set(investmentId, { offeringId, amountCents: investment.amountCents });
      }
    }
    const command: InvestorLimitCommand = { type: 'ReserveInvestment', ...reservation, recorded, cancelled };
    return (await this.repository.handle(investorLimit, this.stream(reservation), command, context)).state;
  }

  async fill(
    investment: RecordedAmount & { assetId: string; investorId: string },
    context: CommandContext,
  ): Promise<void> {
    const command: InvestorLimitCommand = { type: 'FillInvestment', ...investment };
    await this.repository.handle(investorLimit, this.stream(investment), command, context);
  }

  async release(
    investment: { assetId: string; investorId: string; investmentId: string },
    reason: 'refused' | 'cancelled',
    context: CommandContext,
  ): Promise<void> {
    const command: InvestorLimitCommand = { type: 'ReleaseInvestment', ...investment, reason };
    await this.repository.handle(investorLimit, this.stream(investment), command, context);
  }

  private stream({ assetId, investorId }: { assetId: string; investorId: string }): string {
    return investorLimitStream(assetId, investorId);
  }
}
