import { keyedEmailKey, legacyEmailKey } from '../../platform/email-key.js';
import { specify } from '../../testing/decider-spec.js';
import {
  ALREADY_CONFIRMED,
  ALREADY_REGISTERED,
  INVALID_LINK,
  interestRegister,
  LINK_EXPIRED,
  mailIsDue,
  REGISTRATION_EXISTS,
  TOO_YOUNG,
  type EarlyAccessCommand,
  type RegisterInterest,
} from './early-access.decider.js';
import type { EarlyAccessEvent, InterestRegistered } from './events.js';

const at = '2026-11-22T09:00:00.000Z';
const minutesLater = (m: number, from = at) => new Date(Date.parse(from) + m * 60_000).toISOString();
const secret = Buffer.alloc(32, 3);
const emailOf = (n: number) => `person${n}@example.nz`;
const keyOf = (n: number) => keyedEmailKey(secret, emailOf(n));
const id = (n: number) => `reg-${n}`;

function register(n: number, overrides: Partial<RegisterInterest> = {}): RegisterInterest {
  const email = overrides.registrant?.email ?? emailOf(n);
  return {
    type: 'RegisterInterest',
    registrationId: id(n),
    registrant: {
      firstName: 'Tama',
      lastName: 'Walker',
      email,
      phone: '0211234567',
      dateOfBirth: '1990-01-01',
      city: 'Auckland',
      occupation: 'Accountant',
      additionalInfo: null,
    },
    country: 'nz',
    investmentInterest: ['commercial'],
    investmentAmount: '50k-100k',
    experience: 'beginner',
    agreeToTerms: true,
    agreeToContact: true,
    emailKeys: [keyedEmailKey(secret, email), legacyEmailKey(email)],
    forgotten: [],
    at,
    ...overrides,
  };
}

function registered(
  n: number,
  place: InterestRegistered['data']['placeOnRegistration'] = null,
  when = at,
): InterestRegistered {
  const cmd = register(n);
  return {
    type: 'InterestRegistered',
    data: {
      registrationId: id(n),
      emailKey: place ? legacyEmailKey(emailOf(n)) : keyOf(n),
      subjectId: id(n),
      personal: cmd.registrant,
      country: 'nz',
      investmentInterest: ['commercial'],
      investmentAmount: '50k-100k',
      experience: 'beginner',
      agreedToTermsAt: when,
      agreedToContactAt: when,
      registeredAt: when,
      placeOnRegistration: place,
    },
  };
}

const sending = (n: number, attempt = 1, when = at): EarlyAccessEvent => ({
  type: 'ConfirmationMailSending',
  data: {
    registrationId: id(n),
    messageId: `m-${n}-${attempt}`,
    tokenHash: `hash-${n}-${attempt}`,
    startedAt: when,
    expiresAt: minutesLater(48 * 60, when),
  },
});
const sent = (n: number, attempt = 1): EarlyAccessEvent => ({
  type: 'ConfirmationMailSent',
  data: { registrationId: id(n), messageId: `m-${n}-${attempt}` },
});
const confirmed = (n: number, number: number, feeWaived: boolean): EarlyAccessEvent => ({
  type: 'InterestConfirmed',
  data: { registrationId: id(n), number, feeWaived, confirmedAt: at },
});
const confirm = (n: number, tokenHash = `hash-${n}-1`, when = at): EarlyAccessCommand => ({
  type: 'ConfirmInterest',
  registrationId: id(n),
  tokenHash,
  at: when,
});
const mailed = (n: number): EarlyAccessEvent[] => [registered(n), sending(n), sent(n)];

const { given } = specify(interestRegister);

