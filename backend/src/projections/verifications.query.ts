/** The verifications read model's queries: an investor's standing, the admins' list, one verification. */
import { asAnswer } from '../platform/read-store/read-store.js';
import type { ReadModels } from '../platform/read-store/read-models.js';
import { adminCountersProjection } from './admin-counters.js';
import { peopleById } from './users.js';
import { latestVerification, verificationsProjection, wholesaleStatus, type VerificationDoc } from './verifications.js';

/** Where a piece of evidence is downloaded. */
export const evidenceUrl = (documentId: string) => `/api/wholesale-verification/documents/${documentId}`;

export class VerificationQueries {
  constructor(private readonly reads: ReadModels) {}

  /** The investor's wholesale standing now (`wholesaleStatus` of their latest verification). */
  async statusOf(userId: string) {
    return wholesaleStatus(await latestVerification(this.reads, userId));
  }

  get(id: string): Promise<VerificationDoc | null> {
    return this.reads.of(verificationsProjection).get(id);
  }

  /** One verification as an answer carries it (`id`, no internal field), or null. */
  async answer(id: string) {
    const doc = await this.get(id);
    return doc && asAnswer(doc);
  }

  /** Newest first, each with the investor's name and e-mail and links to the evidence. */
  async list() {
    const docs = await this.reads.of(verificationsProjection).find({}, { sort: { createdAt: -1 } });
    // Names live in the users read model (rebuilt when a person is forgotten), so they are read, not copied.
    const people = await peopleById(
      this.reads,
      docs.map((d) => d.userId),
    );
    return docs.map((doc) => {
      const person = people.get(doc.userId)!;
      return {
        ...asAnswer(doc),
        name: person.name,
        email: person.email,
        documents: doc.documents.map((d) => ({ ...d, url: evidenceUrl(d.documentId) })),
      };
    });
  }

  /** The admin page's four counters (the admin-counters read model). */
  async counters() {
    const doc = await this.reads.of(adminCountersProjection).get('counters');
    return {
      pending: doc?.pending ?? 0,
      verified: doc?.verified ?? 0,
      rejected: doc?.rejected ?? 0,
      activeOfferings: doc?.activeOfferings ?? 0,
    };
  }
}
