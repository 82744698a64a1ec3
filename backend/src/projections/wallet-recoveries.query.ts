import type { ReadModels } from '../platform/read-store/read-models.js';
import { peopleById, type Person } from './users.js';
import { walletRecoveriesProjection, type WalletRecoveryDoc } from './wallet-recoveries.js';

/** Recoveries, newest first, with the people they name (investor, requester, approver, canceller). */
export interface WalletRecoveryList {
  recoveries: WalletRecoveryDoc[];
  people: Map<string, Person>;
}

/** The wallet recoveries read model's queries: every recovery (admins), a person's own. */
export class WalletRecoveryQueries {
  constructor(private readonly reads: ReadModels) {}

  all(): Promise<WalletRecoveryList> {
    return this.listed({});
  }

  of(personId: string): Promise<WalletRecoveryList> {
    return this.listed({ personId });
  }

  private async listed(filter: Partial<Pick<WalletRecoveryDoc, 'personId'>>): Promise<WalletRecoveryList> {
    const recoveries = await this.reads.of(walletRecoveriesProjection).find(filter);
    const named = recoveries.flatMap((r) => [r.personId, r.requestedBy, r.approvedBy, r.cancelledBy]);
    const people = await peopleById(
      this.reads,
      named.filter((id): id is string => id !== null),
    );
    return { recoveries: recoveries.sort((a, b) => b.requestedAt.localeCompare(a.requestedAt)), people };
  }
}
