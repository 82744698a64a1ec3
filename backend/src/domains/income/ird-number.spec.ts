import { describe, expect, it } from '@jest/globals';
import { formatIrdNumber, isValidIrdNumber, normalIrdNumber } from './ird-number.js';

describe('IRD number check digit (Inland Revenue’s published algorithm)', () => {
  // Inland Revenue's own examples: valid with the primary weights, valid with the secondary, and invalid ones.
  it.each([
    ['49091850', true, 'primary weights, 8 digits padded to 9'],
    ['35901981', true, 'primary weights'],
    ['49098576', true, 'secondary weights (the primary give 10)'],
    ['136410132', true, '9 digits'],
    ['136410133', false, 'wrong check digit'],
    ['9125568', false, 'below 10,000,000'],
    ['150000001', false, 'above 150,000,000'],
    ['49-091-850', true, 'dashes allowed'],
    ['049 091 850', true, 'spaces allowed'],
    ['4909185O', false, 'a letter'],
    ['', false, 'empty'],
  ])('%s → %s (%s)', (text, valid) => {
    expect(isValidIrdNumber(text)).toBe(valid);
  });

  it('stores nine digits and shows them in threes', () => {
    expect(normalIrdNumber('49-091-850')).toBe('049091850');
    expect(normalIrdNumber('136410133')).toBeNull();
    expect(formatIrdNumber('049091850')).toBe('049-091-850');
  });
});
