/** The subscriptions read model's query: a person's plan and its state. */
import type { ReadModels } from '../platform/read-store/read-models.js';
import { subscriptionsProjection, type SubscriptionDoc } from './subscriptions.js';

export class SubscriptionQueries {
  constructor(private readonly reads: ReadModels) {}

  of(userId: string): Promise<SubscriptionDoc | null> {
    return this.reads.of(subscriptionsProjection).get(userId);
  }
}
