import { Typography } from 'antd';
import type { EarmarkedHolding } from '../../api/types';
import { formatCount } from '../format';
import { earmarkedLines } from '../transfers/earmarks';

/** Of the holder's tokens of an asset: how many are frozen (issue 32) and why. */
export interface FrozenHolding {
  frozenTokens: number;
  frozenReason: string | null;
}

/**
 * Under a holding's tokens, what the register says is not free: frozen (and why), then promised to or settling in
 * the holder's transfers. The holdings table and the investment's page show the same lines.
 */
export function HoldingClaims({
  holding,
  nowrap = false,
}: {
  holding: Partial<FrozenHolding & EarmarkedHolding>;
  nowrap?: boolean;
}) {
  const style = nowrap ? ({ whiteSpace: 'nowrap' } as const) : undefined;
  return (
    <>
      {holding.frozenTokens ? (
        <Typography.Text type="danger" style={style}>
          {formatCount(holding.frozenTokens)} frozen{holding.frozenReason ? `: ${holding.frozenReason}` : ''}
        </Typography.Text>
      ) : null}
      {earmarkedLines(holding).map((line) => (
        <Typography.Text key={line} type="secondary" style={style}>
          {line}
        </Typography.Text>
      ))}
    </>
  );
}
