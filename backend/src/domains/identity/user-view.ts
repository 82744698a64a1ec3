import { DomainError } from '../../platform/errors.js';
import { ApiProperty } from '@nestjs/swagger';
import type { Role } from '../../platform/event-store/event-store.js';
import { TIERS } from '../plans/plans.js';
import type { ReadModels } from '../../platform/read-store/read-models.js';
import { subscriptionsProjection } from '../../projections/subscriptions.js';
import type { UserDoc } from '../../projections/users.js';

/** The User of the spec (section 3), as /api/user, /api/login, /api/register and /api/auth/* answer it. */
export class UserDto {
  @ApiProperty() id: string;
  @ApiProperty({ nullable: true, type: String }) firstName: string | null;
  @ApiProperty({ nullable: true, type: String }) lastName: string | null;
  @ApiProperty() email: string;
  @ApiProperty({ nullable: true, type: String }) profileImageUrl: string | null;
  @ApiProperty({ enum: ['admin', 'user'], description: "'admin' when the user holds the admin role" }) role:
    | 'admin'
    | 'user';
  @ApiProperty({
    enum: ['admin', 'compliance'],
    isArray: true,
    description: 'Granted roles; every user may own assets and invest',
  })
  roles: Role[];
  @ApiProperty({
    description:
      'Whether the holder proved they receive mail at the address (the e-mailed link, or an OpenID provider’s ' +
      'email_verified); accounts from before confirmation links are unverified until they use one',
  })
  emailVerified: boolean;
  @ApiProperty({ enum: ['active', 'canceled', 'past_due', 'incomplete', 'inactive'] }) subscriptionStatus: string;
  @ApiProperty({ enum: TIERS, nullable: true, description: 'null without a plan' })
  subscriptionTier: string | null;
}

export interface Subscription {
  subscriptionStatus: string;
  subscriptionTier: string | null;
}

/** The User's subscription fields come from billing's read model (the spec's rule for creating tokens reads them). */
export async function subscriptionOf(reads: ReadModels, userId: string): Promise<Subscription> {
  const doc = await reads.of(subscriptionsProjection).get(userId);
  return { subscriptionStatus: doc?.status ?? 'inactive', subscriptionTier: doc?.tier ?? null };
}

export async function toUserDto(reads: ReadModels, doc: UserDoc): Promise<UserDto> {
  return {
    id: doc._id,
    firstName: doc.firstName,
    lastName: doc.lastName,
    email: doc.email,
    profileImageUrl: doc.profileImageUrl,
    role: doc.roles.includes('admin') ? 'admin' : 'user',
    roles: [...doc.roles],
    emailVerified: doc.emailVerified,
    ...(await subscriptionOf(reads, doc._id)),
  };
}

/** The User of a signed-in account, or 401 when the account is not (or no longer) known. */
export async function userOr401(identity: { userDto(userId: string): Promise<UserDto | null> }, userId: string) {
  const found = await identity.userDto(userId);
  if (!found) throw new DomainError('Authentication required', 401, undefined, 'Unauthorized');
  return found;
}
