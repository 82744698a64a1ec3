import { describe, expect, it } from '@jest/globals';
import { timeAxis } from './timeAxis';

const at = Date.parse('2026-11-29T01:19:09.000Z'); // 2:19:09 pm NZDT

describe('a chart’s time axis', () => {
  const labels = (times: number[]) => {
    const axis = timeAxis(times);
    return axis.ticks.map(axis.tickFormatter);
  };

  it('gives points a few seconds apart a tick for each label, never the same label twice', () => {
    expect(labels([at, at + 400, at + 900])).toEqual(['2:19:09 pm']);
    expect(labels([at, at + 2_000])).toEqual(['2:19:09 pm', '2:19:10 pm', '2:19:11 pm']);
    expect(labels([at])).toEqual(['2:19:09 pm']);
    expect(labels([])).toEqual([]);
  });

  it('spreads five ticks over a longer span, first and last at the points’ ends', () => {
    const axis = timeAxis([at, at + 40 * 60_000]);
    expect(axis.ticks).toHaveLength(5);
    expect([axis.ticks[0], axis.ticks.at(-1)]).toEqual([at, at + 40 * 60_000]);
    expect(axis.ticks.map(axis.tickFormatter)).toEqual([
      '2:19:09 pm',
      '2:29:09 pm',
      '2:39:09 pm',
      '2:49:09 pm',
      '2:59:09 pm',
    ]);
    expect(axis.title).toBe('29 November 2026 (NZDT)');
  });

  it('names dates past a day and a half', () => {
    const axis = timeAxis([at, at + 8 * 86_400_000]);
    expect(axis.ticks.map(axis.tickFormatter)).toEqual([
      '29 November 2026',
      '1 December 2026',
      '3 December 2026',
      '5 December 2026',
      '7 December 2026',
    ]);
    expect(axis.title).toBe('Date');
  });
});
