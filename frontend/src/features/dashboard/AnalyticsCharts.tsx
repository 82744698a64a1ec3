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
import { timeAxis } from '../../shared/timeAxis';
import { CHART_PALETTE as palette, useChartText } from '../../shared/ui/chartText';
import { formatCount, formatMoney } from '../../shared/format';

export function InvestorsChart({ points }: { points: DashboardStats['valueHistory'] }) {
  const { token } = theme.useToken();
  const chart = useChartText();
  const data = points.map((p) => ({ t: Date.parse(p.at), investors: p.totalInvestors, tokens: p.activeTokens }));
  const time = timeAxis(data.map((d) => d.t));
  return (
    <ResponsiveContainer width="100%" height={280}>
      <LineChart data={data} margin={chart.margin}>
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
        <YAxis
          yAxisId="investors"
          allowDecimals={false}
          width={48}
          tick={chart.tick}
          label={chart.axisLabel('Investors', 'left')}
        />
        <YAxis
          yAxisId="tokens"
          orientation="right"
          width={80}
          tick={chart.tick}
          tickFormatter={(v: number) => formatCount(v)}
          label={chart.axisLabel('Active tokens', 'right')}
        />
        <Tooltip labelFormatter={time.tooltipLabel} formatter={(value) => formatCount(Number(value))} />
        <Legend verticalAlign="top" {...chart.legend} />
        <Line
          yAxisId="investors"
          type="stepAfter"
          dataKey="investors"
          name="Investors"
          stroke={token.colorPrimary}
          dot={false}
        />
        <Line
          yAxisId="tokens"
          type="stepAfter"
          dataKey="tokens"
          name="Active tokens"
          stroke={token.colorWarning}
          dot={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}

export function ValueByAssetChart({ assets }: { assets: Asset[] }) {
  const chart = useChartText();
  return (
    <ResponsiveContainer width="100%" height={280}>
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
        <Legend {...chart.legend} />
      </PieChart>
    </ResponsiveContainer>
  );
}

export function OfferingProgressChart({ offerings }: { offerings: Offering[] }) {
  const { token } = theme.useToken();
  const chart = useChartText();
  return (
    <ResponsiveContainer width="100%" height={280}>
      <BarChart
        data={offerings.map((o) => ({
          name: o.name,
          issued: o.tokensIssued,
          reserved: o.tokensReserved,
          left: o.totalTokens - o.tokensIssued - o.tokensReserved,
        }))}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="name" tick={chart.tick} />
        <YAxis
          width={80}
          tick={chart.tick}
          tickFormatter={(v: number) => formatCount(v)}
          label={chart.axisLabel('Tokens', 'left')}
        />
        <Tooltip formatter={(value) => formatCount(Number(value))} />
        <Legend verticalAlign="top" {...chart.legend} />
        <Bar dataKey="issued" name="Issued" stackId="t" fill={token.colorPrimary} />
        <Bar dataKey="reserved" name="Pending" stackId="t" fill={token.colorWarning} />
        <Bar dataKey="left" name="Available" stackId="t" fill={token.colorFillSecondary} />
      </BarChart>
    </ResponsiveContainer>
  );
}
