import { specify } from '../../testing/decider-spec.js';
import type { EmailReservationEvent } from './events.js';
import { keyedEmailKey, legacyEmailKey } from '../../platform/email-key.js';
import { emailReservation, externalIdentity, identityKey } from './reservations.decider.js';

const secret = Buffer.alloc(32, 7);
const key = keyedEmailKey(secret, 'Aroha@Example.nz ');
const reserved = (userId: string): EmailReservationEvent => ({
  type: 'EmailReserved',
  data: { emailKey: key, userId },
});

describe('E-mail reservation decider', () => {
  const { given } = specify(emailReservation);

  it('keys addresses by a keyed hash of the trimmed lower-case address, not the plain SHA-256', () => {
    expect(key).toBe(keyedEmailKey(secret, 'aroha@example.nz'));
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(key).not.toBe(legacyEmailKey('aroha@example.nz'));
    expect(key).not.toBe(keyedEmailKey(Buffer.alloc(32, 8), 'aroha@example.nz'));
  });

  it('given a free address, when reserved, then EmailReserved for that user', () => {
    expect(given([]).when({ type: 'ReserveEmail', emailKey: key, userId: 'u1', forgottenHolder: null })).toEqual({
      events: [reserved('u1')],
      error: null,
    });
  });

  it('given an address held by someone, when another user reserves it, then 409 with the message', () => {
    expect(
      given([reserved('u1')]).when({ type: 'ReserveEmail', emailKey: key, userId: 'u2', forgottenHolder: null }).error,
    ).toMatchObject({
      message: 'An account with this email already exists',
      status: 409,
    });
  });

  it('reserving again for the holder changes nothing', () => {
    expect(
      given([reserved('u1')]).when({ type: 'ReserveEmail', emailKey: key, userId: 'u1', forgottenHolder: null }).events,
    ).toEqual([]);
  });

  it('given a released address, another user may reserve it; only the holder can release', () => {
    const released: EmailReservationEvent = { type: 'EmailReleased', data: { emailKey: key, userId: 'u1' } };
    expect(given([reserved('u1')]).when({ type: 'ReleaseEmail', emailKey: key, userId: 'u2' }).events).toEqual([]);
    expect(given([reserved('u1')]).when({ type: 'ReleaseEmail', emailKey: key, userId: 'u1' }).events).toEqual([
      released,
    ]);
    expect(
      given([reserved('u1'), released]).when({
        type: 'ReserveEmail',
        emailKey: key,
        userId: 'u2',
        forgottenHolder: null,
      }).events,
    ).toEqual([reserved('u2')]);
  });

  it('given a holder who was forgotten, a new registration releases their hold and reserves the address', () => {
    const released: EmailReservationEvent = { type: 'EmailReleased', data: { emailKey: key, userId: 'u1' } };
    const { events } = given([reserved('u1')]).when({
      type: 'ReserveEmail',
      emailKey: key,
      userId: 'u2',
      forgottenHolder: 'u1',
    });
    expect(events).toEqual([released, reserved('u2')]);
    expect(given([reserved('u1'), released, reserved('u2')]).state).toEqual({ holder: 'u2' });
    // Naming someone else as forgotten frees nothing.
    expect(
      given([reserved('u1')]).when({ type: 'ReserveEmail', emailKey: key, userId: 'u2', forgottenHolder: 'u3' }).error,
    ).toMatchObject({ status: 409 });
  });
});

describe('External identity decider', () => {
  const { given } = specify(externalIdentity);
  const k = identityKey('https://id.example.nz', 'sub-1');

  it('given an unclaimed identity, the first account claims it; the same again changes nothing; another is refused', () => {
    const claimed = { type: 'ExternalIdentityClaimed' as const, data: { identityKey: k, userId: 'u1' } };
    expect(given([]).when({ type: 'ClaimExternalIdentity', identityKey: k, userId: 'u1' }).events).toEqual([claimed]);
    expect(given([claimed]).when({ type: 'ClaimExternalIdentity', identityKey: k, userId: 'u1' }).events).toEqual([]);
    expect(given([claimed]).when({ type: 'ClaimExternalIdentity', identityKey: k, userId: 'u2' }).error).toMatchObject({
      status: 409,
    });
  });

  it('keys identities by issuer and subject together', () => {
    expect(identityKey('https://a', 'x')).not.toBe(identityKey('https://b', 'x'));
  });
});
