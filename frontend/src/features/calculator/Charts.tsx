/** Charts of the calculator results; a separate chunk, so recharts loads only once a result is shown. */
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { Cost } from '../../api/types';
import { formatMoney } from '../format';

const palette = ['#1d5c3a', '#2f6f8f', '#b7791f', '#7a4e9e', '#c0392b', '#4a7c59', '#8a8f3c', '#5d6d7e'];

export function CostBreakdownChart({ costs, currency }: { costs: Cost[]; currency: string }) {
  return (
    <ResponsiveContainer width="100%" height={260}>
      <PieChart>
        <Pie data={costs} dataKey="amount" nameKey="description" innerRadius={55} outerRadius={95} paddingAngle={2}>
          {costs.map((cost, i) => (
            <Cell key={cost.description} fill={palette[i % palette.length]} />
          ))}
        </Pie>
        <Tooltip formatter={(value) => formatMoney(Number(value), currency)} />
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
  return (
    <ResponsiveContainer width="100%" height={240}>
      <BarChart data={years.map((y) => ({ name: `Year ${y.year}`, income: y.tokenHolderIncome }))}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="name" />
        <YAxis width={80} tickFormatter={(v: number) => formatMoney(v, currency)} />
        <Tooltip formatter={(value) => [formatMoney(Number(value), currency), 'Token holders']} />
        <Bar dataKey="income" fill={palette[0]} radius={[4, 4, 0, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}
