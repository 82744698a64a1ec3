import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_PALETTE, useChartText } from '../../shared/ui/chartText';
import { formatMoney } from '../../shared/format';

export default function DemoChart({ data }: { data: { name: string; value: number }[] }) {
  const chart = useChartText();
  return (
    <ResponsiveContainer width="100%" height={280}>
      <BarChart data={data} margin={chart.margin}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="name" tick={chart.tick} />
        <YAxis width={90} tick={chart.tick} tickFormatter={(v: number) => formatMoney(v, 'NZD')} />
        <Tooltip formatter={(v) => formatMoney(Number(v), 'NZD')} />
        <Legend verticalAlign="top" {...chart.legend} />
        <Bar dataKey="value" name="Asset value (NZD)" fill={CHART_PALETTE[0]} radius={[4, 4, 0, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}
