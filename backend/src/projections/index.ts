import type { FigureDeclaration } from '../domains/register/figures.js';
import type { Projection } from '../platform/projection-engine/projection.js';
import type { Doc } from '../platform/read-store/read-store.js';
import { activitiesProjection } from './activities.js';
import { adminCountersFigures, adminCountersProjection } from './admin-counters.js';
import { assetHistoryProjection } from './asset-history.js';
import { assetsFigures, assetsProjection } from './assets.js';
import { complianceProjection } from './compliance.js';
import { distributionsProjection } from './distributions.js';
import { earlyAccessProjection } from './early-access-places.js';
import { holdingsFigures, holdingsProjection } from './holdings.js';
import { offeringsFigures, offeringsProjection } from './offerings.js';
import { pendingConfirmationMailsProjection } from './pending-confirmation-mails.js';
import { portfolioFigures, portfolioProjection } from './portfolio.js';
import { registersFigures, registersProjection } from './registers.js';
import { registrationsProjection } from './early-access-registrations.js';
import { sessionsProjection } from './sessions.js';
import { subscriptionsProjection } from './subscriptions.js';
import { taxPaymentsProjection } from './tax-payments.js';
import { taxProfilesProjection } from './tax-profiles.js';
import { transfersProjection } from './transfers.js';
import { usersProjection } from './users.js';
import { verificationsProjection } from './verifications.js';
import { walletRecoveriesProjection } from './wallet-recoveries.js';

/** Every read model the app maintains; the engine runs them all off one subscription. */
export const allProjections: readonly Projection<Doc>[] = [
  activitiesProjection,
  adminCountersProjection,
  assetHistoryProjection,
  assetsProjection,
  complianceProjection,
  distributionsProjection,
  earlyAccessProjection,
  holdingsProjection,
  offeringsProjection,
  pendingConfirmationMailsProjection,
  portfolioProjection,
  registersProjection,
  registrationsProjection,
  sessionsProjection,
  subscriptionsProjection,
  taxPaymentsProjection,
  taxProfilesProjection,
  transfersProjection,
  usersProjection,
  verificationsProjection,
  walletRecoveriesProjection,
];

/**
 * The register figures each read model shows — every token count, holder count or amount — which the register
 * reconciliation compares with the registers' own fold (`domains/register/figures.ts`). Every read model is listed:
 * one that shows none says why (a test holds this list to `allProjections`, so a new view cannot be forgotten).
 * Order is the order drift is reported in.
 */
export const registerFigures: Readonly<Record<string, FigureDeclaration>> = {
  [registersProjection.name]: registersFigures as FigureDeclaration,
  [assetsProjection.name]: assetsFigures as FigureDeclaration,
  [holdingsProjection.name]: holdingsFigures as FigureDeclaration,
  [offeringsProjection.name]: offeringsFigures as FigureDeclaration,
  [portfolioProjection.name]: portfolioFigures as FigureDeclaration,
  [adminCountersProjection.name]: adminCountersFigures as FigureDeclaration,
  [activitiesProjection.name]: { none: 'sentences of what happened, each true when it was written; no figure now' },
  [assetHistoryProjection.name]: { none: 'sentences of what happened, each true when it was written; no figure now' },
  [complianceProjection.name]: { none: "an owner's compliance checks" },
  [distributionsProjection.name]: {
    none: 'holdings at a past record date, fixed when declared (the property test holds them to the as-of replay)',
  },
  [earlyAccessProjection.name]: { none: 'registrations counted for the early-access offer, not tokens' },
  [pendingConfirmationMailsProjection.name]: { none: 'e-mails to send' },
  [registrationsProjection.name]: { none: 'register-interest forms' },
  [sessionsProjection.name]: { none: 'sign-in sessions' },
  [subscriptionsProjection.name]: { none: "owners' plans" },
  [taxPaymentsProjection.name]: { none: 'withheld tax paid to Inland Revenue, in NZD' },
  [taxProfilesProjection.name]: { none: "people's tax residency and IRD numbers" },
  [transfersProjection.name]: {
    none: 'proposals between two investors; a settled one moves the register (TokensTransferred), which the register figures show',
  },
  [usersProjection.name]: { none: 'accounts' },
  [verificationsProjection.name]: { none: 'wholesale certifications' },
  [walletRecoveriesProjection.name]: {
    none: 'which wallet a person’s tokens move to and the chain steps; the register figures do not change by a recovery',
  },
};
