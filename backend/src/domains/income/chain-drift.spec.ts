import { describe, expect, it } from '@jest/globals';
import { chainDrift } from './chain-drift.js';

describe('drift between the register and the chain before paying', () => {
  it('none when every person’s balance agrees; each difference named otherwise', () => {
    const register = new Map([
      ['p-1', 100],
      ['p-2', 50],
    ]);
    expect(
      chainDrift(register, [
        { personId: 'p-1', balance: 100 },
        { personId: 'p-2', balance: 50 },
        { personId: null, balance: 850 },
      ]),
    ).toEqual([]);
    expect(
      chainDrift(register, [
        { personId: 'p-1', balance: 90 },
        { personId: 'p-3', balance: 10 },
      ]),
    ).toEqual([
      { personId: 'p-1', register: 100, chain: 90 },
      { personId: 'p-2', register: 50, chain: 0 },
      { personId: 'p-3', register: 0, chain: 10 },
    ]);
  });
});
