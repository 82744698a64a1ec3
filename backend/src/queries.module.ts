import { Global, Module, type Provider } from '@nestjs/common';
import type { EventStore } from './platform/event-store/event-store.js';
import { ReadModels } from './platform/read-store/read-models.js';
import { EVENT_STORE } from './platform/injection-keys.js';
import { AssetQueries } from './projections/assets.query.js';
import { ComplianceQueries } from './projections/compliance.query.js';
import { EarlyAccessQueries } from './projections/early-access-places.query.js';
import { RegistrationQueries } from './projections/early-access-registrations.query.js';
import { SubscriptionQueries } from './projections/subscriptions.query.js';
import { OfferingQueries } from './projections/offerings.query.js';
import { DashboardQueries } from './projections/portfolio.query.js';
import { RegisterQueries } from './projections/registers.query.js';
import { VerificationQueries } from './projections/verifications.query.js';
import { DistributionQueries } from './projections/distributions.query.js';
import { TransferQueries } from './projections/transfers.query.js';
import { WithheldTaxQueries } from './projections/tax-payments.query.js';
import { WalletRecoveryQueries } from './projections/wallet-recoveries.query.js';

/**
 * The read models' queries (`projections/*.query.ts`), for the controllers: each is made with the read side's one
 * accessor (and the event store, for a query that replays the log), so no controller reads the store itself.
 */
const QUERIES = [
  AssetQueries,
  ComplianceQueries,
  DashboardQueries,
  OfferingQueries,
  RegisterQueries,
  VerificationQueries,
  SubscriptionQueries,
  EarlyAccessQueries,
  RegistrationQueries,
  DistributionQueries,
  TransferQueries,
  WithheldTaxQueries,
  WalletRecoveryQueries,
] as const;

const provided = (query: new (reads: ReadModels, events: EventStore) => object): Provider => ({
  provide: query,
  useFactory: (reads: ReadModels, events: EventStore) => new query(reads, events),
  inject: [ReadModels, EVENT_STORE],
});

@Global()
@Module({ providers: QUERIES.map(provided), exports: [...QUERIES] })
export class QueriesModule {}