describe('EarlyAccessList decider: folding', () => {
  it('folds a stream in one go to the state one event at a time gives, and never changes the state it starts from', () => {
    const history = [
      ...Array.from({ length: 30 }, (_, i) => mailed(i + 1)).flat(),
      confirmed(3, 1, true),
      {
        type: 'ConfirmationMailFailed',
        data: { registrationId: id(4), messageId: 'm-4-1', reason: 'refused', retryAt: at },
      },
      registered(31, { number: 2, feeWaived: true }),
    ] satisfies EarlyAccessEvent[];
    const oneByOne = history.reduce(interestRegister.evolve, interestRegister.initialState);
    const start = interestRegister.evolveMany!(interestRegister.initialState, history.slice(0, 10));
    const before = structuredClone(start);
    expect(interestRegister.evolveMany!(start, history.slice(10))).toEqual(oneByOne);
    expect(start).toEqual(before);
    expect(interestRegister.initialState.byId.size).toBe(0);
  });

  it('never reads the registrant from the stream, so it loads with personal data left sealed', () => {
    expect(interestRegister.ignoresPersonalData).toBe(true);
    const clear = [...mailed(1), ...mailed(2), confirmed(2, 1, true)];
    const sealed = clear.map((e) =>
      e.type === 'InterestRegistered'
        ? { ...e, data: { ...e.data, personal: { $sealed: 'aes-256-gcm', fields: ['email'] } as never } }
        : e,
    );
    expect(
      given(sealed).when(register(3, { registrant: { ...register(3).registrant, email: emailOf(2) } })).error,
    ).toMatchObject({ status: 409 });
    expect(given(sealed).state).toEqual(given(clear).state);
  });
});

describe('EarlyAccessList decider: registering', () => {
  it('given no registrations, when someone registers, then InterestRegistered, keyed e-mail key, no place', () => {
    expect(given([]).when(register(1))).toEqual({ events: [registered(1)], error: null });
    expect(given([registered(1)]).state).toMatchObject({ registrations: 1, confirmations: 0, feeWaivers: 0 });
  });

  it('refuses an e-mail address that already registered, whatever its case or spacing', () => {
    const again = register(2, { registrant: { ...register(2).registrant, email: '  PERSON1@Example.NZ ' } });
    const { error } = given([registered(1)]).when(again);
    expect(error).toMatchObject({ message: ALREADY_REGISTERED, status: 409 });
  });

  it('refuses a look-alike of an address (full-width letters, a zero-width space) as a 400 on the email field, registered or not', () => {
    for (const email of ['ｐerson1@example.nz', 'person1@example.nz\u200b']) {
      const lookalike = register(2, { registrant: { ...register(2).registrant, email } });
      expect(given([]).when(lookalike).error).toMatchObject({
        status: 400,
        errors: [{ field: 'email', message: 'Please enter your email address in plain characters' }],
      });
      expect(given([registered(1)]).when(lookalike).error).toMatchObject({ status: 400 });
    }
  });

  it('refuses a registration id already in the register, so a confirmed registration is never reset and numbered twice', () => {
    const sameId = register(2, { registrationId: id(1), at: minutesLater(200 * 24 * 60) });
    for (const history of [[registered(1)], [...mailed(1), confirmed(1, 1, true)]]) {
      expect(given(history).when(sameId)).toMatchObject({
        events: null,
        error: { message: REGISTRATION_EXISTS, status: 409 },
      });
    }
  });

  it('refuses an address registered before keyed keys (found by its unkeyed key)', () => {
    const legacy = registered(1, { number: 1, feeWaived: true });
    expect(
      given([legacy]).when(register(2, { registrant: { ...register(2).registrant, email: emailOf(1) } })).error,
    ).toMatchObject({ status: 409 });
  });

  it('lets the address register again when its holder was forgotten, or never confirmed within 48 hours', () => {
    const again = (overrides: Partial<RegisterInterest>) =>
      register(2, { registrant: { ...register(2).registrant, email: emailOf(1) }, ...overrides });
    expect(given(mailed(1)).when(again({ forgotten: [id(1)] })).error).toBeNull();
    expect(given(mailed(1)).when(again({ at: minutesLater(47 * 60) })).error).toMatchObject({ status: 409 });
    expect(given(mailed(1)).when(again({ at: minutesLater(48 * 60) })).error).toBeNull();
    expect(
      given([...mailed(1), confirmed(1, 1, true)]).when(again({ at: minutesLater(100 * 60) })).error,
    ).toMatchObject({ status: 409 });
  });

  it('refuses someone under 18 on the day of registering', () => {
    const young = register(1);
    young.registrant = { ...young.registrant, dateOfBirth: '2008-11-23' };
    expect(given([]).when(young).error).toMatchObject({ message: TOO_YOUNG, status: 422 });
    young.registrant = { ...young.registrant, dateOfBirth: '2008-11-22' };
    expect(given([]).when(young).error).toBeNull();
  });

  it('refuses a registration without both consents', () => {
    expect(given([]).when(register(1, { agreeToTerms: false })).error?.message).toBe(
      'You must agree to the terms and conditions',
    );
    expect(given([]).when(register(1, { agreeToContact: false })).error?.message).toBe(
      'You must agree to be contacted',
    );
  });

  it('names every refused field at once', () => {
    const young = register(1, { agreeToTerms: false, agreeToContact: false });
    young.registrant = { ...young.registrant, dateOfBirth: '2020-01-01' };
    expect(given([]).when(young).error).toMatchObject({
      status: 422,
      errors: [
        { field: 'agreeToTerms', message: 'You must agree to the terms and conditions' },
        { field: 'agreeToContact', message: 'You must agree to be contacted' },
        { field: 'dateOfBirth', message: TOO_YOUNG },
      ],
    });
  });

  it('names malformed fields with the rules broken, as a 400', () => {
    const wrong = register(1, { agreeToTerms: false, country: 'xx' as RegisterInterest['country'] });
    wrong.registrant = { ...wrong.registrant, firstName: 'T', phone: '12' };
    expect(given([]).when(wrong).error).toMatchObject({
      status: 400,
      errors: [
        { field: 'agreeToTerms', message: 'You must agree to the terms and conditions' },
        { field: 'firstName', message: 'First name must be at least 2 characters' },
        { field: 'phone', message: 'Please enter a valid phone number' },
        { field: 'country', message: 'Country is required' },
      ],
    });
  });
});

