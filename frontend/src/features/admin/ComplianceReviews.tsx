import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Empty, Flex, Select, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { describeError } from '../../api/client';
import { recordComplianceCheck } from '../../api/mutations';
import { complianceReviewsQuery } from '../../api/queries';
import { refreshAfterWrite } from '../../api/queryClient';
import type { CheckStatus, ComplianceCheck, ComplianceReview } from '../../api/types';
import { checkColors } from '../compliance/CompliancePage';
import { formatDate } from '../format';
import { useToast } from '../toast';

/** Owners who asked for a compliance review; staff record each check's status and expiry. */
export function ComplianceReviews() {
  const { data, error, isPending } = useQuery(complianceReviewsQuery);
  if (error) return <Alert type="error" title="Failed to load the compliance reviews." />;
  if (!isPending && (data ?? []).length === 0) return <Empty description="No compliance reviews requested" />;
  return (
    <Flex vertical gap={16}>
      {(data ?? []).map((review) => (
        <Card
          key={review.ownerId}
          title={review.email ?? review.ownerId}
          extra={review.openRequest && `Requested ${formatDate(review.openRequest.requestedAt)}`}
        >
          {review.openRequest?.message && <Typography.Paragraph>“{review.openRequest.message}”</Typography.Paragraph>}
          <Table<ComplianceCheck>
            rowKey="id"
            size="small"
            pagination={false}
            scroll={{ x: true }}
            dataSource={review.checks}
            columns={[
              { title: 'Check', dataIndex: 'name' },
              {
                title: 'Status',
                dataIndex: 'status',
                render: (s: CheckStatus) => <Tag color={checkColors[s]}>{s}</Tag>,
              },
              { title: 'Expiry', dataIndex: 'expiryDate', render: (d: string | null) => (d ? formatDate(d) : '—') },
              { title: 'Record', render: (_, c) => <RecordCheck review={review} check={c} /> },
            ]}
          />
        </Card>
      ))}
    </Flex>
  );
}

function RecordCheck({ review, check }: { review: ComplianceReview; check: ComplianceCheck }) {
  const [status, setStatus] = useState<CheckStatus>(check.status === 'pending' ? 'passed' : check.status);
  const [expiry, setExpiry] = useState<string | undefined>(check.expiryDate ?? undefined);
  const toast = useToast();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: () => recordComplianceCheck(review.ownerId, check.id, { status, expiryDate: expiry }),
    onSuccess: async () => {
      toast.success('Check Recorded', `${check.name} recorded as ${status}.`);
      await refreshAfterWrite(queryClient, complianceReviewsQuery);
    },
    onError: (error) => toast.error('Error', describeError(error)),
  });
  return (
    <Flex gap={8} wrap>
      <Select<CheckStatus>
        size="small"
        value={status}
        onChange={setStatus}
        style={{ width: 110 }}
        aria-label={`${check.name} status`}
        options={(['passed', 'pending', 'failed', 'expired'] as const).map((s) => ({ value: s, label: s }))}
      />
      <DatePicker
        size="small"
        value={expiry ? dayjs(expiry) : null}
        onChange={(d) => setExpiry(d ? d.format('YYYY-MM-DD') : undefined)}
        aria-label={`${check.name} expiry date`}
      />
      <Button size="small" type="primary" loading={save.isPending} onClick={() => save.mutate()}>
        Save
      </Button>
    </Flex>
  );
}
