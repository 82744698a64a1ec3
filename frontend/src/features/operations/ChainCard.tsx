import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, List, Statistic, Tag, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { describeError } from '../../api/client';
import { retryChainTransaction } from '../../api/mutations';
import { chainProblemsQuery, healthQuery, operatorHealth } from '../../api/queries';
import type { ChainHealth, ChainProblem } from '../../api/types';
import { useToast } from '../../shared/toast';
import { formatCount } from '../../shared/format';
import { chainName } from '../../shared/tokens/chain';

const KIND = { anvil: 'Embedded node (anvil)', rpc: 'JSON-RPC node', off: 'Off' } as const;

/** Drift in words: 0 is agreement; while transactions are pending a difference may be tokens in flight. */
function driftTag(chain: ChainHealth) {
  if (chain.drift === null) return <Tag>not checked yet</Tag>;
  if (chain.drift === 0) return <Tag color="green">in agreement</Tag>;
  // Held-up transactions will not settle by themselves: the difference stays until an admin acts.
  if ((chain.problems ?? 0) > 0) return <Tag color="red">held up</Tag>;
  return (chain.pending ?? 0) > 0 ? <Tag color="gold">settling</Tag> : <Tag color="red">drift</Tag>;
}

/**
 * The chain beside the register's reconciliation (from /api/health, polled every two seconds): whether the node
 * answers, which chain, its head block, the transactions not yet settled, and the drift between on-chain balances
 * and the register (Σ |register − chain| over every holder; 0 when they agree). The figures are an operator's (an
 * admin's): to anyone else health says only whether the node answers.
 */
export function ChainCard({ style }: { style?: CSSProperties }) {
  const { data, error } = useQuery({ ...healthQuery, refetchInterval: 2000 });
  const chain = operatorHealth(data)?.chain;
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
              title="Held-up transactions"
              value={chain.problems === null ? '—' : formatCount(chain.problems)}
              suffix={chain.problems ? <Tag color="red">see below</Tag> : undefined}
            />
            <Statistic
              title="Drift"
              value={chain.drift === null ? '—' : formatCount(chain.drift)}
              suffix={driftTag(chain)}
            />
            {(chain.stablecoinDrift ?? 0) > 0 && (
              <Statistic
                title="Stablecoin drift"
                value={`NZD ${((chain.stablecoinDrift ?? 0) / 100).toFixed(2)}`}
                suffix={<Tag color="red">paid ≠ held</Tag>}
              />
            )}
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
          {(chain.problems ?? 0) > 0 && <ChainProblems />}
          <Typography.Text type="secondary">
            {chainName(chain.chainId)}. Drift is the tokens by which on-chain balances differ from the register, over
            every holder of every token: 0 means they agree; while transactions are pending it may be tokens in flight.
          </Typography.Text>
        </Flex>
      )}
    </Card>
  );
}

/** A kind from the server is looked up in a Map (never a plain object's keys). */
const KIND_TEXT = new Map([
  ['forced-transfer', 'Transfer to an investor'],
  ['lock-up', 'Lock-up of a holding'],
  ['mint', 'Mint'],
  ['burn', 'Burn'],
  ['unpause', 'Opening the token'],
  ['register-identity', 'Wallet into the identity registry'],
  ['remove-identity', 'Wallet out of the identity registry'],
  ['deploy-stablecoin', 'Test NZD stablecoin'],
  ['stablecoin-mint', 'Stablecoin for a distribution'],
  ['stablecoin-transfer', 'Distribution paid in the stablecoin'],
]);

/**
 * Chain transactions that will not happen by themselves: each failed one with the chain's reason and a Retry (once
 * the cause is dealt with; the recipient's wallet is put back in the identity registry first when it is missing),
 * and those waiting on nothing that moves.
 */
function ChainProblems() {
  const client = useQueryClient();
  const toast = useToast();
  const { data, error } = useQuery({ ...chainProblemsQuery, refetchInterval: 2000 });
  const retry = useMutation({
    mutationFn: (txId: string) => retryChainTransaction(txId),
    onSuccess: (result) => {
      toast.success(
        'Retry Requested',
        result.repaired ? 'The wallet is registered again first, then the transaction is sent.' : 'Sent again.',
      );
      return client.invalidateQueries({ queryKey: chainProblemsQuery.queryKey });
    },
    onError: (e) => toast.error('Retry Refused', describeError(e)),
  });
  if (error) return <Alert type="error" showIcon title="Failed to load the held-up transactions." />;
  return (
    <List<ChainProblem>
      size="small"
      bordered
      header={<Typography.Text strong>Held-up transactions</Typography.Text>}
      dataSource={data?.problems ?? []}
      renderItem={(problem) => (
        <List.Item
          actions={
            problem.retryable
              ? [
                  <Button
                    key="retry"
                    size="small"
                    loading={retry.isPending && retry.variables === problem.txId}
                    onClick={() => retry.mutate(problem.txId)}
                  >
                    Retry
                  </Button>,
                ]
              : []
          }
        >
          <List.Item.Meta
            title={
              <Flex gap={8} align="center">
                {KIND_TEXT.get(problem.kind) ?? problem.kind}
                <Tag color={problem.status === 'failed' ? 'red' : 'gold'}>{problem.status}</Tag>
              </Flex>
            }
            description={
              <Flex vertical>
                <Typography.Text type="secondary">{problem.reason}</Typography.Text>
                <Typography.Text type="secondary" copyable style={{ fontSize: 12 }}>
                  {problem.txId}
                </Typography.Text>
              </Flex>
            }
          />
        </List.Item>
      )}
    />
  );
}
