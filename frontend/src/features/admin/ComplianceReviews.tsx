import { CheckCircleFilled } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Empty,
  Flex,
  Progress,
  Select,
  List,
  Tag,
  Tooltip,
  Typography,
  theme,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { describeError } from '../../api/client';
import { recordComplianceCheck } from '../../api/mutations';
import { complianceReviewsQuery } from '../../api/queries';
import { refreshAfterWrite } from '../../api/queryClient';
import type { CheckStatus, ComplianceCheck, ComplianceReview } from '../../api/types';
import { checkColors } from '../../shared/labels';
import { formatDate } from '../../shared/format';
import { useToast } from '../../shared/toast';
import { OwnRequestNote, useOwnRequest } from './ownRequest';
import { checkStatusLabel } from '../../shared/labels';

const CHECK_COUNT = 4;

/**
 * Owners who asked for a compliance review; staff record each of the four checks' status and expiry. The
 * review stays in the queue until all four have been recorded since it was asked for.
 */
export function ComplianceReviews() {
  const { data, error, isPending } = useQuery(complianceReviewsQuery);
  const { token } = theme.useToken();
  const isOwn = useOwnRequest();
  if (error) return <Alert type="error" title="Failed to load the compliance reviews." />;
  if (!isPending && (data ?? []).length === 0) return <Empty description="No compliance reviews requested" />;
  return (
    <Flex vertical gap={16}>
      {(data ?? []).map((review) => {
        const recorded = review.openRequest?.recorded ?? [];
        return (
          <Card
            key={review.ownerId}
            title={review.email ?? review.ownerId}
            aria-label={`Compliance review of ${review.email ?? review.ownerId}`}
          >
            {review.openRequest && (
              <Typography.Paragraph type="secondary">
                Requested {formatDate(review.openRequest.requestedAt)}
                {review.openRequest.message && <>: “{review.openRequest.message}”</>}
              </Typography.Paragraph>
            )}
            <Flex align="center" gap={12} wrap style={{ marginBottom: 8 }}>
              <Progress
                percent={(recorded.length / CHECK_COUNT) * 100}
                steps={CHECK_COUNT}
                showInfo={false}
                aria-label="Checks recorded in this review"
              />
              <Typography.Text type="secondary">
                {recorded.length} of {CHECK_COUNT} checks recorded in this review
              </Typography.Text>
            </Flex>
            {/* A list rather than a table: on a phone each check's controls wrap below it instead of scrolling away. */}
            <List
              dataSource={review.checks}
              renderItem={(c) => (
                <List.Item aria-label={c.name}>
                  <Flex justify="space-between" align="center" gap={12} wrap style={{ width: '100%' }}>
                    <Flex vertical gap={4} style={{ minWidth: 200 }}>
                      <Flex gap={6} align="center">
                        {recorded.includes(c.id) && (
                          <Tooltip title="Recorded in this review">
                            <CheckCircleFilled style={{ color: token.colorSuccess }} aria-label="Recorded" />
                          </Tooltip>
                        )}
                        <Typography.Text strong>{c.name}</Typography.Text>
                      </Flex>
                      <Flex gap={8} align="center">
                        <Tag color={checkColors[c.status]}>{checkStatusLabel(c.status)}</Tag>
                        <Typography.Text type="secondary">
                          {c.expiryDate ? `Expires ${formatDate(c.expiryDate)}` : 'No expiry date'}
                        </Typography.Text>
                      </Flex>
                    </Flex>
                    {isOwn(review.ownerId) ? (
                      <OwnRequestNote />
                    ) : (
                      <RecordCheck review={review} check={c} last={isLast(recorded, c.id)} />
                    )}
                  </Flex>
                </List.Item>
              )}
            />
          </Card>
        );
      })}
    </Flex>
  );
}

/** Whether recording this check completes the review (the other three are recorded already). */
const isLast = (recorded: readonly ComplianceCheck['id'][], id: ComplianceCheck['id']) =>
  !recorded.includes(id) && recorded.length === CHECK_COUNT - 1;

function RecordCheck({ review, check, last }: { review: ComplianceReview; check: ComplianceCheck; last: boolean }) {
  const [status, setStatus] = useState<CheckStatus>(check.status === 'pending' ? 'passed' : check.status);
  const [expiry, setExpiry] = useState<string | undefined>(check.expiryDate ?? undefined);
  const toast = useToast();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: () => recordComplianceCheck(review.ownerId, check.id, { status, expiryDate: expiry }),
    onSuccess: async () => {
      if (last) toast.success('Review Complete', `All four checks are recorded for ${review.email ?? 'this owner'}.`);
      else toast.success('Check Recorded', `${check.name} recorded as ${status}.`);
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
      <Button
        size="small"
        type="primary"
        loading={save.isPending}
        onClick={() => save.mutate()}
        aria-label={`Save ${check.name}`}
      >
        Save
      </Button>
    </Flex>
  );
}
