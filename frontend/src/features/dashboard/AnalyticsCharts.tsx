/** /analytics' charts (recharts, its own chunk): portfolio value, investors and active tokens over time, value by asset. */
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Cell,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { theme } from 'antd';
import type { Asset, DashboardStats, Offering } from '../../api/types';
import { formatCount, formatDate, formatMoney } from '../format';

const palette = ['#1d5c3a', '#2f6f8f', '#b7791f', '#7a4e9e', '#c0392b', '#4a7c59', '#8a8f3c', '#5d6d7e'];

export function InvestorsChart({ points }: { points: DashboardStats['valueHistory'] }) {
  const { token } = theme.useToken();
  return (
    <ResponsiveContainer width="100%" height={240}>
      <LineChart
        data={points.map((p) => ({ at: formatDate(p.at), investors: p.totalInvestors, tokens: p.activeTokens }))}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="at" minTickGap={24} />
        <YAxis yAxisId="investors" allowDecimals={false} width={40} />
        <YAxis yAxisId="tokens" orientation="right" width={80} tickFormatter={(v: number) => formatCount(v)} />
        <Tooltip
          formatter={(value, name) => [
            formatCount(Number(value)),
            name === 'investors' ? 'Investors' : 'Active tokens',
          ]}
        />
        <Line yAxisId="investors" type="stepAfter" dataKey="investors" stroke={token.colorPrimary} dot={false} />
        <Line yAxisId="tokens" type="stepAfter" dataKey="tokens" stroke={token.colorWarning} dot={false} />
      </LineChart>
    </ResponsiveContainer>
  );
}

export function ValueByAssetChart({ assets }: { assets: Asset[] }) {
  return (
    <ResponsiveContainer width="100%" height={240}>
      <PieChart>
        <Pie
          data={assets.map((a) => ({ name: a.name, value: a.totalValue }))}
          dataKey="value"
          nameKey="name"
          innerRadius={55}
          outerRadius={95}
          paddingAngle={2}
        >
          {assets.map((a, i) => (
            <Cell key={a.id} fill={palette[i % palette.length]} />
          ))}
        </Pie>
        <Tooltip formatter={(value) => formatMoney(Number(value), 'NZD')} />
      </PieChart>
    </ResponsiveContainer>
  );
}

export function OfferingProgressChart({ offerings }: { offerings: Offering[] }) {
  const { token } = theme.useToken();
  return (
    <ResponsiveContainer width="100%" height={240}>
      <BarChart
        data={offerings.map((o) => ({
          name: o.name,
          issued: o.tokensIssued,
          reserved: o.tokensReserved,
          left: o.totalTokens - o.tokensIssued - o.tokensReserved,
        }))}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="name" />
        <YAxis width={80} tickFormatter={(v: number) => formatCount(v)} />
        <Tooltip formatter={(value) => formatCount(Number(value))} />
        <Legend />
        <Bar dataKey="issued" name="Issued" stackId="t" fill={token.colorPrimary} />
        <Bar dataKey="reserved" name="Pending" stackId="t" fill={token.colorWarning} />
        <Bar dataKey="left" name="Available" stackId="t" fill={token.colorFillSecondary} />
      </BarChart>
    </ResponsiveContainer>
  );
}
