import { OWN_REQUEST } from '../messages.js';
import { DomainError } from './errors.js';

/**
 * Separation of duties: whoever decides a request must not be among those it is for (the asset's owner, the
 * applicant, the investor). One rule for every decider that decides a request, so each refuses alike: a 403
 * with OWN_REQUEST, and nothing appended. A null requester (not known yet) is nobody.
 */
export function requireAnotherDecider(deciderId: string, requesters: readonly (string | null | undefined)[]): void {
  if (requesters.some((requester) => requester != null && requester === deciderId))
    throw new DomainError(OWN_REQUEST, 403);
}
