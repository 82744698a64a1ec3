import { describe, expect, it } from '@jest/globals';
import { normalBankAccount } from './bank-account.js';
import { directCreditFile } from './direct-credit.js';

describe('the direct-credit file (BNZ IB4B CSV)', () => {
  it('a header, one record per payment with fields the bank accepts, and the control record', () => {
    const file = directCreditFile(
      { account: normalBankAccount('02-0100-0123456-00')!, name: 'Kauri Income' },
      '2026-11-30',
      '2026-11-27',
      [
        {
          account: normalBankAccount('12-3140-0123456-00')!,
          cents: 3_500,
          name: 'Mere Tāne, Jr',
          reference: 'D-0b6c1b9e',
          code: 'INTEREST',
          particulars: 'KAURI',
        },
        {
          account: normalBankAccount('38-9000-7654321-01')!,
          cents: 5_500,
          name: 'Aroha Ngata',
          reference: 'D-0b6c1b9e',
          code: 'INTEREST',
          particulars: 'KAURI',
        },
      ],
    );
    expect(file.split('\r\n')).toEqual([
      '1,,,,0201000123456000,7,261130,261127,',
      '2,1231400123456000,50,3500,Mere Tane Jr,D-0b6c1b9e,INTEREST,,KAURI,Kauri Income,INTEREST,D-0b6c1b9e,KAURI',
      '2,3890007654321001,50,5500,Aroha Ngata,D-0b6c1b9e,INTEREST,,KAURI,Kauri Income,INTEREST,D-0b6c1b9e,KAURI',
      // 31400123456 + 90007654321 = 121407777777: its last 11 digits.
      '3,9000,2,21407777777',
      '',
    ]);
  });
});
