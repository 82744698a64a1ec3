import { Inject, Injectable } from '@nestjs/common';
import { EmailKeys } from '../../platform/email-key.js';
import type { ReadStore } from '../../platform/read-store/read-store.js';
import { READ_STORE } from '../../platform/tokens.js';
import { registrationsProjection, type RegistrationDoc } from '../../projections/registrations.js';
import { usersProjection, type UserDoc } from '../../projections/users.js';

/**
 * Whether a user is one of the first 100 confirmed early-access registrants (matched by e-mail): their set-up
 * fee is waived.
 */
@Injectable()
export class EarlyAccessWaivers {
  constructor(
    @Inject(READ_STORE) private readonly reads: ReadStore,
    private readonly emailKeys: EmailKeys,
  ) {}

  async hasWaiver(userId: string): Promise<boolean> {
    const user = await this.reads.collection<UserDoc>(usersProjection.name).get(userId);
    if (!user?.email) return false;
    // Registrations before keyed e-mail keys carry the unkeyed one.
    const { key, legacy } = await this.emailKeys.pair(user.email);
    const found = await this.reads
      .collection<RegistrationDoc>(registrationsProjection.name)
      .count({ emailKey: { $in: [key, legacy] }, feeWaived: true });
    return found > 0;
  }
}
