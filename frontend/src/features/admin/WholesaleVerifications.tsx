import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Flex, Grid, Input, Modal, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ERROR_TITLES, REJECTION_REASON_REQUIRED } from '@kauri/messages';
import { describeError } from '../../api/client';
import { decideVerification } from '../../api/mutations';
import { adminCountersQuery, verificationsQuery } from '../../api/queries';
import { refreshAfterWrite } from '../../api/queryClient';
import type { VerificationRecord } from '../../api/types';
import { formatDate, formatPayment } from '../../shared/format';
import { useToast } from '../../shared/toast';
import { professionalTypes, typeLabel } from '../../shared/verificationOptions';
import { OwnRequestNote, useOwnRequest } from './ownRequest';
import { ScrollTable } from '../../shared/ui/ScrollTable';
import { verificationStatusLabel } from '../../shared/labels';

const statusColors: Record<VerificationRecord['status'], string> = {
  pending: 'gold',
  verified: 'green',
  rejected: 'red',
  expired: 'default',
  revoked: 'volcano',
};

/** The grounds the investor relied on, with the amount (en-NZ money). */
function grounds(v: VerificationRecord): string {
  if (v.netWorthAmount) return `Net worth ${formatPayment(v.netWorthAmount)}`;
  if (v.investmentAmount) return `Investment ${formatPayment(v.investmentAmount)}`;
  return professionalTypes.find((p) => p.value === v.professionalType)?.label ?? '—';
}

/** Admin tab (docs/specification.md §2, §4, §5): verifications with their evidence; approve or reject (with a reason) pending ones. */
export function WholesaleVerifications() {
  const { data, error, isPending } = useQuery(verificationsQuery);
  const toast = useToast();
  const isOwn = useOwnRequest();
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState<VerificationRecord | null>(null);
  const [approving, setApproving] = useState<VerificationRecord | null>(null);
  const [reason, setReason] = useState('');
  const decide = useMutation({
    mutationFn: async ({ id, status }: { id: string; status: 'verified' | 'rejected' }) => {
      await decideVerification(id, status === 'rejected' ? { status, rejectionReason: reason } : { status });
      await refreshAfterWrite(queryClient, verificationsQuery, adminCountersQuery);
    },
    onSuccess: () => {
      setRejecting(null);
      setApproving(null);
      setReason('');
      toast.success('Verification Updated');
    },
    onError: (e) => toast.error('Update Failed', describeError(e) || 'Failed to update verification'),
  });
  const narrow = !Grid.useBreakpoint().md;
  if (error) return <Alert type="error" title="Failed to load verifications." />;
  const decision = (v: VerificationRecord) =>
    v.status === 'pending' &&
    (isOwn(v.userId) ? (
      <OwnRequestNote />
    ) : (
      <Flex gap={8}>
        <Button type="primary" size="small" onClick={() => setApproving(v)}>
          Approve
        </Button>
        <Button size="small" danger onClick={() => setRejecting(v)}>
          Reject
        </Button>
      </Flex>
    ));
  return (
    <Card>
      <ScrollTable<VerificationRecord>
        rowKey="id"
        loading={isPending}
        dataSource={data?.verifications ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: 20 }}
        locale={{ emptyText: 'No verifications yet' }}
        columns={[
          {
            title: 'Investor',
            render: (_, v) => (
              <Flex vertical gap={4}>
                <Typography.Text strong>{v.name}</Typography.Text>
                {v.email && <Typography.Text type="secondary">{v.email}</Typography.Text>}
                {narrow && decision(v)}
              </Flex>
            ),
          },
          { title: 'Category', dataIndex: 'verificationType', render: typeLabel },
          { title: 'Grounds', render: (_, v) => grounds(v) },
          { title: 'Verifier', render: (_, v) => `${v.verifierName} (${v.verifierContact})` },
          {
            title: 'Documents',
            render: (_, v) => (
              <Flex vertical>
                {v.documents.map((d) =>
                  // A forgotten investor's files are deleted and their names read as forgotten: nothing to open.
                  d.fileName === null ? (
                    <Typography.Text key={d.documentId} type="secondary">
                      Forgotten document
                    </Typography.Text>
                  ) : (
                    <a key={d.documentId} href={d.url}>
                      {d.fileName}
                    </a>
                  ),
                )}
              </Flex>
            ),
          },
          { title: 'Submitted', dataIndex: 'createdAt', render: (d: string) => formatDate(d) },
          {
            title: 'Status',
            render: (_, v) => (
              <Flex vertical gap={4}>
                <Tag color={statusColors[v.status]}>{verificationStatusLabel(v.status)}</Tag>
                {v.status === 'rejected' && <Typography.Text type="secondary">{v.rejectionReason}</Typography.Text>}
                {v.status === 'verified' && v.validUntil && (
                  <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                    until {formatDate(v.validUntil)}
                  </Typography.Text>
                )}
                {v.status === 'revoked' && v.revokedAt && (
                  <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                    on {formatDate(v.revokedAt)}
                  </Typography.Text>
                )}
              </Flex>
            ),
          },
          // Pinned to the right edge on a wide screen; on a phone a pinned column would cover half the row (names cut
          // mid-word), so the actions sit under the investor's name instead.
          ...(narrow ? [] : [{ title: 'Decision', fixed: 'right' as const, render: decision }]),
        ]}
      />
      <Modal
        open={approving !== null}
        title={approving && `Approve ${approving.name} as a wholesale investor?`}
        okText="Approve"
        cancelText="Go Back"
        okButtonProps={{ loading: decide.isPending }}
        onOk={() => approving && decide.mutate({ id: approving.id, status: 'verified' })}
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
                  key: 'investor',
                  label: 'Investor',
                  children: `${approving.name}${approving.email ? ` (${approving.email})` : ''}`,
                },
                { key: 'category', label: 'Category', children: typeLabel(approving.verificationType) },
                { key: 'grounds', label: 'Grounds', children: grounds(approving) },
                {
                  key: 'verifier',
                  label: 'Confirmed by',
                  children: `${approving.verifierName} (${approving.verifierContact})`,
                },
                {
                  key: 'documents',
                  label: 'Evidence',
                  children: approving.documents.map((d) => d.fileName).join(', ') || 'No documents attached',
                },
              ]}
            />
            <Alert
              type="warning"
              showIcon
              title="Once approved, they may invest in every open offering until the certification lapses. This cannot be undone."
            />
          </Flex>
        )}
      </Modal>
      <Modal
        open={rejecting !== null}
        title={rejecting && `Reject ${rejecting.name}'s verification`}
        okText="Reject"
        okButtonProps={{ danger: true, loading: decide.isPending }}
        onOk={() => {
          if (!reason.trim()) return toast.error(ERROR_TITLES.rejectionReasonRequired, REJECTION_REASON_REQUIRED);
          decide.mutate({ id: rejecting!.id, status: 'rejected' });
        }}
        onCancel={() => setRejecting(null)}
      >
        <Input.TextArea
          rows={3}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          aria-label="Rejection reason"
          placeholder="What the investor needs to fix"
        />
      </Modal>
    </Card>
  );
}
