import { ageOn, isCalendarDate } from './calendar-date.js';

test.each([
  ['2027-06-30', true],
  ['2028-02-29', true],
  ['2000-02-29', true],
  ['2026-12-31', true],
  ['2027-02-29', false],
  ['2026-02-30', false],
  ['2026-13-01', false],
  ['2026-00-10', false],
  ['2026-11-32', false],
  ['2026-11-00', false],
  ['1900-02-29', false],
  ['2026-1-01', false],
  ['2026-11-27T00:00:00Z', false],
  ['', false],
])('%s is a calendar date: %s', (text, expected) => {
  expect(isCalendarDate(text)).toBe(expected);
});

test.each([
  ['2008-11-23', '2026-11-22', 17],
  ['2008-11-22', '2026-11-22', 18],
  ['2008-02-29', '2026-02-28', 17],
  ['2008-02-29', '2026-03-01', 18],
  ['2008-02-29', '2028-02-29', 20],
  ['1906-11-23', '2026-11-22', 119],
  ['1906-11-22', '2026-11-22', 120],
  ['2026-11-22', '2026-11-22', 0],
])('born %s, on %s: %i years old', (born, day, age) => {
  expect(ageOn(born, day)).toBe(age);
});
