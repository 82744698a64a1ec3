import { ExportOutlined } from '@ant-design/icons';
import { Flex, Tooltip, Typography } from 'antd';
import { explorerLink, shortHex } from './chain';

/**
 * An address or a transaction hash: shortened, the whole value on hover, a copy button, and a link to the block
 * explorer when one is configured (CHAIN_EXPLORER_URL).
 */
export function ChainValue({
  value,
  kind,
  explorerUrl,
}: {
  value: string;
  kind: 'address' | 'tx';
  explorerUrl: string | null;
}) {
  const href = explorerLink(explorerUrl, kind, value);
  const what = kind === 'address' ? 'address' : 'transaction';
  return (
    <Flex gap={4} align="center" wrap={false} style={{ display: 'inline-flex' }}>
      <Tooltip title={<span style={{ wordBreak: 'break-all' }}>{value}</span>}>
        <Typography.Text code copyable={{ text: value, tooltips: [`Copy ${what}`, 'Copied'] }} data-value={value}>
          {shortHex(value)}
        </Typography.Text>
      </Tooltip>
      {href && (
        <Typography.Link
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`View ${what} ${shortHex(value)} on the explorer`}
        >
          <ExportOutlined />
        </Typography.Link>
      )}
    </Flex>
  );
}
