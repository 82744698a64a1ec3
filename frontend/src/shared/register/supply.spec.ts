import { describe, expect, it } from '@jest/globals';
import { dilutionText, nzToday } from './supply';

describe('dilutionText', () => {
  it('issuing 500 on a supply of 1,000 dilutes existing holders by a third', () => {
    expect(dilutionText(1_000, 500)).toBe('Issuing 500 dilutes existing holders by 33.3 %');
  });
  it('cancelling 100 of 1,000 raises every other share by a ninth', () => {
    expect(dilutionText(1_000, -100)).toBe("Cancelling 100 raises every other holder's share by 11.1 %");
  });
  it('says nothing for no change, a fraction, or a supply that would vanish', () => {
    expect([dilutionText(1_000, 0), dilutionText(1_000, 1.5), dilutionText(1_000, -1_000)]).toEqual([null, null, null]);
  });
});

describe('nzToday', () => {
  it('is already tomorrow in Auckland late in the UTC day', () => {
    expect(nzToday(new Date('2026-06-30T13:00:00Z'))).toBe('2026-07-01'); // NZST, UTC+12
    expect(nzToday(new Date('2026-12-31T10:59:00Z'))).toBe('2026-12-31'); // NZDT, UTC+13
    expect(nzToday(new Date('2026-12-31T11:00:00Z'))).toBe('2027-01-01');
  });
});
