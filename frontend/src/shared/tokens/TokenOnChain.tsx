import { LoadingOutlined, SyncOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Empty, Flex, Skeleton, Steps, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { ApiError, describeError } from '../../api/client';
import { healthQuery, tokenQuery, walletQuery } from '../../api/queries';
import type { AssetStatus, ChainTxStatus, TokenOnChain as Token } from '../../api/types';
import { formatCount } from '../format';
import { chainName, deploymentStep, isDeploymentStep, transactionLabel } from './chain';
import { ChainValue } from './ChainValue';
import { ScrollTable } from '../ui/ScrollTable';

type TxState = ChainTxStatus | 'not requested';
type Holder = Token['holders'][number];

function statusTag(status: Token['status']): ReactNode {
  switch (status) {
    case 'pending':
      return (
        <Tag color="processing" icon={<SyncOutlined spin />}>
          Deploying
        </Tag>
      );
    case 'deployed':
      return <Tag color="green">Deployed</Tag>;
    case 'failed':
      return <Tag color="red">Deployment failed</Tag>;
    default: {
      const _exhaustive: never = status;
      return _exhaustive;
    }
  }
}

/** A transaction's state: the tag's colour and words, and its step's status in the progress. */
function txState(status: TxState): { color: string; label: string; step: 'wait' | 'process' | 'finish' | 'error' } {
  switch (status) {
    case 'not requested':
      return { color: 'default', label: 'waiting', step: 'wait' };
    case 'requested':
      return { color: 'default', label: 'queued', step: 'process' };
    case 'submitted':
      return { color: 'processing', label: 'sent, awaiting a block', step: 'process' };
    case 'confirmed':
      return { color: 'green', label: 'confirmed', step: 'finish' };
    case 'failed':
      return { color: 'red', label: 'failed', step: 'error' };
    default: {
      const _exhaustive: never = status;
      return _exhaustive;
    }
  }
}

/**
 * An asset's ERC-3643 token on the chain: which chain, whether it is deployed (with the deployment's progress
 * while its transactions are on their way), the token, identity registry and compliance contracts, the supply
 * and who holds it. Without a chain, or before approval, it says so.
 */
export function TokenOnChain({
  assetId,
  assetStatus,
  ownerId,
  investorView,
  size,
}: {
  assetId: string;
  assetStatus: AssetStatus;
  /** The asset's owner, when the viewer may know who holds what (owner and staff). */
  ownerId: string | null;
  /** An investor looks: their own wallet is marked "You". */
  investorView: boolean;
  /** Inside another card (the wizard's last step): the small card. */
  size?: 'small';
}) {
  const health = useQuery(healthQuery);
  const chainOff = health.data?.chain.kind === 'off';
  const approved = assetStatus === 'active';
  const token = useQuery({
    ...tokenQuery(assetId),
    enabled: approved && health.data !== undefined && !chainOff,
    // While it deploys; and right after approval, until the chain side has taken the asset up (404 until then).
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' ||
      (query.state.error instanceof ApiError && query.state.error.status === 404)
        ? 1000
        : false,
  });
  const wallet = useQuery({ ...walletQuery, enabled: investorView && token.data !== undefined });
  const data = token.data;

  const body = (): ReactNode => {
    if (health.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
    if (chainOff)
      return (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description="This installation of Kauri runs without a chain: the tokens are kept on its register only."
        />
      );
    if (!approved)
      return (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description="Not on a chain yet: the token is deployed once an admin approves the tokenization."
        />
      );
    if (token.error instanceof ApiError && token.error.status === 404)
      return (
        <Flex gap={8} align="center">
          <LoadingOutlined />
          <Typography.Text>Preparing the deployment…</Typography.Text>
        </Flex>
      );
    if (token.error)
      return (
        <Alert type="error" showIcon title="The token could not be loaded." description={describeError(token.error)} />
      );
    if (!data) return <Skeleton active paragraph={{ rows: 3 }} />;
    const label = (h: Holder) =>
      investorView && wallet.data?.address?.toLowerCase() === h.wallet.toLowerCase()
        ? 'You'
        : h.personId === null
          ? '—'
          : h.personId === ownerId
            ? 'Owner'
            : 'Investor';
    return (
      <Flex vertical gap={16}>
        {health.data?.chain.ok === false && (
          <Alert
            type="warning"
            showIcon
            title="The chain node is not answering"
            description="Transactions wait and go out once it is back; the register is unaffected."
          />
        )}
        {data.status !== 'deployed' && <Deployment token={data} />}
        <Descriptions
          column={{ xs: 1, md: 2 }}
          size="small"
          items={[
            { key: 'chain', label: 'Chain', children: `${chainName(data.chainId)} (chain id ${data.chainId})` },
            {
              key: 'token',
              label: 'Token',
              children: (
                <Flex gap={8} wrap align="center">
                  <Tag>{data.symbol}</Tag>
                  <Address value={data.tokenAddress} explorerUrl={data.explorerUrl} />
                </Flex>
              ),
            },
            {
              key: 'supply',
              label: 'Total supply',
              children: `${formatCount(data.totalSupply)} tokens, ${data.decimals} decimals`,
            },
            {
              key: 'registry',
              label: 'Identity registry',
              children: <Address value={data.identityRegistryAddress} explorerUrl={data.explorerUrl} />,
            },
            {
              key: 'compliance',
              label: 'Compliance',
              children: <Address value={data.complianceAddress} explorerUrl={data.explorerUrl} />,
            },
          ]}
        />
        <ScrollTable<Holder>
          rowKey="wallet"
          size="small"
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          scroll={{ x: 'max-content' }}
          dataSource={data.holders}
          aria-label="Holders on chain"
          locale={{ emptyText: data.status === 'deployed' ? 'No holders' : 'Minted once the token is deployed' }}
          columns={[
            {
              title: 'Wallet',
              dataIndex: 'wallet',
              render: (w: string) => <ChainValue value={w} kind="address" explorerUrl={data.explorerUrl} />,
            },
            { title: 'Holder', render: (_, h) => label(h) },
            { title: 'Balance', dataIndex: 'balance', align: 'right', render: (n: number) => formatCount(n) },
            {
              title: 'Share',
              dataIndex: 'balance',
              align: 'right',
              render: (n: number) => `${((n / Math.max(data.totalSupply, 1)) * 100).toFixed(2)}%`,
            },
          ]}
        />
        {data.status === 'deployed' && <Transactions token={data} />}
      </Flex>
    );
  };

  return (
    <Card
      size={size}
      title={
        <Flex gap={8} align="center">
          <span>On Chain</span>
          {data && statusTag(data.status)}
        </Flex>
      }
    >
      {body()}
    </Card>
  );
}

function Address({ value, explorerUrl }: { value: string | null; explorerUrl: string | null }) {
  return value ? (
    <ChainValue value={value} kind="address" explorerUrl={explorerUrl} />
  ) : (
    <Typography.Text type="secondary">once deployed</Typography.Text>
  );
}

/** The deployment's transactions as steps, the one on its way spinning; or what failed. */
function Deployment({ token }: { token: Token }) {
  // The deployment's own steps: supply changes come after it.
  const steps = token.transactions.filter((t) => isDeploymentStep(t.kind));
  const done = steps.filter((t) => t.status === 'confirmed').length;
  const failed = steps.filter((t) => t.status === 'failed');
  if (failed.length > 0)
    return (
      <Alert
        type="error"
        showIcon
        title="The deployment failed on chain"
        description={`${failed.map((t) => deploymentStep(t.kind)).join('; ')}: the transaction was refused. The register is unaffected; an administrator can look into it on the operations page.`}
      />
    );
  const current = steps.findIndex((t) => t.status !== 'confirmed');
  return (
    <Flex vertical gap={8} role="status" aria-label="Deployment progress">
      <Typography.Text>
        Deploying the token on chain: {done} of {steps.length} transactions confirmed.
      </Typography.Text>
      <Steps
        size="small"
        responsive
        current={current}
        items={steps.map((t, n) => ({
          title: deploymentStep(t.kind),
          status: txState(t.status).step,
          icon: n === current ? <LoadingOutlined /> : undefined,
        }))}
      />
    </Flex>
  );
}

/** The deployment's transactions: each with its block and hash (linked to the explorer when there is one). */
function Transactions({ token }: { token: Token }) {
  return (
    <Flex vertical gap={8}>
      <Typography.Text strong>Deployment transactions</Typography.Text>
      {token.transactions.map((t, n) => (
        <Flex key={`${n}-${t.kind}`} vertical gap={2}>
          <Typography.Text>{transactionLabel(t)}</Typography.Text>
          <Flex gap={8} wrap align="center">
            <Tag color={txState(t.status).color}>{txState(t.status).label}</Tag>
            {t.blockNumber !== null && (
              <Typography.Text type="secondary">block {formatCount(t.blockNumber)}</Typography.Text>
            )}
            {t.txHash && <ChainValue value={t.txHash} kind="tx" explorerUrl={token.explorerUrl} />}
          </Flex>
        </Flex>
      ))}
    </Flex>
  );
}
