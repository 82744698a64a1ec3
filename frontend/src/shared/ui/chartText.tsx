/** One look for every chart's axes and legends: readable ticks and a title on each axis. No recharts here. */
import { theme } from 'antd';

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
