import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Descriptions, Flex, Tag, Typography } from 'antd';
import { registerWallet } from '../../api/mutations';
import { healthQuery, ownWalletRecoveriesQuery, walletQuery } from '../../api/queries';
import { useToast } from '../../shared/toast';
import { chainName } from '../../shared/tokens/chain';
import { ChainValue } from '../../shared/tokens/ChainValue';
import { AddressProofForm } from './AddressProofForm';
import { RECOVERING, WalletRecoveryNotice } from './WalletRecoveryNotice';

/**
 * The person's wallet on the chain: the platform-held one, or an address of their own, which they may register
 * while it holds no tokens — proven by signing the message the server issues for it (`AddressProofForm`). A
 * recovery of their wallet (issue 32) shows above, with its proof step when it waits for them.
 */
export function WalletCard() {
  const client = useQueryClient();
  const toast = useToast();
  const health = useQuery(healthQuery);
  const chainOn = health.data !== undefined && health.data.chain.kind !== 'off';
  // Polled until the identity registry has the address (its registration is a chain transaction).
  const wallet = useQuery({
    ...walletQuery,
    enabled: chainOn,
    refetchInterval: (query) => (query.state.data?.address && !query.state.data.registered ? 1000 : false),
  });
  const recoveries = useQuery({ ...ownWalletRecoveriesQuery, enabled: chainOn });
  // While a recovery of their wallet is under way, its proof is the only address to give (the notice asks for it).
  const recovering = recoveries.data?.recoveries.some((r) => RECOVERING.includes(r.stage)) ?? false;
  if (!chainOn || !wallet.data) return null;
  const w = wallet.data;
  return (
    <Card style={{ width: '100%', maxWidth: 560 }} title="Wallet">
      <Flex vertical gap={16}>
        <WalletRecoveryNotice />
        <Descriptions
          column={1}
          size="small"
          items={[
            { key: 'chain', label: 'Chain', children: w.chainId === null ? '—' : chainName(w.chainId) },
            {
              key: 'address',
              label: 'Address',
              children: w.address ? <ChainValue value={w.address} kind="address" explorerUrl={null} /> : 'None yet',
            },
            {
              key: 'registry',
              label: 'Identity registry',
              children: w.registered ? (
                <Tag color="green">Registered</Tag>
              ) : w.address ? (
                <Tag color="processing">Being registered</Tag>
              ) : (
                // A sentence, not a label: it wraps on a phone.
                <Tag style={{ whiteSpace: 'normal' }}>Not registered: verify as a wholesale investor</Tag>
              ),
            },
          ]}
        />
        {!recovering && (
          <>
            <Typography.Text type="secondary">
              Kauri holds a wallet for you, so you need none of your own. To receive tokens at an address you control
              instead, register it here while your wallet holds no tokens: your wallet signs a message to prove the
              address is yours (no transaction, no fee).
            </Typography.Text>
            <AddressProofForm
              name="wallet-registration"
              purpose="wallet"
              label="Your own address"
              submitLabel={{ signing: 'Sign and Register', pasted: 'Register Address' }}
              submit={registerWallet}
              onProved={() => {
                toast.success('Wallet Registered', 'Your address is being added to the identity registry.');
                void client.invalidateQueries({ queryKey: walletQuery.queryKey });
              }}
            />
          </>
        )}
      </Flex>
    </Card>
  );
}
