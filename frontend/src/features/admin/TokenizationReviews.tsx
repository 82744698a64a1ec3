import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Input, Modal, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { describeError } from '../../api/client';
import { approveAsset, returnAsset } from '../../api/mutations';
import { reviewQueueQuery } from '../../api/queries';
import type { Asset } from '../../api/types';
import { formatDate, formatMoney } from '../format';
import { useToast } from '../toast';
import { useAssetRefresh } from '../tokenize/useAssetRefresh';

/** Tokenization requests awaiting review: approve, or send back with a reason the owner sees. */
export function TokenizationReviews() {
  const { data, error, isPending } = useQuery(reviewQueueQuery);
  const toast = useToast();
  const refresh = useAssetRefresh();
  const [returning, setReturning] = useState<Asset | null>(null);
  const [reason, setReason] = useState('');
  const decide = useMutation({
    mutationFn: async ({ asset, approve }: { asset: Asset; approve: boolean }) => {
      await (approve ? approveAsset(asset.id) : returnAsset(asset.id, reason));
      await refresh();
      return approve;
    },
    onSuccess: (approved) => {
      setReturning(null);
      setReason('');
      toast.success(
        approved ? 'Tokenization Approved' : 'Sent Back',
        approved ? 'The asset is now active.' : 'The owner sees your reason on the asset.',
      );
    },
    onError: (e) => toast.error('Error', describeError(e)),
  });
  if (error) return <Alert type="error" title="Failed to load the review queue." />;
  return (
    <Card>
      <Table<Asset>
        rowKey="id"
        loading={isPending}
        dataSource={data ?? []}
        scroll={{ x: true }}
        pagination={false}
        locale={{ emptyText: 'No requests awaiting review' }}
        columns={[
          { title: 'Asset', render: (_, a) => <Typography.Text strong>{a.name}</Typography.Text> },
          { title: 'Type', dataIndex: 'assetType', render: (t: string) => <Tag>{t}</Tag> },
          { title: 'Value', render: (_, a) => formatMoney(a.valuation?.value ?? a.totalValue, 'NZD') },
          {
            title: 'Token',
            render: (_, a) => (a.terms ? `${a.terms.symbol} × ${a.terms.totalSupply.toLocaleString('en-US')}` : '—'),
          },
          {
            title: 'Documents',
            render: (_, a) => (
              <Flex vertical>
                {a.documents.map((d) => (
                  <a key={d.id} href={`/api/assets/${encodeURIComponent(a.id)}/documents/${d.id}`}>
                    {d.title}
                  </a>
                ))}
              </Flex>
            ),
          },
          { title: 'Submitted', render: (_, a) => (a.submittedAt ? formatDate(a.submittedAt) : '—') },
          {
            title: 'Decision',
            render: (_, a) => (
              <Flex gap={8}>
                <Button
                  type="primary"
                  size="small"
                  loading={decide.isPending && decide.variables?.asset.id === a.id && decide.variables.approve}
                  onClick={() => decide.mutate({ asset: a, approve: true })}
                >
                  Approve
                </Button>
                <Button size="small" onClick={() => setReturning(a)}>
                  Send Back
                </Button>
              </Flex>
            ),
          },
        ]}
      />
      <Modal
        open={returning !== null}
        title={`Send back ${returning?.name ?? ''}`}
        okText="Send Back"
        okButtonProps={{ disabled: reason.trim().length < 5, loading: decide.isPending }}
        onOk={() => returning && decide.mutate({ asset: returning, approve: false })}
        onCancel={() => setReturning(null)}
      >
        <Input.TextArea
          rows={3}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder="What the owner needs to fix (at least 5 characters)"
          aria-label="Reason"
        />
      </Modal>
    </Card>
  );
}
