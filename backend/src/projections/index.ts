import type { Projection } from '../platform/projections/projection.js';
import type { Doc } from '../platform/read-store/read-store.js';
import { activitiesProjection } from './activities.js';
import { assetsProjection } from './assets.js';
import { complianceProjection } from './compliance.js';
import { earlyAccessProjection } from './early-access.js';
import { portfolioProjection } from './portfolio.js';
import { registrationsProjection } from './registrations.js';
import { sessionsProjection } from './sessions.js';
import { subscriptionsProjection } from './subscriptions.js';
import { usersProjection } from './users.js';

/** Every read model the app maintains; the engine runs them all off one subscription. */
export const allProjections: readonly Projection<Doc>[] = [
  activitiesProjection,
  assetsProjection,
  complianceProjection,
  earlyAccessProjection,
  portfolioProjection,
  registrationsProjection,
  sessionsProjection,
  subscriptionsProjection,
  usersProjection,
] as Projection<Doc>[];
