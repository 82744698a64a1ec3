import type { AuthCallbackSearch } from '../../shared/search';

/** What the return from the identity provider asks for (docs/specification.md §4 "External login return", §8 texts). */
export type CallbackStep =
  /** The provider refused: 'Login failed: {description}. Please try again.' */
  | { kind: 'refused'; description: string }
  /** The state differs from the one this browser sent: a forged or stale return. */
  | { kind: 'state-mismatch' }
  /** Exchange the code for the user and a token. */
  | { kind: 'exchange'; code: string; state: string }
  /** A code without a state cannot be checked: warn, exchange nothing. */
  | { kind: 'unchecked' }
  /** Nothing to do: home. */
  | { kind: 'none' };

export function callbackStep(search: AuthCallbackSearch, storedState: string | null): CallbackStep {
  if (search.error) return { kind: 'refused', description: search.error_description ?? search.error };
  if (search.code && search.state) {
    if (search.state !== storedState) return { kind: 'state-mismatch' };
    return { kind: 'exchange', code: search.code, state: search.state };
  }
  return search.code ? { kind: 'unchecked' } : { kind: 'none' };
}
