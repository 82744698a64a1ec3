/** One look for every chart's axes and legends: readable ticks and a title on each axis. No recharts here. */
import { theme } from 'antd';
import { formatDate, formatDateTime, formatTime, nzZoneName } from '../format';

export const CHART_PALETTE = ['#1d5c3a', '#2f6f8f', '#b7791f', '#7a4e9e', '#c0392b', '#4a7c59', '#8a8f3c', '#5d6d7e'];

type Side = 'left' | 'right' | 'bottom';

export function useChartText() {
  const { token } = theme.useToken();
  const text = { fontSize: 12, fill: token.colorTextSecondary };
  return {
    /** Tick text: 12 px in the secondary text colour, legible on the card's white. */
    tick: text,
    /** An axis title: along the axis on the left and right, under it at the bottom. */
    axisLabel: (value: string, side: Side) => ({
      value,
      angle: side === 'left' ? -90 : side === 'right' ? 90 : 0,
      position:
        side === 'left'
          ? ('insideLeft' as const)
          : side === 'right'
            ? ('insideRight' as const)
            : ('insideBottom' as const),
      style: { ...text, textAnchor: 'middle' as const },
    }),
    /** Room for the last date tick and the axis titles, so nothing is cut at the card's edge. */
    margin: { top: 8, right: 40, bottom: 24, left: 8 },
    /** Legend entries in the text colour: a light series (e.g. "Available") stays readable; its swatch shows the colour. */
    legend: {
      wrapperStyle: { fontSize: 13, paddingBottom: 8 },
      formatter: (value: unknown) => <span style={{ color: token.colorText }}>{String(value)}</span>,
    },
  };
}

/**
 * A time axis (x = epoch ms) read in NZ time: times of day when the points span a day and a half or less
 * (the axis title then names the day), dates otherwise; the tooltip names the moment in full.
 */
export function timeAxis(times: readonly number[]) {
  const first = Math.min(...times);
  const last = Math.max(...times);
  const withinADay = times.length === 0 || last - first <= 36 * 3_600_000;
  const seconds = last - first < 3_600_000;
  return {
    tickFormatter: (t: number) => (withinADay ? formatTime(new Date(t), { seconds }) : formatDate(new Date(t))),
    title: withinADay && times.length > 0 ? `${formatDate(new Date(last))} (${nzZoneName(new Date(last))})` : 'Date',
    tooltipLabel: (t: unknown) => formatDateTime(new Date(Number(t))),
  };
}
