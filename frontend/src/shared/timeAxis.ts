/** A chart's time axis in NZ time (pure: no React, no recharts), for shared/ui/chartText's charts. */
import { formatDate, formatDateTime, formatTime, nzZoneName } from './format';

/** At most this many ticks along the axis. */
const TICKS = 5;

/**
 * A time axis (x = epoch ms) read in NZ time: times of day when the points span a day and a half or less
 * (the axis title then names the day), dates otherwise; the tooltip names the moment in full. The ticks are spread
 * evenly over the points' span, each with a label of its own: points a few seconds apart (a new owner's first
 * minutes) get one tick or two, not three that read "2:19:09 pm" alike.
 */
export function timeAxis(times: readonly number[]) {
  const first = Math.min(...times);
  const last = Math.max(...times);
  const withinADay = times.length === 0 || last - first <= 36 * 3_600_000;
  const seconds = last - first < 3_600_000;
  const tickFormatter = (t: number) => (withinADay ? formatTime(new Date(t), { seconds }) : formatDate(new Date(t)));
  const ticks: number[] = [];
  if (times.length > 0) {
    const steps = last > first ? TICKS - 1 : 0;
    for (let i = 0; i <= steps; i++) {
      const t = i === steps ? last : Math.round(first + ((last - first) * i) / steps);
      const previous = ticks.at(-1);
      if (previous === undefined || tickFormatter(previous) !== tickFormatter(t)) ticks.push(t);
    }
  }
  return {
    tickFormatter,
    ticks,
    title: withinADay && times.length > 0 ? `${formatDate(new Date(last))} (${nzZoneName(new Date(last))})` : 'Date',
    tooltipLabel: (t: unknown) => formatDateTime(new Date(Number(t))),
  };
}
