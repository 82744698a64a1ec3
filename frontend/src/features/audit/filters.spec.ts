import { describe, expect, it } from '@jest/globals';
import dayjs from 'dayjs';
import { filterOf, filterValues } from './filters';

describe('audit filters between the address and the form', () => {
  it('leaves blanks out and trims text', () => {
    const values = { stream: '  ', type: undefined, actor: ' system:sweeper ', range: null };
    expect(filterOf(values)).toEqual({ actor: 'system:sweeper' });
    expect(filterOf({})).toEqual({});
  });

  it('turns an open-ended range into instants', () => {
    const from = dayjs('2026-03-01T09:00:00Z');
    expect(filterOf({ range: [from, null] })).toEqual({ from: '2026-03-01T09:00:00.000Z' });
  });

  it('fills the form from the address, and the form gives the same filter back', () => {
    const filter = { type: 'OfferingCreated', from: '2026-03-01T09:00:00.000Z', to: '2026-03-02T09:00:00.000Z' };
    const values = filterValues(filter);
    expect(values.range?.map((d) => d?.toISOString())).toEqual([filter.from, filter.to]);
    expect(filterOf(values)).toEqual(filter);
    expect(filterValues({}).range).toBeNull();
  });
});
