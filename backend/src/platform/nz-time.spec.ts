import { describe, expect, it } from '@jest/globals';
import { nzDateTime } from './nz-time.js';

describe('nzDateTime', () => {
  it('writes a moment in New Zealand time with its zone, summer and winter', () => {
    expect(nzDateTime('2026-11-27T05:10:00.000Z')).toBe('27 November 2026, 6:10 pm NZDT');
    expect(nzDateTime('2026-06-30T23:05:00.000Z')).toBe('1 July 2026, 11:05 am NZST');
    expect(nzDateTime('2026-06-30T12:00:00.000Z')).toBe('1 July 2026, 12:00 am NZST');
  });
});
