import type { RecordedEvent } from '../platform/event-store/event-store.js';
import type { InterestConfirmed, InterestRegistered } from '../domains/early-access/events.js';
import { legacyEmailKey as emailKey } from '../platform/email-key.js';
import { project } from '../platform/projection-engine/projection.js';
import { recorded } from '../testing/recorded.js';
import { earlyAccessProjection } from './early-access-places.js';
import { pendingConfirmationMailsProjection } from './pending-confirmation-mails.js';
import { registrationsProjection } from './early-access-registrations.js';

/** As stored before confirmation by e-mail existed (v2): numbered and waived on submission. */
function registeredV2(number: number, feeWaived: boolean) {
  const { placeOnRegistration: _place, ...data } = registered(number).data;
  return { type: 'InterestRegistered', data: { ...data, number, feeWaived } };
}

const confirmed = (number: number, feeWaived: boolean, registration = number): InterestConfirmed => ({
  type: 'InterestConfirmed',
  data: { registrationId: `r${registration}`, number, feeWaived, confirmedAt: '2026-11-02T00:00:00.000Z' },
});

function registered(number: number): InterestRegistered {
  return {
    type: 'InterestRegistered',
    data: {
      registrationId: `r${number}`,
      emailKey: emailKey(`p${number}@example.nz`),
      subjectId: `r${number}`,
      personal: {
        firstName: 'Mere',
        lastName: 'Tane',
        email: `p${number}@example.nz`,
        phone: '0211234567',
        dateOfBirth: '1970-05-05',
        city: 'Nelson',
        occupation: 'Farmer',
        additionalInfo: null,
      },
      country: 'nz',
      investmentInterest: ['infrastructure'],
      investmentAmount: 'over-1m',
      experience: 'expert',
      agreedToTermsAt: '2026-11-01T00:00:00.000Z',
      agreedToContactAt: '2026-11-01T00:00:00.000Z',
      registeredAt: '2026-11-01T00:00:00.000Z',
      placeOnRegistration: null,
    },
  };
}

const v = (version: number, events: RecordedEvent[]) =>
  events.map((e) => ({ ...e, metadata: { ...e.metadata, schemaVersion: version } }));

describe('early-access projection', () => {
  it('counts confirmations, not submissions: 102 registered, 3 confirmed, then 97 places left', () => {
    const events = [
      ...Array.from({ length: 102 }, (_, i) => registered(i + 1)),
      confirmed(1, true, 5),
      confirmed(2, true, 9),
      confirmed(3, true, 1),
    ];
    expect(
      project(earlyAccessProjection, v(3, recorded('interest-register-prelaunch', events))).get('prelaunch'),
    ).toEqual({
      _id: 'prelaunch',
      registrations: 3,
      feeWaivers: 3,
      placesLeft: 97,
    });
  });

  it('given 99 waived and 3 more confirmed, then 102 registrations and no places left', () => {
    const events = Array.from({ length: 102 }, (_, i) => [registered(i + 1), confirmed(i + 1, i < 100)]).flat();
    expect(
      project(earlyAccessProjection, v(3, recorded('interest-register-prelaunch', events))).get('prelaunch'),
    ).toMatchObject({ registrations: 102, feeWaivers: 100, placesLeft: 0 });
  });

  it('counts v2 registrations (from before confirmation) with the place they were given', () => {
    const events = v(2, recorded('s', [registeredV2(1, true), registeredV2(2, true)]));
    expect(project(earlyAccessProjection, events).get('prelaunch')).toMatchObject({ registrations: 2, placesLeft: 98 });
  });
});