describe('EarlyAccessList decider: the confirmation mail outbox', () => {
  const start = (n: number, when = at, attempt = 1): EarlyAccessCommand => ({
    type: 'StartConfirmationMail',
    registrationId: id(n),
    messageId: `m-${n}-${attempt}`,
    tokenHash: `hash-${n}-${attempt}`,
    at: when,
  });
  const record = (
    n: number,
    outcome: 'sent' | 'refused' | 'interrupted-not-sent' | 'interrupted-unknown',
    when = at,
    attempt = 1,
  ): EarlyAccessCommand => ({
    type: 'RecordConfirmationMail',
    registrationId: id(n),
    messageId: `m-${n}-${attempt}`,
    outcome,
    at: when,
  });

  it('given a new registration, its mail is due; starting records the intent: the hash, a 48-hour expiry', () => {
    expect(mailIsDue(given([registered(1)]).state, id(1), at)).toBe(true);
    expect(given([registered(1)]).when(start(1)).events).toEqual([sending(1)]);
  });

  it('starts a send once: a second start while it is in progress, or after it was sent, appends nothing', () => {
    expect(given([registered(1), sending(1)]).when(start(1, at, 2)).events).toEqual([]);
    expect(given(mailed(1)).when(start(1, at, 2)).events).toEqual([]);
    expect(mailIsDue(given(mailed(1)).state, id(1), minutesLater(60))).toBe(false);
  });

  it('records the outcome of the send in progress only, once', () => {
    expect(given([registered(1), sending(1)]).when(record(1, 'sent')).events).toEqual([sent(1)]);
    expect(given(mailed(1)).when(record(1, 'sent')).events).toEqual([]);
    expect(given([registered(1), sending(1)]).when(record(1, 'sent', at, 9)).events).toEqual([]);
  });

  it('retries a refused mail after 1, 5, 30 and 120 minutes, then stops', () => {
    let history: EarlyAccessEvent[] = [registered(1)];
    const waits = [1, 5, 30, 120];
    let when = at;
    for (let attempt = 1; attempt <= 5; attempt++) {
      history = [...history, sending(1, attempt, when)];
      const [failed] = given(history).when(record(1, 'refused', when, attempt)).events!;
      const wait = waits[attempt - 1];
      expect(failed).toEqual({
        type: 'ConfirmationMailFailed',
        data: {
          registrationId: id(1),
          messageId: `m-1-${attempt}`,
          reason: 'refused',
          retryAt: wait ? minutesLater(wait, when) : null,
        },
      });
      history = [...history, failed!];
      if (wait) {
        expect(mailIsDue(given(history).state, id(1), minutesLater(wait - 0.5, when))).toBe(false);
        when = minutesLater(wait, when);
        expect(mailIsDue(given(history).state, id(1), when)).toBe(true);
      }
    }
    expect(mailIsDue(given(history).state, id(1), minutesLater(60, when))).toBe(false);
  });

  it('a send interrupted by a crash is settled after 5 minutes: retried if not sent, never if that is unknown', () => {
    const interrupted = [registered(1), sending(1)];
    expect(mailIsDue(given(interrupted).state, id(1), minutesLater(4))).toBe(false);
    expect(mailIsDue(given(interrupted).state, id(1), minutesLater(5))).toBe(true);
    const [notSent] = given(interrupted).when(record(1, 'interrupted-not-sent', minutesLater(5))).events!;
    expect(notSent).toMatchObject({ data: { reason: 'interrupted', retryAt: minutesLater(6) } });
    const [unknown] = given(interrupted).when(record(1, 'interrupted-unknown', minutesLater(5))).events!;
    expect(unknown).toMatchObject({ data: { reason: 'interrupted', retryAt: null } });
    expect(mailIsDue(given([...interrupted, unknown!]).state, id(1), minutesLater(60))).toBe(false);
  });

  it('sends nothing for a registration superseded by a new one of the same address', () => {
    const later = minutesLater(49 * 60);
    const second = { ...registered(2, null, later), data: { ...registered(2, null, later).data, emailKey: keyOf(1) } };
    expect(mailIsDue(given([...mailed(1), second]).state, id(1), later)).toBe(false);
  });
});

