/** The owner's dashboard: its stat cards (portfolio and compliance read models) and the recent activity. */
import type { ReadModels } from '../platform/read-store/read-models.js';
import { activitiesOf, type Activity } from './activities.js';
import { complianceProjection, complianceScore, effectiveChecks } from './compliance.js';
import { portfolioProjection } from './portfolio.js';

export class DashboardQueries {
  constructor(private readonly reads: ReadModels) {}

  /** The stat cards: totalValue (NZD), activeTokens, totalInvestors, complianceScore (as of `today`, YYYY-MM-DD). */
  async stats(userId: string, today: string) {
    const doc = await this.reads.of(portfolioProjection).get(userId);
    const compliance = await this.reads.of(complianceProjection).get(userId);
    const { score } = complianceScore(effectiveChecks(compliance, today));
    return {
      totalValue: doc?.totalValue ?? 0,
      activeTokens: doc?.activeTokens ?? 0,
      totalInvestors: doc?.totalInvestors ?? 0,
      complianceScore: score,
      valueHistory: doc?.valueHistory ?? [],
    };
  }

  /** The person's recent activity as an owner and as an investor, newest first (`activitiesOf`). */
  activities(userId: string): Promise<Activity[]> {
    return activitiesOf(this.reads, userId);
  }
}
