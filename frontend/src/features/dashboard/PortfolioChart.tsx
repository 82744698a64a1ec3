/** The portfolio's value over time; its own chunk, so recharts loads only on the dashboard. */
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { theme } from 'antd';
import { formatDate, formatMoney } from '../format';

export default function PortfolioChart({ points }: { points: { at: string; totalValue: number }[] }) {
  const { token } = theme.useToken();
  return (
    <ResponsiveContainer width="100%" height={220}>
      <AreaChart data={points.map((p) => ({ at: formatDate(p.at), value: p.totalValue }))}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="at" minTickGap={24} />
        <YAxis width={90} tickFormatter={(v: number) => formatMoney(v, 'NZD')} />
        <Tooltip formatter={(value) => [formatMoney(Number(value), 'NZD'), 'Portfolio value']} />
        <Area type="stepAfter" dataKey="value" stroke={token.colorPrimary} fill={token.colorPrimaryBg} />
      </AreaChart>
    </ResponsiveContainer>
  );
}
