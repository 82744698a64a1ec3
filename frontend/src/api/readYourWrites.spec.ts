import { describe, expect, it } from '@jest/globals';
import { createWritePositions, positionOf } from './readYourWrites';

describe('positionOf: the log position a write’s answer carries', () => {
  it('reads a positive whole `position`', () => {
    expect(positionOf({ success: true, position: 42 })).toBe(42);
  });

  it.each([
    ['no answer', null],
    ['a list', [1, 2]],
    ['no position', { success: true }],
    ['a nested position only', { lastError: { position: 7 } }],
    ['a position of 0', { position: 0 }],
    ['a negative position', { position: -3 }],
    ['a fractional position', { position: 1.5 }],
    ['a position in text', { position: '12' }],
    ['an unsafe integer', { position: 2 ** 60 }],
  ])('finds none in %s', (_, answer) => {
    expect(positionOf(answer)).toBeNull();
  });
});

describe('createWritePositions', () => {
  it('asks for nothing before the first write', () => {
    expect(createWritePositions().readAfter()).toBeNull();
  });

  it('keeps the highest position seen: an older write answered late does not lower it', () => {
    const positions = createWritePositions();
    positions.observe({ position: 5 });
    expect(positions.readAfter()).toBe('5');
    positions.observe({ position: 9 });
    positions.observe({ position: 7 });
    positions.observe({ success: true });
    expect(positions.readAfter()).toBe('9');
  });
});
