import {
  boolean,
  id,
  int,
  isoDate,
  isoDateTime,
  nullable,
  object,
  oneOf,
  string,
  type EventSchemas,
} from '../../platform/event-schema.js';
import { RESIDENCIES, type Residency } from './tax.js';
import { ELECTED_RWT_RATES, type ElectedRwtRate } from './tax-rates.js';

/**
 * A person's tax profile, in its own stream (`tax-profile-<userId>`): what the payer of their income needs to
 * withhold tax. The IRD number and the date of birth are personal (sealed with the person's key); whether an IRD
 * number is held is not, so a distribution decides its tax without opening them.
 */
export interface TaxProfileSaved {
  type: 'TaxProfileSaved';
  data: {
    userId: string;
    subjectId: string;
    residency: Residency;
    hasIrdNumber: boolean;
    rwtRate: ElectedRwtRate | null;
    treatyCountry: string | null;
    savedAt: string;
    personal: { irdNumber: string | null; dateOfBirth: string | null };
  };
}
export type TaxProfileEvent = TaxProfileSaved;

export const taxProfileStream = (userId: string) => `tax-profile-${userId}`;

export const INCOME_FIELDS = {
  irdNumber: string({ max: 9, pattern: /^\d{9}$/ }),
  treatyCountry: string({ max: 2, pattern: /^[A-Z]{2}$/ }),
  /** NZD cents: at most a trillion dollars. */
  cents: int({ max: 100_000_000_000_000 }),
  tokens: int({ max: 1e12 }),
};

export const taxProfileEventSchemas = {
  TaxProfileSaved: object({
    userId: id(),
    subjectId: id(),
    residency: oneOf(RESIDENCIES),
    hasIrdNumber: boolean(),
    rwtRate: nullable(oneOf(ELECTED_RWT_RATES)),
    treatyCountry: nullable(INCOME_FIELDS.treatyCountry),
    savedAt: isoDateTime(),
    personal: object({ irdNumber: nullable(INCOME_FIELDS.irdNumber), dateOfBirth: nullable(isoDate()) }),
  }),
} satisfies EventSchemas<TaxProfileEvent>;
