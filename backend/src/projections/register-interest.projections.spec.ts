import type { RecordedEvent } from '../platform/event-store/event-store.js';
import { emailKey } from '../domains/register-interest/decider.js';
import type { InterestRegistered } from '../domains/register-interest/events.js';
import { project } from '../platform/projections/projection.js';
import { recorded } from '../testing/recorded.js';
import { earlyAccessProjection } from './early-access.js';
import { registrationsProjection } from './registrations.js';

function registered(number: number, feeWaived: boolean): InterestRegistered {
  return {
    type: 'InterestRegistered',
    data: {
      registrationId: `r${number}`,
      number,
      feeWaived,
      emailKey: emailKey(`p${number}@example.nz`),
      subjectId: `r${number}`,
      personal: { firstName: 'Mere', lastName: 'Tane', email: `p${number}@example.nz`, phone: '0211234567', dateOfBirth: '1970-05-05', city: 'Nelson', occupation: 'Farmer', additionalInfo: null },
      country: 'nz',
      investmentInterest: ['infrastructure'],
      investmentAmount: 'over-1m',
      experience: 'expert',
      agreedToTermsAt: '2026-11-01T00:00:00.000Z',
      agreedToContactAt: '2026-11-01T00:00:00.000Z',
      registeredAt: '2026-11-01T00:00:00.000Z',
    },
  };
}

describe('early-access projection', () => {
  it('given 99 waived and 3 more registrations, then 102 registrations and no places left', () => {
    const events = Array.from({ length: 102 }, (_, i) => registered(i + 1, i < 100));
    expect(project(earlyAccessProjection, recorded('interest-register-prelaunch', events)).get('prelaunch')).toEqual({
      _id: 'prelaunch',
      registrations: 102,
      feeWaivers: 100,
      placesLeft: 0,
    });
  });

  it('given one registration, then 99 places left', () => {
    expect(project(earlyAccessProjection, recorded('s', [registered(1, true)])).get('prelaunch')?.placesLeft).toBe(99);
  });
});

describe('registrations projection', () => {
  const v2 = (events: RecordedEvent[]) => events.map((e) => ({ ...e, metadata: { ...e.metadata, schemaVersion: 2 } }));
  const expected = {
      _id: 'r7',
      number: 7,
      feeWaived: true,
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

  it('given a registration, then one document with its details for follow-up', () => {
    expect(project(registrationsProjection, v2(recorded('s', [registered(7, true)]))).get('r7')).toEqual(expected);
  });

  it('given a v1 registration (the registrant unsealed as `registrant`), then it is upcast on read to the same document', () => {
    const { subjectId: _subject, personal, ...rest } = registered(7, true).data;
    const v1 = recorded('s', [{ type: 'InterestRegistered', data: { ...rest, registrant: personal } }]);
    expect(v1[0]!.metadata.schemaVersion).toBe(1);
    expect(project(registrationsProjection, v1).get('r7')).toEqual(expected);
  });
});
