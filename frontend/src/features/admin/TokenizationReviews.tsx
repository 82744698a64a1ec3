import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Alert, Button, Card, Descriptions, Flex, Grid, Input, Modal, Tag, Typography } from 'antd';
import { assetTypeLabel } from '../../shared/labels';
import { useState } from 'react';
import { describeError } from '../../api/client';
import { approveAsset, returnAsset } from '../../api/mutations';
import { reviewQueueQuery } from '../../api/queries';
import type { Asset, Person } from '../../api/types';
import { formatCount, formatDate, formatMoney, formatPayment, formatTokenPrice } from '../../shared/format';
import { useToast } from '../../shared/toast';
import { useAssetRefresh } from '../../api/useAssetRefresh';
import { OwnRequestNote, useOwnRequest } from './ownRequest';
import { ScrollTable } from '../../shared/ui/ScrollTable';

type Review = Asset & { owner: Person };

/**
 * Tokenization requests awaiting review: approve (after a dialog naming the owner, the asset and its value:
 * approval cannot be undone), or send back with a reason the owner sees.
 */
export function TokenizationReviews() {
  const narrow = !Grid.useBreakpoint().md;
  const { data, error, isPending } = useQuery(reviewQueueQuery);
  const toast = useToast();
  const refresh = useAssetRefresh();
  const isOwn = useOwnRequest();
  const [returning, setReturning] = useState<Asset | null>(null);
  const [approving, setApproving] = useState<Review | null>(null);
  const [reason, setReason] = useState('');
  const decide = useMutation({
    mutationFn: async ({ asset, approve }: { asset: Asset; approve: boolean }) => {
      await (approve ? approveAsset(asset.id) : returnAsset(asset.id, reason));
      await refresh();
      return approve;
    },
    onSuccess: (approved) => {
      setReturning(null);
      setApproving(null);
      setReason('');
      toast.success(
        approved ? 'Tokenization Approved' : 'Sent Back',
        approved ? 'The asset is now active.' : 'The owner sees your reason on the asset.',
      );
    },
    onError: (e) => toast.error('Error', describeError(e)),
  });
  if (error) return <Alert type="error" title="Failed to load the review queue." />;
  const decision = (a: Review) =>
    isOwn(a.ownerId) ? (
      <OwnRequestNote />
    ) : (
      <Flex gap={8}>
        <Button type="primary" size="small" onClick={() => setApproving(a)}>
          Approve
        </Button>
        <Button size="small" onClick={() => setReturning(a)}>
          Send Back
        </Button>
      </Flex>
    );
  return (
    <Card>
      <ScrollTable<Review>
        rowKey="id"
        loading={isPending}
        dataSource={data ?? []}
        scroll={{ x: 'max-content' }}
        pagination={false}
        locale={{ emptyText: 'No requests awaiting review' }}
        columns={[
          {
            title: 'Asset',
            render: (_, a) => (
              <Flex vertical gap={4}>
                <Link to="/assets/$assetId" params={{ assetId: a.id }}>
                  {a.name}
                </Link>
                {narrow && decision(a)}
              </Flex>
            ),
          },
          {
            title: 'Owner',
            render: (_, a) => (
              <Flex vertical>
                <Typography.Text>{a.owner.name}</Typography.Text>
                {a.owner.email && <Typography.Text type="secondary">{a.owner.email}</Typography.Text>}
              </Flex>
            ),
          },
          { title: 'Type', dataIndex: 'assetType', render: (t: string) => <Tag>{assetTypeLabel(t)}</Tag> },
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
          // Pinned to the right edge on a wide screen; on a phone a pinned column would cover half the row (names cut
          // mid-word), so the actions sit under the asset's name instead.
          ...(narrow
            ? []
            : [{ title: 'Decision', fixed: 'right' as const, render: (_: unknown, a: Review) => decision(a) }]),
        ]}
      />
      <Modal
        open={approving !== null}
        title={approving && `Approve the tokenization of ${approving.name}?`}
        okText="Approve Tokenization"
        cancelText="Go Back"
        okButtonProps={{ loading: decide.isPending }}
        onOk={() => approving && decide.mutate({ asset: approving, approve: true })}
        onCancel={() => setApproving(null)}
        destroyOnHidden
      >
        {approving && (
          <Flex vertical gap={12}>
            <Descriptions
              column={1}
              size="small"
              items={[
                {
                  key: 'owner',
                  label: 'Owner',
                  children: `${approving.owner.name}${approving.owner.email ? ` (${approving.owner.email})` : ''}`,
                },
                { key: 'asset', label: 'Asset', children: approving.name },
                {
                  key: 'value',
                  label: 'Value',
                  children: formatPayment(approving.valuation?.value ?? approving.totalValue),
                },
                ...(approving.terms
                  ? [
                      {
                        key: 'token',
                        label: 'Token',
                        children: `${approving.terms.symbol}: ${formatCount(approving.terms.totalSupply)} at ${formatTokenPrice(approving.terms.price, 'NZD')}`,
                      },
                    ]
                  : []),
                { key: 'documents', label: 'Documents', children: approving.documents.map((d) => d.title).join(', ') },
              ]}
            />
            <Alert
              type="warning"
              showIcon
              title="The asset becomes active and its tokens can be offered to investors. This cannot be undone."
            />
          </Flex>
        )}
      </Modal>
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
