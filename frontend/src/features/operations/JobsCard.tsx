import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Flex, Tag, Tooltip, Typography } from 'antd';
import { describeError } from '../../api/client';
import { jobsQuery } from '../../api/queries';
import type { JobStatus } from '../../api/types';
import { formatCount, formatDateTime } from '../../shared/format';
import { ScrollTable } from '../../shared/ui/ScrollTable';

const LEASES = {
  local: 'one process (nothing to elect)',
  postgres: 'PostgreSQL advisory locks',
  mongodb: 'MongoDB lease documents',
} as const;

function holderOf(job: JobStatus) {
  if (job.scope === 'every-replica') return <Tag>each replica</Tag>;
  if (!job.holder) return <Tag color="red">none — waiting for a replica to take it</Tag>;
  return (
    <Flex gap={4} wrap>
      <Typography.Text>
        {job.holder.host} pid {job.holder.pid}
      </Typography.Text>
      {job.heldHere && <Tag color="blue">this replica</Tag>}
    </Flex>
  );
}

/**
 * The background jobs (polled every two seconds): each runs on the one replica holding its lease, and another takes
 * it over within seconds when that replica stops. A subscription shows how far it has got in the log.
 */
export function JobsCard() {
  const { data, error } = useQuery(jobsQuery);
  return (
    <Card size="small" title="Background jobs">
      {error && <Alert type="error" showIcon title="Failed to load the jobs." description={describeError(error)} />}
      {data && (
        <Flex vertical gap={8}>
          <Typography.Text type="secondary">
            Leases: {LEASES[data.leases]} · {data.replicas.length} live{' '}
            {data.replicas.length === 1 ? 'replica' : 'replicas'} · this page is served by {data.replica.host} pid{' '}
            {data.replica.pid}
          </Typography.Text>
          <ScrollTable<JobStatus>
            size="small"
            rowKey="name"
            pagination={false}
            scroll={{ x: 'max-content' }}
            dataSource={data.jobs}
            columns={[
              {
                title: 'Job',
                dataIndex: 'name',
                render: (name: string, job) => (
                  <Tooltip title={job.description}>
                    <Typography.Text strong>{name}</Typography.Text>
                  </Tooltip>
                ),
              },
              { title: 'Kind', dataIndex: 'kind' },
              { title: 'Held by', key: 'holder', render: (_, job) => holderOf(job) },
              {
                title: 'Checkpoint',
                dataIndex: 'checkpoint',
                align: 'right',
                render: (value: number | null) => (value === null ? '—' : formatCount(value)),
              },
              {
                title: 'Lag',
                dataIndex: 'lag',
                align: 'right',
                render: (value: number | null) =>
                  value === null ? '—' : <Tag color={value === 0 ? 'green' : 'gold'}>{formatCount(value)}</Tag>,
              },
              {
                title: 'Last run here',
                key: 'lastRun',
                render: (_, job) =>
                  !job.lastRun ? (
                    '—'
                  ) : job.lastRun.error ? (
                    <Tooltip title={job.lastRun.error}>
                      <Tag color="red">failed {formatDateTime(job.lastRun.startedAt)}</Tag>
                    </Tooltip>
                  ) : (
                    formatDateTime(job.lastRun.startedAt)
                  ),
              },
            ]}
          />
        </Flex>
      )}
    </Card>
  );
}
