/** The registrations read model's query: the registrations of interest, for admins. */
import type { ReadModels } from '../platform/read-store/read-models.js';
import { asAnswer } from '../platform/read-store/read-store.js';
import { registrationsProjection } from './early-access-registrations.js';

export class RegistrationQueries {
  constructor(private readonly reads: ReadModels) {}

  /** Every registration of interest, newest first. */
  async newestFirst() {
    const registrations = await this.reads.of(registrationsProjection).find({}, { sort: { registeredAt: -1 } });
    return registrations.map(asAnswer);
  }
}
