import type { AggregateRepository } from '../../platform/aggregate-repository.js';
import type { EventStore } from '../../platform/event-store/event-store.js';
import { privacyStream } from '../audit/events.js';
import { user, userStream } from '../identity/user.decider.js';

/**
 * Whether this person's account is closed, from the log as it stands now: forgotten (`privacy-<id>` holds the
 * decision, recorded before anything else the forgetting does: the account closes just after) or their account
 * closed. Read fresh, never from the vault's tombstone (which goes later): an upload asks again once its file is
 * stored. (The repository's cache only saves folding the older events again; the newer ones are always read.)
 */
export async function accountClosed(
  events: EventStore,
  repository: AggregateRepository,
  userId: string,
): Promise<boolean> {
  if ((await events.readStream(privacyStream(userId), { maxCount: 1, keepPersonalSealed: true })).length > 0)
    return true;
  return (await repository.load(user, userStream(userId))).state.closed;
}
