import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Flex } from 'antd';
import { useEffect, useRef } from 'react';
import { proveWalletRecovery } from '../../api/mutations';
import { holdingsQuery, ownWalletRecoveriesQuery, walletQuery } from '../../api/queries';
import type { WalletRecoveryRecord } from '../../api/types';
import { formatDate } from '../../shared/format';
import { useToast } from '../../shared/toast';
import { AddressProofForm } from './AddressProofForm';

const WAITING: WalletRecoveryRecord['stage'][] = ['awaiting-approval', 'moving'];
/** A recovery under way: until it is done or cancelled, the wallet is the recovery's to change. */
export const RECOVERING: WalletRecoveryRecord['stage'][] = ['awaiting-proof', ...WAITING];

/** What the investor reads about the latest recovery of their wallet, by its stage. */
function said(r: WalletRecoveryRecord): { type: 'info' | 'success' | 'warning'; title: string; description: string } {
  const opened = `Opened on ${formatDate(r.requestedAt)} after your identity was verified again.`;
  switch (r.stage) {
    case 'awaiting-proof':
      return {
        type: 'warning',
        title: 'A recovery of your wallet is waiting for your proof',
        description: `${opened} Prove that you control your new address by signing a message with it (no transaction, no fee); then another admin approves and your tokens move there.`,
      };
    case 'awaiting-approval':
      return {
        type: 'info',
        title: 'A recovery of your wallet is waiting for approval',
        description: `${opened} A second Kauri admin must approve it; then your tokens move to ${r.newAddress ?? 'a new wallet Kauri holds for you'}.`,
      };
    case 'moving':
      return {
        type: 'info',
        title: 'Your wallet recovery is approved',
        description: `Your tokens are moving from ${r.lostAddress} to ${r.newAddress ?? 'your new wallet'} on the chain.`,
      };
    case 'failed':
      return {
        type: 'warning',
        title: 'Your wallet recovery is held up on the chain',
        description: 'A step of moving your tokens failed; Kauri’s admins have been shown why and will retry it.',
      };
    case 'done':
      return {
        type: 'success',
        title: 'Your wallet recovery is done',
        description: `Your tokens are at your new address ${r.newAddress ?? ''}; the lost one ${r.lostAddress} holds none.`,
      };
    case 'cancelled':
      return { type: 'info', title: 'A recovery of your wallet was cancelled', description: r.cancelReason ?? '' };
    default: {
      const _exhaustive: never = r.stage;
      return _exhaustive;
    }
  }
}

/**
 * The investor's side of a wallet recovery (issue 32): the latest one not cancelled, in words — waiting for their
 * proof (with the proof form, the same as registering a wallet), for approval, moving, held up, or done. Polled
 * while it moves, so the wallet and holdings show the new address when it is done.
 */
export function WalletRecoveryNotice() {
  const client = useQueryClient();
  const toast = useToast();
  const recoveries = useQuery({
    ...ownWalletRecoveriesQuery,
    refetchInterval: (query) => (query.state.data?.recoveries.some((r) => WAITING.includes(r.stage)) ? 2000 : false),
  });
  const latest = recoveries.data?.recoveries.find((r) => r.stage !== 'cancelled');
  // Once it is done, the wallet and holdings are read again: the new address holds the tokens.
  const stage = useRef(latest?.stage);
  useEffect(() => {
    if (latest?.stage === 'done' && stage.current !== undefined && stage.current !== 'done')
      for (const query of [walletQuery, holdingsQuery]) void client.invalidateQueries({ queryKey: query.queryKey });
    stage.current = latest?.stage;
  }, [latest?.stage, client]);
  if (!latest) return null;
  const { type, title, description } = said(latest);
  return (
    <Flex vertical gap={12}>
      <Alert type={type} showIcon title={title} description={description} />
      {latest.stage === 'awaiting-proof' && (
        <AddressProofForm
          name="wallet-recovery-proof"
          purpose="recovery"
          label="Your new address"
          submitLabel={{ signing: 'Sign and Prove', pasted: 'Prove Address' }}
          submit={(proof) => proveWalletRecovery(latest.id, proof)}
          onProved={() => {
            toast.success('Address Proven', 'Another admin now approves the recovery.');
            void client.invalidateQueries({ queryKey: ownWalletRecoveriesQuery.queryKey });
          }}
        />
      )}
    </Flex>
  );
}
