/** Events behind and events per second, totals across all projections, sampled each poll; recharts in its own chunk. */
import { theme } from 'antd';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useChartText } from '../../shared/ui/chartText';
import { formatCount, formatTime, nzZoneName } from '../../shared/format';

export interface LagSample {
  at: number;
  /** Events behind, summed over the projections (the table's summary row). */
  lag: number;
  /** Events per second over the last 10 s, summed over the projections (the table's summary row). */
  rate: number;
}

export default function LagChart({ samples }: { samples: LagSample[] }) {
  const { token } = theme.useToken();
  const points = samples.map((s) => ({ ...s, time: formatTime(new Date(s.at), { seconds: true }) }));
  const { tick, axisLabel, legend } = useChartText();
  return (
    <ResponsiveContainer width="100%" height={260}>
      <LineChart data={points} margin={{ top: 8, right: 8, bottom: 24, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="time"
          minTickGap={48}
          tick={tick}
          label={axisLabel(`Time (${nzZoneName()})`, 'bottom')}
          height={44}
        />
        <YAxis
          yAxisId="lag"
          width={64}
          allowDecimals={false}
          tick={tick}
          tickFormatter={formatCount}
          label={axisLabel('Events behind', 'left')}
        />
        <YAxis
          yAxisId="rate"
          orientation="right"
          width={64}
          tick={tick}
          tickFormatter={formatCount}
          label={axisLabel('Events/s (last 10 s)', 'right')}
        />
        <Tooltip formatter={(value) => formatCount(Number(value))} />
        <Legend verticalAlign="top" {...legend} />
        <Line
          yAxisId="lag"
          type="monotone"
          dataKey="lag"
          name="Events behind"
          stroke={token.colorWarning}
          dot={false}
          isAnimationActive={false}
        />
        <Line
          yAxisId="rate"
          type="monotone"
          dataKey="rate"
          name="Events per second (last 10 s)"
          stroke={token.colorPrimary}
          dot={false}
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}
