import { ApiProperty } from '@nestjs/swagger';
import type { Role } from '../../platform/event-store/event-store.js';
import type { ReadStore } from '../../platform/read-store/read-store.js';
import type { UserDoc } from '../../projections/users.js';

/** The User of the spec (section 3), as /api/user, /api/login, /api/register and /api/auth/* answer it. */
export class UserDto {
  @ApiProperty() id: string;
  @ApiProperty({ nullable: true, type: String }) firstName: string | null;
  @ApiProperty({ nullable: true, type: String }) lastName: string | null;
  @ApiProperty() email: string;
  @ApiProperty({ nullable: true, type: String }) profileImageUrl: string | null;
  @ApiProperty({ enum: ['admin', 'user'], description: "'admin' when the user holds the admin role" }) role: 'admin' | 'user';
  @ApiProperty({ enum: ['admin', 'compliance'], isArray: true, description: 'Granted roles; every user may own assets and invest' }) roles: Role[];
  @ApiProperty({ description: "'active' with a paid plan, otherwise 'inactive' (billing fills this)" }) subscriptionStatus: string;
  @ApiProperty({ nullable: true, type: String, description: 'starter, professional or enterprise; null without a plan' }) subscriptionTier: string | null;
}

export interface Subscription {
  subscriptionStatus: string;
  subscriptionTier: string | null;
}

/**
 * SEAM for billing: the subscription fields of the User come from billing's read model. Until billing lands
 * every user is 'inactive' with no tier; billing replaces the body of this function with a lookup in its own
 * read model (e.g. `reads.collection('subscriptions').get(userId)`), and nothing else in identity changes.
 */
export async function subscriptionOf(_reads: ReadStore, _userId: string): Promise<Subscription> {
  return { subscriptionStatus: 'inactive', subscriptionTier: null };
}

export async function toUserDto(reads: ReadStore, doc: UserDoc): Promise<UserDto> {
  return {
    id: doc._id,
    firstName: doc.firstName,
    lastName: doc.lastName,
    email: doc.email,
    profileImageUrl: doc.profileImageUrl,
    role: doc.roles.includes('admin') ? 'admin' : 'user',
    roles: [...doc.roles],
    ...(await subscriptionOf(reads, doc._id)),
  };
}
