/** The portfolio's value over time; its own chunk, so recharts loads only on the dashboard. */
import { Area, AreaChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { theme } from 'antd';
import { timeAxis } from '../../shared/timeAxis';
import { useChartText } from '../../shared/ui/chartText';
import { formatMoney } from '../../shared/format';

export default function PortfolioChart({ points }: { points: { at: string; totalValue: number }[] }) {
  const { token } = theme.useToken();
  const chart = useChartText();
  const data = points.map((p) => ({ t: Date.parse(p.at), value: p.totalValue }));
  const time = timeAxis(data.map((d) => d.t));
  return (
    <ResponsiveContainer width="100%" height={260}>
      <AreaChart data={data} margin={chart.margin}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="t"
          type="number"
          scale="time"
          domain={['dataMin', 'dataMax']}
          minTickGap={24}
          tick={chart.tick}
          ticks={time.ticks}
          tickFormatter={time.tickFormatter}
          height={44}
          label={chart.axisLabel(time.title, 'bottom')}
        />
        <YAxis width={90} tick={chart.tick} tickFormatter={(v: number) => formatMoney(v, 'NZD')} />
        <Tooltip
          labelFormatter={time.tooltipLabel}
          formatter={(value) => [formatMoney(Number(value), 'NZD'), 'Portfolio value']}
        />
        <Legend verticalAlign="top" {...chart.legend} />
        <Area
          type="stepAfter"
          dataKey="value"
          name="Portfolio value (NZD)"
          stroke={token.colorPrimary}
          fill={token.colorPrimaryBg}
        />
      </AreaChart>
    </ResponsiveContainer>
  );
}
