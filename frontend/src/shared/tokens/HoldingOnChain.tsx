import { CheckCircleOutlined, ClockCircleOutlined, CloseCircleOutlined } from '@ant-design/icons';
import { Descriptions, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { HoldingOnChain as ChainSide } from '../../api/types';
import { type Tone, onChainState } from './chain';
import { ChainValue } from './ChainValue';

type Investment = { status: 'pending' | 'confirmed' | 'cancelled' } & Partial<ChainSide>;

const ICONS: Record<Tone, ReactNode> = {
  success: <CheckCircleOutlined />,
  warning: <ClockCircleOutlined />,
  danger: <CloseCircleOutlined />,
  secondary: null,
};

/** "On chain: 80 of 80" (or "Transfer pending on chain"), with the transfer's transaction when there is one. */
export function OnChainStatus({ investment, withTx = true }: { investment: Investment; withTx?: boolean }) {
  const state = onChainState(investment);
  if (!state) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Flex vertical gap={2} style={{ whiteSpace: 'nowrap' }}>
      <Typography.Text type={state.tone}>
        <Flex gap={6} align="center" component="span">
          {ICONS[state.tone]}
          {state.headline}
        </Flex>
      </Typography.Text>
      {state.detail && <Typography.Text type="secondary">{state.detail}</Typography.Text>}
      {withTx && investment.chainTxHash && (
        <ChainValue value={investment.chainTxHash} kind="tx" explorerUrl={investment.chainExplorerUrl ?? null} />
      )}
    </Flex>
  );
}

/** The chain side of one investment, for its page: the wallet, the balance against the register, the transfer. */
export function HoldingOnChainDetails({ investment }: { investment: Investment }) {
  const { walletAddress, chainTxHash, chainExplorerUrl = null } = investment;
  if (!walletAddress) return null;
  return (
    <Descriptions
      column={{ xs: 1, md: 2 }}
      size="small"
      items={[
        {
          key: 'wallet',
          label: 'Wallet',
          children: <ChainValue value={walletAddress} kind="address" explorerUrl={chainExplorerUrl} />,
        },
        { key: 'balance', label: 'Balance', children: <OnChainStatus investment={investment} withTx={false} /> },
        {
          key: 'tx',
          label: 'Transfer',
          children: chainTxHash ? (
            <ChainValue value={chainTxHash} kind="tx" explorerUrl={chainExplorerUrl} />
          ) : (
            <Typography.Text type="secondary">
              {investment.status === 'pending'
                ? 'Once the investment is confirmed'
                : investment.status === 'cancelled'
                  ? 'None: the investment was cancelled'
                  : investment.chainTxStatus === 'failed'
                    ? 'Refused on chain'
                    : 'On its way'}
            </Typography.Text>
          ),
        },
      ]}
    />
  );
}
