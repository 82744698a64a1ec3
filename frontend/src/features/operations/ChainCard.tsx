import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Flex, Statistic, Tag, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { describeError } from '../../api/client';
import { healthQuery } from '../../api/queries';
import type { ChainHealth } from '../../api/types';
import { formatCount } from '../format';
import { chainName } from '../tokens/chain';

const KIND = { anvil: 'Embedded node (anvil)', rpc: 'JSON-RPC node', off: 'Off' } as const;

/** Drift in words: 0 is agreement; while transactions are pending a difference may be tokens in flight. */
function driftTag(chain: ChainHealth) {
  if (chain.drift === null) return <Tag>not checked yet</Tag>;
  if (chain.drift === 0) return <Tag color="green">in agreement</Tag>;
  return (chain.pending ?? 0) > 0 ? <Tag color="gold">settling</Tag> : <Tag color="red">drift</Tag>;
}

/**
 * The chain beside the register's reconciliation (from /api/health, polled every two seconds): whether the node
 * answers, which chain, its head block, the transactions not yet settled, and the drift between on-chain balances
 * and the register (Σ |register − chain| over every holder; 0 when they agree).
 */
export function ChainCard({ style }: { style?: CSSProperties }) {
  const { data, error } = useQuery({ ...healthQuery, refetchInterval: 2000 });
  const chain = data?.chain;
  const verdict = !chain ? null : chain.kind === 'off' ? (
    <Tag>off</Tag>
  ) : chain.ok ? (
    <Tag color="green">ok</Tag>
  ) : (
    <Tag color="red">not answering</Tag>
  );
  return (
    <Card
      size="small"
      style={style}
      title={
        <Flex gap={8} align="center">
          <span>Chain</span>
          {verdict}
        </Flex>
      }
    >
      {error && (
        <Alert type="error" showIcon title="Failed to load the chain's status." description={describeError(error)} />
      )}
      {chain?.kind === 'off' && (
        <Typography.Text type="secondary">
          No chain (CHAIN=off): tokens are kept on the register only, and nothing is sent to a chain.
        </Typography.Text>
      )}
      {chain && chain.kind !== 'off' && (
        <Flex vertical gap={12}>
          <Flex gap={32} wrap>
            <Statistic title="Node" value={KIND[chain.kind]} />
            <Statistic title="Chain id" value={chain.chainId} formatter={(v) => String(v)} />
            <Statistic title="Head block" value={chain.head === null ? '—' : formatCount(chain.head)} />
            <Statistic title="Pending transactions" value={chain.pending === null ? '—' : formatCount(chain.pending)} />
            <Statistic
              title="Drift"
              value={chain.drift === null ? '—' : formatCount(chain.drift)}
              suffix={driftTag(chain)}
            />
          </Flex>
          {chain.detail && <Alert type="error" showIcon title="The node did not answer." description={chain.detail} />}
          {chain.overdue > 0 && (
            <Alert
              type="warning"
              showIcon
              title={`${formatCount(chain.overdue)} waiting longer than ${formatCount(chain.pendingBoundSeconds)} s`}
              description="Transactions requested and still without outcome beyond the bound (CHAIN_PENDING_BOUND_SECONDS)."
            />
          )}
          {chain.node && (
            <Typography.Text type="secondary">
              {chain.node.pid === null
                ? 'The embedded node is down; the app is restarting it'
                : `The embedded node runs as process ${chain.node.pid}`}
              {chain.node.restarts > 0 &&
                `; restarted ${formatCount(chain.node.restarts)} time${chain.node.restarts === 1 ? '' : 's'} after it died`}
              .
            </Typography.Text>
          )}
          <Typography.Text type="secondary">
            {chainName(chain.chainId)}. Drift is the tokens by which on-chain balances differ from the register, over
            every holder of every token: 0 means they agree; while transactions are pending it may be tokens in flight.
          </Typography.Text>
        </Flex>
      )}
    </Card>
  );
}
