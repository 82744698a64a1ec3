import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Progress, Typography } from 'antd';
import { describeError } from '../../api/client';
import { startIntegrityCheck } from '../../api/mutations';
import { integrityQuery } from '../../api/queries';
import { formatDateTime } from '../../shared/format';

/** Tamper evidence: recompute every stream's hash chain and name the first broken link. */
export function IntegrityCard() {
  const client = useQueryClient();
  const { data } = useQuery(integrityQuery);
  const start = useMutation({
    mutationFn: startIntegrityCheck,
    onSuccess: async (status) => {
      client.setQueryData(integrityQuery.queryKey, status);
      await client.invalidateQueries({ queryKey: integrityQuery.queryKey });
    },
  });
  const running = data?.running ?? false;
  const report = data?.report;
  return (
    <Card title="Tamper Evidence" size="small">
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">
          Each event carries a hash chained to the previous event of its stream, over the stored bytes. Changing,
          removing or reordering a stored event breaks the chain there.
        </Typography.Text>
        <Button
          icon={<SafetyCertificateOutlined />}
          onClick={() => start.mutate()}
          loading={start.isPending || running}
          style={{ alignSelf: 'flex-start' }}
        >
          Verify Integrity
        </Button>
        {running && data && (
          <Progress
            percent={data.total ? Math.floor((data.checked / data.total) * 100) : 0}
            status="active"
            aria-label="Integrity check progress"
          />
        )}
        {start.error && (
          <Alert type="error" showIcon title="The check could not start." description={describeError(start.error)} />
        )}
        {!running && data?.error && <Alert type="error" showIcon title="The check failed." description={data.error} />}
        {!running && data?.finishedAt && !data.supported && (
          <Alert
            type="info"
            showIcon
            title="This event store keeps no hash chains (EventStoreDB's log is append-only on the server)."
          />
        )}
        {!running && data?.finishedAt && report && !report.firstBroken && (
          <Alert
            type="success"
            showIcon
            title="Intact"
            description={`${report.checkedEvents} events in ${report.checkedStreams} streams; every hash chain holds. Checked ${formatDateTime(data.finishedAt)}.`}
          />
        )}
        {!running && report?.firstBroken && (
          <Alert
            type="error"
            showIcon
            title="Broken link found"
            description={`${report.firstBroken.reason} at ${report.firstBroken.streamId} revision ${report.firstBroken.revision} (position ${report.firstBroken.position}, ${report.firstBroken.type}, event ${report.firstBroken.eventId}).`}
          />
        )}
      </Flex>
    </Card>
  );
}
