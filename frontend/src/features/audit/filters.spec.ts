import { describe, expect, it } from '@jest/globals';
import dayjs from 'dayjs';
import { filterOf, filterValues } from './filters';

describe('audit filters between the address and the form', () => {
  it('leaves blanks out and trims text', () => {
    const values = { stream: '  ', type: undefined, actor: ' system:sweeper ', range: null };
    expect(filterOf(values)).toEqual({ actor: 'system:sweeper' });
    expect(filterOf({})).toEqual({});
  });

  it('reads the picked times as NZ wall time, whatever zone the browser is in', () => {
    // 9 am on 1 March in Auckland (NZDT, UTC+13) is 8 pm on 28 February UTC.
    const from = dayjs('2026-03-01T09:00:00');
    expect(filterOf({ range: [from, null] })).toEqual({ from: '2026-02-28T20:00:00.000Z' });
    // 9 am on 1 July (NZST, UTC+12).
    expect(filterOf({ range: [null, dayjs('2026-07-01T09:00')] })).toEqual({ to: '2026-06-30T21:00:00.000Z' });
  });

  it('fills the form from the address, and the form gives the same filter back', () => {
    const filter = { type: 'OfferingCreated', from: '2026-03-01T09:00:00.000Z', to: '2026-03-02T09:00:00.000Z' };
    const values = filterValues(filter);
    // The pickers show NZ wall time: 9 am UTC on 1 March is 10 pm that day in Auckland.
    expect(values.range?.map((d) => d?.format('YYYY-MM-DD HH:mm'))).toEqual(['2026-03-01 22:00', '2026-03-02 22:00']);
    expect(filterOf(values)).toEqual(filter);
    expect(filterValues({}).range).toBeNull();
  });
});
