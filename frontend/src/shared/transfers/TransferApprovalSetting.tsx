import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Flex, Radio, Typography } from 'antd';
import { describeError, errorTitle } from '../../api/client';
import { chooseTransferApproval } from '../../api/mutations';
import { registerQuery } from '../../api/queries';
import type { AssetRegister } from '../../api/types';
import { useToast } from '../toast';

type Approval = AssetRegister['transferApproval'];

/**
 * Who approves transfers between the asset's investors (issue 32): its owner (Kauri's admins may too), or Kauri's
 * admins only. The owner may hand approval to the admins; only an admin hands it back (the server decides).
 */
export function TransferApprovalSetting({ assetId, admin }: { assetId: string; admin: boolean }) {
  const client = useQueryClient();
  const toast = useToast();
  const register = useQuery(registerQuery(assetId));
  const choose = useMutation({
    mutationFn: (approval: Approval) => chooseTransferApproval(assetId, approval),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: registerQuery(assetId).queryKey });
      void toast.success('Setting Saved', 'Transfers between investors follow it from now on.');
    },
    onError: (error) => void toast.error(errorTitle(error, 'Not Saved'), describeError(error)),
  });
  if (register.data?.status !== 'active') return null;
  const current = register.data.transferApproval;
  return (
    <Card title="Transfer Approval">
      <Flex vertical gap={8}>
        <Typography.Text id="transfer-approval-label">Transfers between investors are approved by</Typography.Text>
        <Radio.Group
          aria-labelledby="transfer-approval-label"
          value={current}
          disabled={choose.isPending}
          onChange={(e) => choose.mutate(e.target.value as Approval)}
          options={[
            {
              value: 'owner',
              label: admin ? 'The owner (Kauri’s admins may too)' : 'You, the owner (Kauri’s admins may too)',
              // Handed to the admins, it is theirs to hand back.
              disabled: !admin && current === 'admin',
            },
            { value: 'admin', label: 'Kauri’s admins only' },
          ]}
        />
        {!admin && current === 'admin' && (
          <Typography.Text type="secondary">Only Kauri’s admins can give the approval back to you.</Typography.Text>
        )}
      </Flex>
    </Card>
  );
}
