import { describe, expect, it } from '@jest/globals';
import { DomainError } from '../../platform/errors.js';
import { fold } from '../../platform/decider.js';
import { TAX_PROFILE_MESSAGES as M } from '../../messages.js';
import type { TaxProfileEvent } from './events.js';
import { taxProfile, type TaxProfileCommand } from './tax-profile.decider.js';

const NOW = '2026-11-27T01:00:00.000Z';
const userId = '7a1e4c52-38a4-4f5c-9d0e-2b1f6c3a9e11';
const save = (fields: Partial<TaxProfileCommand>): TaxProfileCommand => ({
  type: 'SaveTaxProfile',
  userId,
  residency: 'resident',
  irdNumber: null,
  rwtRate: null,
  treatyCountry: null,
  dateOfBirth: null,
  bankAccount: null,
  now: NOW,
  ...fields,
});
const refusal = (given: TaxProfileEvent[], command: TaxProfileCommand) => {
  try {
    taxProfile.decide(command, fold(taxProfile, given));
  } catch (error) {
    return error instanceof DomainError ? { status: error.status, errors: error.errors } : error;
  }
  throw new Error('not refused');
};

describe('tax profile decider', () => {
  it('a resident with an IRD number and an elected rate: the number stored as nine digits, sealed', () => {
    const events = taxProfile.decide(
      save({ irdNumber: '49-091-850', rwtRate: '17.5', dateOfBirth: '1980-02-29' }),
      taxProfile.initialState,
    );
    expect(events).toEqual([
      {
        type: 'TaxProfileSaved',
        data: {
          userId,
          subjectId: userId,
          residency: 'resident',
          hasIrdNumber: true,
          rwtRate: '17.5',
          treatyCountry: null,
          savedAt: NOW,
          personal: { irdNumber: '049091850', dateOfBirth: '1980-02-29', bankAccount: null },
        },
      },
    ]);
    // Saving the same again records nothing.
    expect(
      taxProfile.decide(
        save({ irdNumber: '049091850', rwtRate: '17.5', dateOfBirth: '1980-02-29' }),
        fold(taxProfile, events),
      ),
    ).toEqual([]);
  });

  it('keeps a bank account as 16 digits', () => {
    const [event] = taxProfile.decide(save({ bankAccount: '01-0902-0068389-00' }), taxProfile.initialState);
    expect(event!.data.personal.bankAccount).toBe('0109020068389000');
  });

  it('refuses an account no bank issued in plain words; one recorded before the check stays, a new save is checked', () => {
    const recorded: TaxProfileEvent = {
      type: 'TaxProfileSaved',
      data: {
        userId,
        subjectId: userId,
        residency: 'resident',
        hasIrdNumber: false,
        rwtRate: null,
        treatyCountry: null,
        savedAt: '2026-01-05T01:00:00.000Z',
        personal: { irdNumber: null, dateOfBirth: null, bankAccount: '9999999999999999' },
      },
    };
    expect(fold(taxProfile, [recorded]).bankAccount).toBe('9999999999999999');
    expect(refusal([recorded], save({ bankAccount: '99-9999-9999999-999' }))).toEqual({
      status: 400,
      errors: [{ field: 'bankAccount', message: M.bankAccountInvalid }],
    });
  });

  it('takes a date of birth from 18 to 120 years ago, counted in New Zealand days', () => {
    const born = (dateOfBirth: string, now = NOW) => {
      try {
        return taxProfile.decide(save({ dateOfBirth, now }), taxProfile.initialState).length === 1 ? 'saved' : 'none';
      } catch (error) {
        return error instanceof DomainError ? error.errors?.map((e) => e.message).join() : error;
      }
    };
    // NOW is 27 November 2026 in New Zealand.
    expect(born('2008-11-27')).toBe('saved');
    expect(born('2008-11-28')).toBe(M.dateOfBirthTooYoung);
    expect(born('2026-11-26')).toBe(M.dateOfBirthTooYoung);
    expect(born('1906-01-01')).toBe('saved');
    expect(born('1905-11-27')).toBe(M.dateOfBirthTooOld);
    expect(born('1800-01-01')).toBe(M.dateOfBirthTooOld);
    // 1 pm UTC on the 26th is already the 27th in Auckland: an 18th birthday there counts.
    expect(born('2008-11-27', '2026-11-26T13:00:00.000Z')).toBe('saved');
    expect(born('2008-11-27', '2026-11-26T10:00:00.000Z')).toBe(M.dateOfBirthTooYoung);
    // Today and later are not a date of birth at all.
    expect(born('2026-11-27')).toBe(M.dateOfBirth);
  });

  it('a non-resident keeps a treaty country, never an elected rate', () => {
    const [event] = taxProfile.decide(
      save({ residency: 'non-resident', rwtRate: '39', treatyCountry: 'gb' }),
      taxProfile.initialState,
    );
    expect(event!.data).toMatchObject({ residency: 'non-resident', rwtRate: null, treatyCountry: 'GB' });
  });

  it.each([['QQ'], ['EU'], ['XA'], ['UK'], ['ZZ'], ['NZ']])(
    'a non-resident naming %s as their country is refused',
    (code) => {
      expect(() =>
        taxProfile.decide(save({ residency: 'non-resident', treatyCountry: code }), taxProfile.initialState),
      ).toThrow(expect.objectContaining({ errors: [expect.objectContaining({ field: 'treatyCountry' })] }));
    },
  );

  it.each<[string, Partial<TaxProfileCommand>, string[]]>([
    ['unknown residency', { residency: 'martian' }, ['residency']],
    ['a wrong check digit', { irdNumber: '136410133', rwtRate: '33' }, ['irdNumber']],
    ['an IRD number without an elected rate', { irdNumber: '49091850' }, ['rwtRate']],
    ['a rate that is not on the list', { irdNumber: '49091850', rwtRate: '25' }, ['rwtRate']],
    [
      'an elected rate without an IRD number (taxed at 45 %, not that rate)',
      { irdNumber: null, rwtRate: '39' },
      ['irdNumber'],
    ],
    ['a country that is not a code', { residency: 'non-resident', treatyCountry: 'Britain' }, ['treatyCountry']],
    ['a date of birth in the future', { dateOfBirth: '2030-01-01' }, ['dateOfBirth']],
    ['a date that does not exist', { dateOfBirth: '1990-02-30' }, ['dateOfBirth']],
    ['a date of birth more than 120 years ago', { dateOfBirth: '1800-01-01' }, ['dateOfBirth']],
    ['someone under 18', { dateOfBirth: '2010-05-01' }, ['dateOfBirth']],
    ['a bank account that is not one', { bankAccount: '12-3140-012345' }, ['bankAccount']],
    ['a bank account of a bank that does not exist', { bankAccount: '99-9999-9999999-999' }, ['bankAccount']],
    ['a bank account whose check fails', { bankAccount: '01-0902-0068390-00' }, ['bankAccount']],
  ])('refuses %s, naming the field', (_, fields, names) => {
    const refused = refusal([], save(fields)) as { status: number; errors: { field: string; message: string }[] };
    expect(refused.status).toBe(400);
    expect(refused.errors.map((e) => e.field)).toEqual(names);
    for (const e of refused.errors) expect(Object.values(M)).toContain(e.message);
  });
});