describe('EarlyAccessList decider: confirming', () => {
  it('given a mailed registration, the right token confirms it as number 1 with the fee waived', () => {
    expect(given(mailed(1)).when(confirm(1)).events).toEqual([confirmed(1, 1, true)]);
  });

  it('numbers confirmations in their own order, not that of registering', () => {
    const history = [...mailed(1), ...mailed(2), confirmed(2, 1, true)];
    expect(given(history).when(confirm(1)).events).toEqual([confirmed(1, 2, true)]);
  });

  it('given 100 confirmed, the 101st is numbered without the waiver; submissions alone take no place', () => {
    const history = Array.from({ length: 100 }, (_, i) => [...mailed(i + 1), confirmed(i + 1, i + 1, true)]).flat();
    const unconfirmed = Array.from({ length: 50 }, (_, i) => mailed(200 + i)).flat();
    expect(given([...unconfirmed, ...mailed(101)]).when(confirm(101)).events).toEqual([confirmed(101, 1, true)]);
    expect(given([...history, ...mailed(101)]).when(confirm(101)).events).toEqual([confirmed(101, 101, false)]);
    expect(given([...history, ...unconfirmed]).state).toMatchObject({
      registrations: 150,
      confirmations: 100,
      feeWaivers: 100,
    });
  });

  it('counts registrations from before confirmation existed with the place they were given', () => {
    const legacy = [registered(1, { number: 1, feeWaived: true }), registered(2, { number: 2, feeWaived: true })];
    expect(given(legacy).state).toMatchObject({ confirmations: 2, feeWaivers: 2 });
    expect(given([...legacy, ...mailed(3)]).when(confirm(3)).events).toEqual([confirmed(3, 3, true)]);
  });

  it('a link works once: a second use is refused as already confirmed', () => {
    expect(given([...mailed(1), confirmed(1, 1, true)]).when(confirm(1)).error).toMatchObject({
      message: ALREADY_CONFIRMED,
      status: 409,
    });
  });

  it('refuses a wrong token, an unknown registration, a link replaced by a newer one, and an expired link', () => {
    expect(given(mailed(1)).when(confirm(1, 'hash-of-something-else')).error).toMatchObject({
      message: INVALID_LINK,
      status: 404,
    });
    expect(given(mailed(1)).when(confirm(7)).error).toMatchObject({ message: INVALID_LINK, status: 404 });
    expect(given([...mailed(1), sending(1, 2), sent(1, 2)]).when(confirm(1, 'hash-1-1')).error).toMatchObject({
      message: INVALID_LINK,
    });
    expect(given([...mailed(1), sending(1, 2), sent(1, 2)]).when(confirm(1, 'hash-1-2')).error).toBeNull();
    expect(given(mailed(1)).when(confirm(1, 'hash-1-1', minutesLater(48 * 60))).error).toMatchObject({
      message: LINK_EXPIRED,
      status: 422,
    });
    expect(given(mailed(1)).when(confirm(1, 'hash-1-1', minutesLater(48 * 60 - 1))).error).toBeNull();
  });
});
