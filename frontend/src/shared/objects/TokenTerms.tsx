import { Descriptions, Empty } from 'antd';
import type { TokenTerms as TokenTermsData } from '../../api/types';
import { formatCount, formatPayment } from '../format';
import { networkLabel } from '../labels';

/** The asset's token terms (the wizard's step 4), as the asset and offering pages show them. */
export function TokenTerms({
  terms: t,
  initialSupply = null,
}: {
  terms: TokenTermsData | null;
  /** The supply at approval, once a supply change moved it: labelled as initial. */
  initialSupply?: number | null;
}) {
  if (!t) return <Empty description="Token terms not configured yet" />;
  return (
    <Descriptions
      column={{ xs: 1, sm: 2 }}
      size="small"
      items={[
        { key: 'symbol', label: 'Symbol', children: t.symbol },
        { key: 'name', label: 'Name', children: t.name },
        { key: 'supply', label: 'Total supply', children: formatCount(t.totalSupply) },
        ...(initialSupply !== null
          ? [{ key: 'initial', label: 'Initial supply', children: formatCount(initialSupply) }]
          : []),
        { key: 'decimals', label: 'Decimals', children: t.decimals },
        // The owner's offer price; the price now (valuation ÷ current supply) is shown as Token Price Now.
        { key: 'price', label: 'Offer price', children: formatPayment(t.price) },
        { key: 'network', label: 'Network', children: networkLabel(t.network) },
        { key: 'min', label: 'Minimum investment', children: formatPayment(t.minInvestment) },
        { key: 'max', label: 'Maximum investment', children: formatPayment(t.maxInvestment) },
        { key: 'lockup', label: 'Lock-up', children: `${t.lockUpMonths} months` },
        { key: 'fee', label: 'Platform fee', children: `${t.feePercent}%` },
      ]}
    />
  );
}
