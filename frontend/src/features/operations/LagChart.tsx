/** Events behind and events per second across all projections, sampled each poll; recharts in its own chunk. */
import { theme } from 'antd';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface LagSample {
  at: number;
  lag: number;
  rate: number;
}

export default function LagChart({ samples }: { samples: LagSample[] }) {
  const { token } = theme.useToken();
  const points = samples.map((s) => ({
    ...s,
    time: new Date(s.at).toLocaleTimeString('en-NZ', { hour: '2-digit', minute: '2-digit', second: '2-digit' }),
  }));
  return (
    <ResponsiveContainer width="100%" height={220}>
      <LineChart data={points}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="time" minTickGap={40} />
        <YAxis yAxisId="lag" width={60} allowDecimals={false} />
        <YAxis yAxisId="rate" orientation="right" width={60} />
        <Tooltip />
        <Legend />
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
          name="Events per second"
          stroke={token.colorPrimary}
          dot={false}
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}
