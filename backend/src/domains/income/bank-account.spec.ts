import { describe, expect, it } from '@jest/globals';
import { formatBankAccount, isValidBankAccount, normalBankAccount } from './bank-account.js';

const valid = (text: string) => {
  const digits = normalBankAccount(text);
  return digits !== null && isValidBankAccount(digits);
};

describe('New Zealand bank account number (Inland Revenue’s published validation)', () => {
  it.each([
    // Inland Revenue's own worked examples (RWT and NRWT specification, bank account number validation).
    ['01-902-0068389-00', 'algorithm A, the branch written with 3 digits'],
    ['08-6523-1954512-001', 'algorithm D (bank 08)'],
    ['26-2600-0320871-032', 'algorithm G, products reduced to their digit sums'],
    // Examples published with open-source validators of the same specification, each checked by hand.
    ['01-0242-0100194-00', 'algorithm A'],
    ['12-3140-0171323-50', 'algorithm A'],
    ['01-0902-0998907-00', 'algorithm B: the account base is 00990000 or more'],
    ['25-2500-2608486-001', 'algorithm F (bank 25)'],
    ['09-0000-0007471-002', 'algorithm E (bank 09), digit sums and the suffix'],
    ['31-2825-1234567-000', 'algorithm X (bank 31): any number'],
    ['04-2021-0095861-15', 'bank 04, added in the 2020 specification'],
  ])('%s is valid (%s)', (text) => {
    expect(valid(text)).toBe(true);
  });

  it.each([
    ['99-9999-9999999-999', 'no bank 99'],
    ['01-9999-0100197-00', 'a branch outside bank 01’s ranges'],
    ['01-0000-0068389-00', 'branch 0000 is only bank 09’s'],
    ['32-2800-0068389-00', 'no bank 32'],
    ['01-0902-0068390-00', 'algorithm A, one digit off'],
    ['01-0242-0100195-00', 'algorithm A, one digit off'],
    ['08-6523-1954513-001', 'algorithm D, one digit off'],
    ['26-2600-0320872-032', 'algorithm G, one digit off'],
    ['25-2500-2608586-001', 'algorithm F, one digit off'],
    ['09-0000-0007471-003', 'algorithm E, the suffix counts'],
    ['12-3140-0123456-00', 'the old placeholder: right shape, wrong check'],
  ])('%s is not valid (%s)', (text) => {
    expect(valid(text)).toBe(false);
  });

  it('reads the forms people write and stores 16 digits', () => {
    expect(normalBankAccount('12-3140-0171323-50')).toBe('1231400171323050');
    expect(normalBankAccount('12 3140 0171323 050')).toBe('1231400171323050');
    expect(normalBankAccount('123140017132350')).toBe('1231400171323050');
    expect(normalBankAccount('01-902-0068389-00')).toBe('0109020068389000');
    // Run together, 15 digits are a 4-digit branch and a 2-digit suffix: a 3-digit branch needs its separators.
    expect(normalBankAccount('019020068389000')).toBe('0190200683890000');
    expect(normalBankAccount('12-3140-012345')).toBeNull();
    // Dashes pasted from a document, and Inland Revenue's 18-digit layout (found by an outside probe).
    expect(normalBankAccount('01–0902–0068389–00')).toBe('0109020068389000');
    expect(normalBankAccount('01—0902—0068389—00')).toBe('0109020068389000');
    expect(normalBankAccount('01-0902-00068389-0000')).toBe('0109020068389000');
    expect(normalBankAccount('010902000683890000')).toBe('0109020068389000');
    expect(normalBankAccount('01-0902-10068389-0000')).toBeNull();
    expect(normalBankAccount('01--0902-0068389-00')).toBeNull();
    expect(formatBankAccount('0109020068389000')).toBe('01-0902-0068389-000');
  });

  it('checks only 16 digits', () => {
    expect(isValidBankAccount('010902006838900')).toBe(false);
    expect(isValidBankAccount('01090200683890a0')).toBe(false);
  });
});