describe('registrations projection', () => {
  const expected = {
    _id: 'r7',
    number: null,
    feeWaived: false,
    confirmedAt: null,
    emailKey: emailKey('p7@example.nz'),
    firstName: 'Mere',
    lastName: 'Tane',
    email: 'p7@example.nz',
    phone: '0211234567',
    city: 'Nelson',
    country: 'nz',
    occupation: 'Farmer',
    investmentInterest: ['infrastructure'],
    investmentAmount: 'over-1m',
    experience: 'expert',
    additionalInfo: null,
    registeredAt: '2026-11-01T00:00:00.000Z',
  };

  it('given a registration, then one document with its details for follow-up, unnumbered until confirmed', () => {
    expect(project(registrationsProjection, v(3, recorded('s', [registered(7)]))).get('r7')).toEqual(expected);
    const both = v(3, recorded('s', [registered(7), confirmed(1, true, 7)]));
    expect(project(registrationsProjection, both).get('r7')).toEqual({
      ...expected,
      number: 1,
      feeWaived: true,
      confirmedAt: '2026-11-02T00:00:00.000Z',
    });
  });

  it('given a v2 registration, then it is upcast with the place it was given on submission', () => {
    const confirmedOnRegistration = { ...expected, number: 7, feeWaived: true, confirmedAt: expected.registeredAt };
    expect(project(registrationsProjection, v(2, recorded('s', [registeredV2(7, true)]))).get('r7')).toEqual(
      confirmedOnRegistration,
    );
  });

  it('given a v1 registration (the registrant unsealed as `registrant`), then it is upcast on read to the same document', () => {
    const { subjectId: _subject, personal, ...rest } = registeredV2(7, true).data;
    const v1 = recorded('s', [{ type: 'InterestRegistered', data: { ...rest, registrant: personal } }]);
    expect(v1[0]!.metadata.schemaVersion).toBe(1);
    expect(project(registrationsProjection, v1).get('r7')).toEqual({
      ...expected,
      number: 7,
      feeWaived: true,
      confirmedAt: expected.registeredAt,
    });
  });
});

describe('pending-confirmation-mails projection', () => {
  const sending = (n: number, startedAt: string, expiresAt: string) => ({
    type: 'ConfirmationMailSending',
    data: { registrationId: `r${n}`, messageId: `m${n}`, tokenHash: 'h', startedAt, expiresAt },
  });
  const failed = (n: number, retryAt: string | null) => ({
    type: 'ConfirmationMailFailed',
    data: { registrationId: `r${n}`, messageId: `m${n}`, reason: 'refused', retryAt },
  });
  const sent = (n: number) => ({ type: 'ConfirmationMailSent', data: { registrationId: `r${n}`, messageId: `m${n}` } });
  const pending = (events: { type: string; data: unknown }[]) =>
    Object.fromEntries(project(pendingConfirmationMailsProjection, v(3, recorded('s', events))));

  it('holds each registration whose mail is due, retrying or being sent, until it is sent, given up or confirmed', () => {
    const at = '2026-11-01T00:00:00.000Z';
    const lapses = '2026-11-03T00:00:00.000Z';
    expect(pending([registered(1)])).toEqual({ r1: { _id: 'r1', dueAt: at, lapsesAt: lapses } });
    // A send in progress is settled once its lease is over; a link sent later keeps the registration longer.
    expect(pending([registered(1), sending(1, '2026-11-02T00:00:00.000Z', '2026-11-04T00:00:00.000Z')])).toEqual({
      r1: { _id: 'r1', dueAt: '2026-11-02T00:05:00.000Z', lapsesAt: '2026-11-04T00:00:00.000Z' },
    });
    const retry = '2026-11-01T00:01:00.000Z';
    expect(pending([registered(1), sending(1, at, lapses), failed(1, retry)])).toEqual({
      r1: { _id: 'r1', dueAt: retry, lapsesAt: lapses },
    });
    expect(pending([registered(1), sending(1, at, lapses), failed(1, null)])).toEqual({});
    expect(pending([registered(1), sending(1, at, lapses), sent(1), registered(2)])).toEqual({
      r2: { _id: 'r2', dueAt: at, lapsesAt: lapses },
    });
    expect(pending([registered(1), confirmed(1, true)])).toEqual({});
    // Registrations from before confirmation existed were placed on submission: nothing to send.
    expect(project(pendingConfirmationMailsProjection, v(2, recorded('s', [registeredV2(1, true)]))).size).toBe(0);
  });
});
