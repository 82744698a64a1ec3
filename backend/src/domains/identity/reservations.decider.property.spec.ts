import fc from 'fast-check';
import { legacyEmailKey } from '../../platform/email-key.js';
import { anyId, checkDecider, commandsOf } from '../../testing/decider-properties.js';
import {
  emailReservation,
  externalIdentity,
  identityKey,
  type EmailReservationCommand,
} from './reservations.decider.js';

const key = fc.constantFrom(legacyEmailKey('aroha@example.nz'), 'constructor', '__proto__');

describe('Reservation deciders, properties', () => {
  it('an e-mail is held by one account at a time, whoever asks', () => {
    const command: fc.Arbitrary<EmailReservationCommand> = fc.oneof(
      fc.record({
        type: fc.constant('ReserveEmail' as const),
        emailKey: key,
        userId: anyId,
        forgottenHolder: fc.option(anyId, { nil: null }),
      }),
      fc.record({ type: fc.constant('ReleaseEmail' as const), emailKey: key, userId: anyId }),
    );
    checkDecider(emailReservation, {
      commands: commandsOf(command),
      invariant(state, history) {
        const last = history.at(-1);
        expect(state.holder).toBe(last?.type === 'EmailReserved' ? last.data.userId : null);
      },
    });
  });

  it('an external identity is claimed once, by the first account', () => {
    const command = fc.record({
      type: fc.constant('ClaimExternalIdentity' as const),
      identityKey: fc.constantFrom(identityKey('https://id.example.nz', 'abc'), 'toString'),
      userId: anyId,
    });
    checkDecider(externalIdentity, {
      commands: commandsOf(command),
      invariant(state, history) {
        expect(history.length).toBeLessThanOrEqual(1);
        expect(state.userId).toBe(history[0]?.data.userId ?? null);
      },
    });
  });
});
