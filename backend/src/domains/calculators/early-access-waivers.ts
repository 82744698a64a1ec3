import { Injectable } from '@nestjs/common';
import { EmailKeys } from '../../platform/email-key.js';
import { ReadModels } from '../../platform/read-store/read-models.js';
import { registrationsProjection } from '../../projections/early-access-registrations.js';
import { usersProjection } from '../../projections/users.js';

/**
 * Whether a user is one of the first 100 confirmed early-access registrants (matched by e-mail): their set-up
 * fee is waived. Only for an account whose address is proven (emailVerified): the registrant proved the mailbox
 * when confirming their registration, and whoever registers an account with that address must prove it too —
 * else registering a confirmed registrant's address first would take their waiver.
 */
@Injectable()
export class EarlyAccessWaivers {
  constructor(
    private readonly reads: ReadModels,
    private readonly emailKeys: EmailKeys,
  ) {}

  async hasWaiver(userId: string): Promise<boolean> {
    return (await this.waiverOf(userId)) === 'waived';
  }

  /**
   * 'waived'; 'unverified' when the address is a fee-free registrant's but the account has not proven it yet (the
   * checkout says so); 'none' otherwise.
   */
  async waiverOf(userId: string): Promise<Waiver> {
    const user = await this.reads.of(usersProjection).get(userId);
    if (!user?.email) return 'none';
    // Registrations before keyed e-mail keys carry the unkeyed one.
    const { key, legacy } = await this.emailKeys.pair(user.email);
    const found = await this.reads
      .of(registrationsProjection)
      .count({ emailKey: { $in: [key, legacy] }, feeWaived: true });
    return waiverFor({ feeFreeRegistrant: found > 0, emailVerified: user.emailVerified });
  }
}

export type Waiver = 'waived' | 'unverified' | 'none';

/** The rule: a fee-free registrant's address, proven by the account that claims it. */
export function waiverFor({
  feeFreeRegistrant,
  emailVerified,
}: {
  feeFreeRegistrant: boolean;
  emailVerified: boolean;
}): Waiver {
  if (!feeFreeRegistrant) return 'none';
  return emailVerified ? 'waived' : 'unverified';
}
