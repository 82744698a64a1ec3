import { describe, expect, it } from '@jest/globals';
import { callbackStep } from './callback';

describe('the return from the identity provider (docs/specification.md §4, §8)', () => {
  it('exchanges the code when the state is the one this browser sent', () => {
    expect(callbackStep({ code: 'c1', state: 's1' }, 's1')).toEqual({ kind: 'exchange', code: 'c1', state: 's1' });
  });

  it('refuses a state that differs, or when none was sent from here', () => {
    expect(callbackStep({ code: 'c1', state: 'someone-elses' }, 's1')).toEqual({ kind: 'state-mismatch' });
    expect(callbackStep({ code: 'c1', state: 's1' }, null)).toEqual({ kind: 'state-mismatch' });
  });

  it('reports the provider’s refusal by its description, else its error code, before anything else', () => {
    expect(callbackStep({ error: 'access_denied', error_description: 'End-User aborted interaction' }, 's1')).toEqual({
      kind: 'refused',
      description: 'End-User aborted interaction',
    });
    expect(callbackStep({ error: 'access_denied', code: 'c1', state: 's1' }, 's1')).toEqual({
      kind: 'refused',
      description: 'access_denied',
    });
  });

  it('warns about a code without a state, and does nothing without a code', () => {
    expect(callbackStep({ code: 'c1' }, 's1')).toEqual({ kind: 'unchecked' });
    expect(callbackStep({ state: 's1' }, 's1')).toEqual({ kind: 'none' });
    expect(callbackStep({}, null)).toEqual({ kind: 'none' });
  });
});
