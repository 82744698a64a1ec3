import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Progress, Result, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { describeError } from '../../api/client';
import { rebuildProjection, resumeProjection } from '../../api/mutations';
import { projectionsQuery } from '../../api/queries';
import type { ProjectionInfo, User } from '../../api/types';
import { ResultHeading } from '../layout/ResultHeading';
import { useToast } from '../toast';
import type { LagSample } from './LagChart';

const LagChart = lazy(() => import('./LagChart'));
const SAMPLES = 120;

const STATUS_COLOR: Record<ProjectionInfo['status'], string> = {
  starting: 'default',
  'catching-up': 'processing',
  live: 'green',
  failed: 'red',
  rebuilding: 'blue',
};

/**
 * /admin/operations: each read model's checkpoint, lag, rate and last error, polled every second. Rebuild
 * replays the log into a fresh copy (blue/green) with a live progress bar; a failed projection stops at the
 * event that threw and resumes after the fix.
 */
export function OperationsPage({ user }: { user: User }) {
  if (!user.roles.includes('admin')) {
    return (
      <Result
        status="403"
        title={<ResultHeading>No Access</ResultHeading>}
        subTitle="Operations are for Kauri administrators only."
      />
    );
  }
  return <Operations />;
}

function Operations() {
  const toast = useToast();
  const client = useQueryClient();
  const { data, error, isPending } = useQuery(projectionsQuery);
  const [samples, setSamples] = useState<LagSample[]>([]);
  useEffect(() => {
    if (data)
      setSamples((s) =>
        [
          ...s,
          {
            at: Date.now(),
            lag: data.reduce((sum, p) => sum + p.lag, 0),
            rate: data.reduce((sum, p) => sum + (p.rebuild?.rate ?? p.rate), 0),
          },
        ].slice(-SAMPLES),
      );
  }, [data]);
  const refresh = () => client.invalidateQueries({ queryKey: projectionsQuery.queryKey });
  const rebuild = useMutation({
    mutationFn: rebuildProjection,
    onSuccess: refresh,
    onError: (e) => toast.error('Rebuild Failed', describeError(e)),
  });
  const resume = useMutation({
    mutationFn: resumeProjection,
    onSuccess: refresh,
    onError: (e) => toast.error('Resume Failed', describeError(e)),
  });

  return (
    <Flex vertical gap={16} style={{ maxWidth: 1400, margin: '0 auto', padding: '32px 16px' }}>
      <div>
        <Typography.Title level={2} style={{ margin: 0 }}>
          Operations
        </Typography.Title>
        <Typography.Text type="secondary">
          Read models are built from the event log; any of them can be rebuilt from the start while the current copy
          keeps serving.
        </Typography.Text>
      </div>
      {error && (
        <Alert type="error" showIcon title="Failed to load the projections." description={describeError(error)} />
      )}
      <Card
        title="Projections"
        size="small"
        extra={
          data && (
            <Typography.Text type="secondary">
              log head at position {Math.max(0, ...data.map((p) => p.head))}
            </Typography.Text>
          )
        }
      >
        <Table<ProjectionInfo>
          rowKey="name"
          size="small"
          loading={isPending}
          dataSource={data ?? []}
          pagination={false}
          scroll={{ x: true }}
          columns={[
            {
              title: 'Projection',
              dataIndex: 'name',
              render: (name: string, p) => (
                <Typography.Text strong>
                  {name} <Typography.Text type="secondary">v{p.version}</Typography.Text>
                </Typography.Text>
              ),
            },
            {
              title: 'Status',
              dataIndex: 'status',
              render: (s: ProjectionInfo['status']) => <Tag color={STATUS_COLOR[s]}>{s}</Tag>,
            },
            { title: 'Checkpoint', dataIndex: 'checkpoint', align: 'right' },
            {
              title: 'Lag',
              dataIndex: 'lag',
              align: 'right',
              render: (lag: number) => <Typography.Text type={lag > 0 ? 'warning' : undefined}>{lag}</Typography.Text>,
            },
            { title: 'Rate (ev/s)', dataIndex: 'rate', align: 'right' },
            {
              title: 'Last error',
              render: (_, p) =>
                p.lastError ? (
                  <Tooltip title={`${p.lastError.streamId} · ${p.lastError.at}`}>
                    <Typography.Text type="danger">
                      {p.lastError.eventType} @ {p.lastError.position}: {p.lastError.message}
                    </Typography.Text>
                  </Tooltip>
                ) : (
                  <Typography.Text type="secondary">none</Typography.Text>
                ),
            },
            {
              title: 'Rebuild',
              width: 280,
              render: (_, p) =>
                p.rebuild ? (
                  <Progress
                    percent={Math.floor((p.rebuild.done / Math.max(p.rebuild.total, 1)) * 100)}
                    status="active"
                    size="small"
                    aria-label={`Rebuild of ${p.name}`}
                  />
                ) : (
                  <Space>
                    <Button
                      size="small"
                      aria-label={`Rebuild ${p.name}`}
                      onClick={() => rebuild.mutate(p.name)}
                      loading={rebuild.isPending && rebuild.variables === p.name}
                    >
                      Rebuild
                    </Button>
                    {p.status === 'failed' && (
                      <Button
                        size="small"
                        type="primary"
                        aria-label={`Resume ${p.name}`}
                        onClick={() => resume.mutate(p.name)}
                        loading={resume.isPending && resume.variables === p.name}
                      >
                        Resume
                      </Button>
                    )}
                  </Space>
                ),
            },
          ]}
        />
      </Card>
      <Card title="Lag and Throughput, Last Two Minutes" size="small">
        <Suspense fallback={<div style={{ height: 220 }} />}>
          <LagChart samples={samples} />
        </Suspense>
      </Card>
    </Flex>
  );
}
