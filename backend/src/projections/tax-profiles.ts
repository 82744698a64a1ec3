import type { TaxProfileEvent } from '../domains/income/events.js';
import type { Residency, TaxStanding } from '../domains/income/tax.js';
import type { ElectedRwtRate } from '../domains/income/tax-rates.js';
import { defineProjection } from '../platform/projection-engine/projection.js';
import type { ReadModels } from '../platform/read-store/read-models.js';
import { upcasters } from '../domains/upcasters.js';

/**
 * One document per person who saved a tax profile (keyed by user id): what `GET /api/tax-profile` shows, what a
 * distribution's preview withholds by, and what the payer's investment income report names (IRD number, date of
 * birth: null once the person is forgotten).
 */
export interface TaxProfileDoc {
  _id: string;
  residency: Residency;
  irdNumber: string | null;
  rwtRate: ElectedRwtRate | null;
  treatyCountry: string | null;
  dateOfBirth: string | null;
  bankAccount: string | null;
  savedAt: string;
}

const EVENT_TYPES = ['TaxProfileSaved'] as const satisfies TaxProfileEvent['type'][];

export const taxProfilesProjection = defineProjection<TaxProfileDoc, TaxProfileEvent>({
  upcasters,
  name: 'tax-profiles',
  version: 1,
  eventTypes: EVENT_TYPES,
  keys: (event) => [event.data.userId],
  evolve(_doc, event) {
    switch (event.type) {
      case 'TaxProfileSaved': {
        const { userId, residency, rwtRate, treatyCountry, savedAt, personal } = event.data;
        return {
          _id: userId,
          residency,
          rwtRate,
          treatyCountry,
          savedAt,
          irdNumber: personal?.irdNumber ?? null,
          dateOfBirth: personal?.dateOfBirth ?? null,
          bankAccount: personal?.bankAccount ?? null,
        };
      }
      default: {
        const _exhaustive: never = event.type;
        return _doc;
      }
    }
  },
});

/** The tax standing of each person (those without a profile are absent: NO_PROFILE applies). */
export function taxStandings(reads: ReadModels, userIds: readonly string[]): Promise<Map<string, TaxProfileDoc>> {
  return reads.of(taxProfilesProjection).byIds(userIds);
}

export const standingOf = (doc: TaxProfileDoc): TaxStanding => ({
  residency: doc.residency,
  irdNumber: doc.irdNumber,
  rwtRate: doc.rwtRate,
  treatyCountry: doc.treatyCountry,
});
