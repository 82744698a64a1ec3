import { describe, expect, it } from '@jest/globals';
import { nzDate, nzDateTime, nzEndOfDay } from './nz-time.js';

describe('nzDateTime', () => {
  it('writes a moment in New Zealand time with its zone, summer and winter', () => {
    expect(nzDateTime('2026-11-27T05:10:00.000Z')).toBe('27 November 2026, 6:10 pm NZDT');
    expect(nzDateTime('2026-06-30T23:05:00.000Z')).toBe('1 July 2026, 11:05 am NZST');
    expect(nzDateTime('2026-06-30T12:00:00.000Z')).toBe('1 July 2026, 12:00 am NZST');
  });
});

describe('nzDate and nzEndOfDay', () => {
  it('a moment’s New Zealand date, and the last millisecond of a date there, summer and winter', () => {
    expect(nzDate('2026-11-27T11:00:00.000Z')).toBe('2026-11-28');
    expect(nzDate('2026-11-27T10:59:59.999Z')).toBe('2026-11-27');
    expect(nzEndOfDay('2026-11-27')).toBe('2026-11-27T10:59:59.999Z');
    expect(nzEndOfDay('2026-06-30')).toBe('2026-06-30T11:59:59.999Z');
    // The day daylight time ends (5 April 2026: 3 am NZDT becomes 2 am NZST) and the day it starts.
    expect(nzEndOfDay('2026-04-05')).toBe('2026-04-05T11:59:59.999Z');
    expect(nzEndOfDay('2026-09-27')).toBe('2026-09-27T10:59:59.999Z');
    expect(nzEndOfDay('2026-02-30')).toBeNull();
  });
});
