import type { Decider } from '../../platform/decider.js';
import { ageOn, isCalendarDate } from '../../platform/calendar-date.js';
import { nzDate } from '../../platform/nz-time.js';
import { requireValidFields, type FieldError } from '../../platform/errors.js';
import { TAX_PROFILE_MESSAGES as M } from '../../messages.js';
import { taxProfileEventSchemas, type TaxProfileEvent, type TaxProfileSaved } from './events.js';
import { isValidBankAccount, normalBankAccount } from './bank-account.js';
import { isCountryCode } from './countries.js';
import { normalIrdNumber } from './ird-number.js';
import { NO_PROFILE, RESIDENCIES, type Residency, type TaxStanding } from './tax.js';
import { ELECTED_RWT_RATES, type ElectedRwtRate } from './tax-rates.js';
import { upcasters } from '../upcasters.js';

export interface TaxProfileState extends TaxStanding {
  saved: boolean;
  irdNumber: string | null;
  dateOfBirth: string | null;
  bankAccount: string | null;
}

export type TaxProfileCommand = {
  type: 'SaveTaxProfile';
  userId: string;
  residency: string;
  irdNumber: string | null;
  rwtRate: string | null;
  treatyCountry: string | null;
  dateOfBirth: string | null;
  bankAccount: string | null;
  now: string;
};

const isResidency = (v: string): v is Residency => (RESIDENCIES as readonly string[]).includes(v);
const isRate = (v: string): v is ElectedRwtRate => (ELECTED_RWT_RATES as readonly string[]).includes(v);
const blank = (v: string | null) => (v === null || v.trim() === '' ? null : v.trim());
/** Investing on Kauri is for adults. */
export const ADULT_AGE = 18;
/** Nobody documented has lived longer: an earlier date of birth is a typing slip (1800 for 1980). */
export const OLDEST_AGE = 120;

/**
 * A person's tax profile. Residents with an IRD number elect their interest rate; a resident without one is taxed
 * at the non-declaration rate on interest. Non-residents may name their country to claim its treaty rate. What a
 * residency does not use is not kept (a resident has no treaty country, a non-resident no elected rate).
 */
export const taxProfile: Decider<TaxProfileCommand, TaxProfileEvent, TaxProfileState> = {
  upcasters,
  name: 'tax-profile',
  eventSchemas: taxProfileEventSchemas,
  initialState: { ...NO_PROFILE, saved: false, dateOfBirth: null, bankAccount: null },
  evolve(state, event) {
    switch (event.type) {
      case 'TaxProfileSaved': {
        const { residency, rwtRate, treatyCountry, personal } = event.data;
        return { saved: true, residency, rwtRate, treatyCountry, ...personal };
      }
      default: {
        const _exhaustive: never = event.type;
        return state;
      }
    }
  },
  decide(command, state) {
    const irdText = blank(command.irdNumber);
    const irdNumber = irdText === null ? null : normalIrdNumber(irdText);
    const rateText = blank(command.rwtRate);
    const country = blank(command.treatyCountry)?.toUpperCase() ?? null;
    const dateOfBirth = blank(command.dateOfBirth);
    const accountText = blank(command.bankAccount);
    const bankAccount = accountText === null ? null : normalBankAccount(accountText);
    // Days are New Zealand's: a birthday there begins before it does in UTC.
    const today = nzDate(command.now);
    const age =
      dateOfBirth !== null && isCalendarDate(dateOfBirth) && dateOfBirth < today ? ageOn(dateOfBirth, today) : null;
    const residency = command.residency;
    const resident = residency === 'resident';
    const errors: (FieldError | false)[] = [
      !isResidency(residency) && { field: 'residency', message: M.residency },
      irdText !== null && irdNumber === null && { field: 'irdNumber', message: M.irdNumber },
      resident &&
        irdNumber !== null &&
        (rateText === null || !isRate(rateText)) && { field: 'rwtRate', message: M.rwtRate },
      resident && rateText !== null && !isRate(rateText) && { field: 'rwtRate', message: M.rwtRate },
      // A rate kept without an IRD number would read as the rate applied, which it is not (45 %).
      resident && irdText === null && rateText !== null && { field: 'irdNumber', message: M.rateWithoutIrd },
      // A country that exists, and not New Zealand: a non-resident's residence for tax is elsewhere.
      !resident &&
        country !== null &&
        (!isCountryCode(country) || country === 'NZ') && {
          field: 'treatyCountry',
          message: country === 'NZ' ? M.treatyCountryNz : M.treatyCountry,
        },
      dateOfBirth !== null && age === null && { field: 'dateOfBirth', message: M.dateOfBirth },
      age !== null && age > OLDEST_AGE && { field: 'dateOfBirth', message: M.dateOfBirthTooOld },
      age !== null && age < ADULT_AGE && { field: 'dateOfBirth', message: M.dateOfBirthTooYoung },
      accountText !== null && bankAccount === null && { field: 'bankAccount', message: M.bankAccount },
      // Distributions are paid by direct credit to it: a number no bank issued would send the money nowhere.
      // Accounts recorded before this check stay as they were; only a new save is checked.
      bankAccount !== null &&
        !isValidBankAccount(bankAccount) && { field: 'bankAccount', message: M.bankAccountInvalid },
    ];
    requireValidFields(errors.filter((e, i, all) => e && all.findIndex((o) => o && o.field === e.field) === i));
    const data: TaxProfileSaved['data'] = {
      userId: command.userId,
      subjectId: command.userId,
      residency: isResidency(residency) ? residency : 'resident',
      hasIrdNumber: irdNumber !== null,
      rwtRate: resident && rateText !== null && isRate(rateText) ? rateText : null,
      treatyCountry: resident ? null : country,
      savedAt: command.now,
      personal: { irdNumber, dateOfBirth, bankAccount },
    };
    const unchanged =
      state.saved &&
      state.residency === data.residency &&
      state.irdNumber === irdNumber &&
      state.rwtRate === data.rwtRate &&
      state.treatyCountry === data.treatyCountry &&
      state.dateOfBirth === dateOfBirth &&
      state.bankAccount === bankAccount;
    return unchanged ? [] : [{ type: 'TaxProfileSaved', data }];
  },
};
