/** The cap table as a ring: every token of the supply in one slice per line (recharts, its own chunk). */
import { Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { theme } from 'antd';
import type { CapTableLine } from '../../api/types';
import { formatCount } from '../format';
import { useChartText } from '../ui/chartText';

const HOLDER_COLOURS = ['#2f6f8f', '#b7791f', '#7a4e9e', '#c0392b', '#4a7c59', '#8a8f3c', '#5d6d7e', '#a05a2c'];

export default function CapTableChart({ lines }: { lines: CapTableLine[] }) {
  const { token } = theme.useToken();
  const chart = useChartText();
  let next = 0;
  const colour = (line: CapTableLine) =>
    line.kind === 'owner'
      ? token.colorPrimary
      : line.kind === 'offered'
        ? token.colorFillSecondary
        : HOLDER_COLOURS[next++ % HOLDER_COLOURS.length]!;
  const shown = lines.filter((l) => l.tokens > 0);
  return (
    <ResponsiveContainer width="100%" height={260}>
      <PieChart>
        <Pie
          data={shown.map((l) => ({ name: l.name, value: l.tokens, percent: l.percent }))}
          dataKey="value"
          nameKey="name"
          innerRadius={55}
          outerRadius={90}
          paddingAngle={1}
          isAnimationActive={false}
        >
          {shown.map((l) => (
            <Cell key={`${l.kind}-${l.investorId ?? l.name}`} fill={colour(l)} />
          ))}
        </Pie>
        <Tooltip
          formatter={(value, name, item) => [
            `${formatCount(Number(value))} tokens (${(item.payload as { percent: number }).percent.toFixed(2)}%)`,
            name,
          ]}
        />
        {/* In the text colour: the light "Offered, not yet sold" slice's name stays readable. */}
        <Legend {...chart.legend} />
      </PieChart>
    </ResponsiveContainer>
  );
}
