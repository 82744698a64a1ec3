import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Flex, Grid, List, Typography } from 'antd';
import { describeError, errorTitle } from '../../api/client';
import { decideSupplyChange } from '../../api/mutations';
import { approvedAssetsQuery, assetsQuery, supplyChangesQuery } from '../../api/queries';
import { refreshAfterWrite } from '../../api/queryClient';
import type { PendingSupplyChange } from '../../api/types';
import { formatCount, formatDate } from '../../shared/format';
import { dilutionText } from '../../shared/register/supply';
import { useToast } from '../../shared/toast';
import { OwnRequestNote, useOwnRequest } from './ownRequest';
import { type Decision, FourEyesDecision } from '../../shared/ui/FourEyesDecision';
import { ScrollTable } from '../../shared/ui/ScrollTable';
import { emptyText } from '../../shared/ui/emptyText';

/** Owners' requests to issue or cancel tokens, oldest first: approve, or reject with a reason the owner sees. */
export function SupplyChangesAdmin() {
  const { data, error, isPending } = useQuery(supplyChangesQuery);
  const toast = useToast();
  const client = useQueryClient();
  const decide = useMutation({
    mutationFn: async ({ change, decision }: { change: PendingSupplyChange; decision: Decision }) => {
      await decideSupplyChange(change.assetId, change.changeId, decision);
      await refreshAfterWrite(client, supplyChangesQuery, assetsQuery, approvedAssetsQuery);
      return decision.approve;
    },
    onSuccess: (approved) =>
      toast.success(
        approved ? 'Supply Change Approved' : 'Supply Change Rejected',
        approved ? 'The asset’s supply is updated.' : 'The owner sees your reason.',
      ),
    onError: (e) => toast.error(errorTitle(e, 'Error'), describeError(e)),
  });
  const screens = Grid.useBreakpoint();
  const isOwn = useOwnRequest();
  if (error) return <Alert type="error" title="Failed to load the supply changes." />;
  const change = (c: PendingSupplyChange) => `${c.delta > 0 ? 'Issue' : 'Cancel'} ${formatCount(Math.abs(c.delta))}`;
  const decision = (c: PendingSupplyChange) =>
    isOwn(c.ownerId) ? (
      <OwnRequestNote />
    ) : (
      <FourEyesDecision
        approveTitle={`Approve: ${c.delta > 0 ? 'issue' : 'cancel'} ${formatCount(Math.abs(c.delta))} tokens?`}
        approveDescription={`${c.assetName}'s supply becomes ${formatCount(c.supply + c.delta)}.`}
        rejectTitle={`Reject the supply change of ${c.assetName}`}
        reasonPlaceholder="Why the supply may not change (the owner sees this)"
        onDecide={(d) => decide.mutateAsync({ change: c, decision: d })}
      />
    );
  return (
    <Card>
      {/* A phone gets one card per request: the table's eight columns would not fit. */}
      {!screens.md ? (
        <List<PendingSupplyChange>
          loading={isPending}
          dataSource={data?.supplyChanges ?? []}
          locale={{ emptyText: emptyText('No supply changes awaiting a decision') }}
          renderItem={(c) => (
            <List.Item aria-label={`${c.assetName}: ${change(c)}`}>
              <Flex vertical gap={8} style={{ width: '100%' }}>
                <Typography.Text strong>
                  {c.assetName}: {change(c)}
                </Typography.Text>
                <Descriptions
                  size="small"
                  column={1}
                  items={[
                    { label: 'Supply', children: `${formatCount(c.supply)} → ${formatCount(c.supply + c.delta)}` },
                    { label: 'Dilution', children: dilutionText(c.supply, c.delta) ?? '—' },
                    { label: 'Reason', children: c.reason },
                    { label: 'Requested', children: formatDate(c.requestedAt) },
                  ]}
                />
                {decision(c)}
              </Flex>
            </List.Item>
          )}
        />
      ) : (
        <ScrollTable<PendingSupplyChange>
          rowKey="changeId"
          loading={isPending}
          dataSource={data?.supplyChanges ?? []}
          scroll={{ x: 'max-content' }}
          pagination={false}
          locale={{ emptyText: emptyText('No supply changes awaiting a decision') }}
          columns={[
            { title: 'Asset', render: (_, c) => <Typography.Text strong>{c.assetName}</Typography.Text> },
            {
              title: 'Change',
              align: 'right',
              render: (_, c) => change(c),
            },
            { title: 'Current supply', align: 'right', render: (_, c) => formatCount(c.supply) },
            { title: 'Supply after', align: 'right', render: (_, c) => formatCount(c.supply + c.delta) },
            {
              title: 'Dilution',
              render: (_, c) => (
                <Typography.Text type="secondary">{dilutionText(c.supply, c.delta) ?? '—'}</Typography.Text>
              ),
            },
            { title: 'Reason', dataIndex: 'reason' },
            { title: 'Requested', render: (_, c) => formatDate(c.requestedAt) },
            {
              title: 'Decision',
              render: (_, c) => decision(c),
            },
          ]}
        />
      )}
    </Card>
  );
}
