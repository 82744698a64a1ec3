import { Typography } from 'antd';
import type { HoldingClaims as Claims } from '../../api/types';
import { claimLines } from './holdingClaims';

/**
 * Under a holding's tokens, what the register says is not free of the holder's tokens of the asset (`claimLines`).
 * The holdings table and the investment's page show the same lines.
 */
export function HoldingClaims({
  holding,
  tokens,
  nowrap = false,
}: {
  holding: Partial<Claims>;
  /** This holding's own tokens. */
  tokens: number;
  nowrap?: boolean;
}) {
  const style = nowrap ? ({ whiteSpace: 'nowrap' } as const) : undefined;
  return claimLines(holding, tokens).map((line) => (
    <Typography.Text key={line.text} type={line.frozen ? 'danger' : 'secondary'} style={style}>
      {line.text}
    </Typography.Text>
  ));
}
