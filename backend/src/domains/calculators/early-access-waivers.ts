import { Injectable } from '@nestjs/common';
import { EmailKeys } from '../../platform/email-key.js';
import { ReadModels } from '../../platform/read-store/read-models.js';
import { registrationsProjection } from '../../projections/early-access-registrations.js';
import { usersProjection } from '../../projections/users.js';

/**
 * Whether a user is one of the first 100 confirmed early-access registrants (matched by e-mail): their set-up
 * fee is waived.
 */
@Injectable()
export class EarlyAccessWaivers {
  constructor(
    private readonly reads: ReadModels,
    private readonly emailKeys: EmailKeys,
  ) {}

  async hasWaiver(userId: string): Promise<boolean> {
    const user = await this.reads.of(usersProjection).get(userId);
    if (!user?.email) return false;
    // Registrations before keyed e-mail keys carry the unkeyed one.
    const { key, legacy } = await this.emailKeys.pair(user.email);
    const found = await this.reads
      .of(registrationsProjection)
      .count({ emailKey: { $in: [key, legacy] }, feeWaived: true });
    return found > 0;
  }
}
