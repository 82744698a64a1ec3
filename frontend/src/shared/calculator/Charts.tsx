/** Charts of the calculator results; a separate chunk, so recharts loads only once a result is shown. */
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { Cost } from '../../api/types';
import { CHART_PALETTE as palette, useChartText } from '../ui/chartText';
import { formatMoney } from '../format';

export function CostBreakdownChart({ costs, currency }: { costs: Cost[]; currency: string }) {
  const chart = useChartText();
  return (
    <ResponsiveContainer width="100%" height={320}>
      <PieChart>
        <Pie data={costs} dataKey="amount" nameKey="description" innerRadius={55} outerRadius={95} paddingAngle={2}>
          {costs.map((cost, i) => (
            <Cell key={cost.description} fill={palette[i % palette.length]} />
          ))}
        </Pie>
        <Tooltip formatter={(value) => formatMoney(Number(value), currency)} />
        <Legend {...chart.legend} />
      </PieChart>
    </ResponsiveContainer>
  );
}

export function FiveYearChart({
  years,
  currency,
}: {
  years: { year: number; tokenHolderIncome: number }[];
  currency: string;
}) {
  const chart = useChartText();
  return (
    <ResponsiveContainer width="100%" height={280}>
      <BarChart
        data={years.map((y) => ({ name: `Year ${y.year}`, income: y.tokenHolderIncome }))}
        margin={chart.margin}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="name" tick={chart.tick} />
        <YAxis width={80} tick={chart.tick} tickFormatter={(v: number) => formatMoney(v, currency)} />
        <Tooltip formatter={(value) => [formatMoney(Number(value), currency), 'Token holders']} />
        <Legend verticalAlign="top" {...chart.legend} />
        <Bar dataKey="income" name={`Token holders' income (${currency})`} fill={palette[0]} radius={[4, 4, 0, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}
