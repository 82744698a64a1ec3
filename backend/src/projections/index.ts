import '../domains/upcasters.js';
import type { Projection } from '../platform/projections/projection.js';
import type { Doc } from '../platform/read-store/read-store.js';
import { activitiesProjection } from './activities.js';
import { adminCountersProjection } from './admin-counters.js';
import { assetHistoryProjection } from './asset-history.js';
import { assetsProjection } from './assets.js';
import { complianceProjection } from './compliance.js';
import { earlyAccessProjection } from './early-access.js';
import { holdingsProjection } from './holdings.js';
import { offeringsProjection } from './offerings.js';
import { pendingConfirmationMailsProjection } from './pending-confirmation-mails.js';
import { portfolioProjection } from './portfolio.js';
import { registersProjection } from './registers.js';
import { registrationsProjection } from './registrations.js';
import { sessionsProjection } from './sessions.js';
import { subscriptionsProjection } from './subscriptions.js';
import { usersProjection } from './users.js';
import { verificationsProjection } from './verifications.js';

/** Every read model the app maintains; the engine runs them all off one subscription. */
export const allProjections: readonly Projection<Doc>[] = [
  activitiesProjection,
  adminCountersProjection,
  assetHistoryProjection,
  assetsProjection,
  complianceProjection,
  earlyAccessProjection,
  holdingsProjection,
  offeringsProjection,
  pendingConfirmationMailsProjection,
  portfolioProjection,
  registersProjection,
  registrationsProjection,
  sessionsProjection,
  subscriptionsProjection,
  usersProjection,
  verificationsProjection,
];
