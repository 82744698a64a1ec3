import { asOfMoment, dateProblem, isoTime } from './dates.js';

describe('dates that come in', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');

  it('accepts ISO 8601 calendar dates and full date-times with a zone', () => {
    const accepted = [
      '2026-11-23',
      '2026-11-23T09:30:00Z',
      '2026-11-23T09:30Z',
      '2026-11-23T22:30:00.123+13:00',
      '2024-02-29',
      '2000-01-01',
      '2100-12-31',
    ];
    for (const text of accepted) {
      expect([text, dateProblem(text, {}, now)]).toEqual([text, null]);
    }
    expect(isoTime('2026-11-23T22:30:00+13:00')).toBe('2026-11-23T09:30:00.000Z');
    expect(isoTime('2026-11-23')).toBe('2026-11-23T00:00:00.000Z');
  });

  it('refuses every other shape: week dates, basic format, bare numbers, no zone, impossible days', () => {
    const refused = [
      '2026-W01',
      '20261123',
      '42',
      '2026',
      '2026-11',
      '2026-11-23T09:30:00',
      '2026-11-23 09:30:00Z',
      '2026-02-29',
      '2026-13-01',
      '2026-11-31',
      '2026-11-23T24:00:00Z',
      '2026-11-23T09:60:00Z',
      '2026-11-23T09:30:00+15:00',
      'Mon, 23 Nov 2026 09:30:00 GMT',
      '',
      ' 2026-11-23',
      42,
      null,
      {},
    ];
    for (const text of refused) expect([text, dateProblem(text, {}, now)]).toEqual([text, 'format']);
    expect(dateProblem('2026-11-23T09:30:00Z', { dateOnly: true }, now)).toBe('format');
  });

  it('keeps years in range (2000 to 2100 unless told otherwise) and, when asked, refuses the future', () => {
    expect(dateProblem('1999-12-31', {}, now)).toBe('range');
    expect(dateProblem('2101-01-01', {}, now)).toBe('range');
    expect(dateProblem('0001-01-01', {}, now)).toBe('range');
    expect(dateProblem('1984-03-14', { dateOnly: true, minYear: 1900 }, now)).toBeNull();
    expect(dateProblem('2026-11-23T12:00:01Z', { notInFuture: true }, now)).toBe('future');
    expect(dateProblem('2026-11-23T12:00:00Z', { notInFuture: true }, now)).toBeNull();
    expect(dateProblem('2042-01-01', { notInFuture: true }, now)).toBe('future');
  });
});

describe('a date alone is a New Zealand day', () => {
  // 10 am on 30 November in New Zealand (daylight time), still 29 November in UTC.
  const nzMorning = Date.parse('2026-11-29T21:00:00Z');

  it('today there is not in the future; tomorrow there is', () => {
    expect(dateProblem('2026-11-30', { notInFuture: true }, nzMorning)).toBeNull();
    expect(dateProblem('2026-12-01', { notInFuture: true }, nzMorning)).toBe('future');
    expect(dateProblem('2026-11-30T00:00:00Z', { notInFuture: true }, nzMorning)).toBe('future');
  });

  it('as of a past day is the end of it there; as of today is now; a date-time is itself', () => {
    const now = new Date(nzMorning).toISOString();
    expect(asOfMoment('2026-11-29', now)).toBe('2026-11-29T10:59:59.999Z');
    expect(asOfMoment('2026-11-30', now)).toBe(now);
    expect(asOfMoment('2026-11-20T08:00:00+13:00', now)).toBe('2026-11-19T19:00:00.000Z');
  });
});
