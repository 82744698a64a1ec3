import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Flex,
  Progress,
  Result,
  Row,
  Space,
  Spin,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { describeError } from '../../api/client';
import { rebuildProjection, resumeProjection } from '../../api/mutations';
import { projectionsQuery } from '../../api/queries';
import type { ProjectionInfo, RebuildOutcome, User } from '../../api/types';
import { formatCount, formatDateTime } from '../../shared/format';
import { ResultHeading } from '../../shared/ui/ResultHeading';
import { useToast } from '../../shared/toast';
import type { LagSample } from './LagChart';
import { ChainCard } from './ChainCard';
import { HealthCard } from './HealthCard';
import { JobsCard } from './JobsCard';
import { ReconciliationCard } from './ReconciliationCard';
import { ScrollTable } from '../../shared/ui/ScrollTable';
import { projectionStatusLabel } from '../../shared/labels';

const LagChart = lazy(() => import('./LagChart'));
const SAMPLES = 120;

const STATUS_COLOR: Record<ProjectionInfo['status'], string> = {
  starting: 'default',
  'catching-up': 'processing',
  live: 'green',
  failed: 'red',
  rebuilding: 'blue',
};

/** Totals across all projections: the summary row and the chart show these same numbers. */
export function totals(projections: readonly ProjectionInfo[]): { lag: number; rate: number } {
  return {
    lag: projections.reduce((sum, p) => sum + p.lag, 0),
    rate: Math.round(projections.reduce((sum, p) => sum + p.rate, 0) * 10) / 10,
  };
}

/** Whether the rebuild asked for at `requestedAt` (the server's clock) is over: its outcome is at least as recent. */
function finished(p: ProjectionInfo, requestedAt: string): boolean {
  return !p.rebuild && p.lastRebuild !== null && p.lastRebuild.startedAt >= requestedAt;
}

/** "2,345 events into 120 documents in 40 ms" */
export function describeRebuild(r: RebuildOutcome): string {
  const took = r.durationMs < 1000 ? `${r.durationMs} ms` : `${(r.durationMs / 1000).toFixed(1)} s`;
  const events = `${formatCount(r.eventsReplayed)} event${r.eventsReplayed === 1 ? '' : 's'}`;
  return r.outcome === 'swapped'
    ? `${events} replayed into ${formatCount(r.documents)} document${r.documents === 1 ? '' : 's'} in ${took}`
    : `failed after ${events} in ${took}: ${r.error ?? 'unknown error'}`;
}

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
  // Rebuilds asked for here, by projection, with when the server took the request: until an outcome at least
  // as recent shows, the row says it is running — even when the rebuild was over before the next poll.
  const [watching, setWatching] = useState<ReadonlyMap<string, string>>(new Map());
  const { data, error, isPending } = useQuery({
    ...projectionsQuery,
    refetchInterval: (query) => (watching.size > 0 || query.state.data?.some((p) => p.rebuild) ? 250 : 1000),
  });
  const [samples, setSamples] = useState<LagSample[]>([]);
  useEffect(() => {
    if (data) setSamples((s) => [...s, { at: Date.now(), ...totals(data) }].slice(-SAMPLES));
  }, [data]);
  useEffect(() => {
    if (!data || watching.size === 0) return;
    const done = data.filter((p) => watching.has(p.name) && finished(p, watching.get(p.name)!));
    if (done.length === 0) return;
    for (const p of done) {
      const r = p.lastRebuild!;
      if (r.outcome === 'swapped') void toast.success('Rebuild Complete', `${p.name}: ${describeRebuild(r)}.`);
      else void toast.error('Rebuild Failed', `${p.name}: ${describeRebuild(r)}`);
    }
    setWatching((w) => new Map([...w].filter(([name]) => !done.some((p) => p.name === name))));
  }, [data, watching, toast]);
  const refresh = () => client.invalidateQueries({ queryKey: projectionsQuery.queryKey });
  const rebuild = useMutation({
    mutationFn: rebuildProjection,
    onSuccess: ({ name, requestedAt }) => {
      setWatching((w) => new Map(w).set(name, requestedAt));
      return refresh();
    },
    onError: (e) => toast.error('Rebuild Failed', describeError(e)),
  });
  const resume = useMutation({
    mutationFn: resumeProjection,
    onSuccess: refresh,
    onError: (e) => toast.error('Resume Failed', describeError(e)),
  });
  const all = totals(data ?? []);

  return (
    <Flex vertical gap={16} style={{ maxWidth: 1400, margin: '0 auto', padding: '32px 16px' }}>
      <div>
        <Typography.Title level={1} style={{ margin: 0 }}>
          Operations
        </Typography.Title>
        <Typography.Text type="secondary">
          Read models are built from the event log; any of them can be rebuilt from the start while the current copy
          keeps serving. Rates are events per second over the last 10 seconds.
        </Typography.Text>
      </div>
      <HealthCard />
      <JobsCard />
      {error && (
        <Alert type="error" showIcon title="Failed to load the projections." description={describeError(error)} />
      )}
      <Card
        title="Projections"
        size="small"
        extra={
          data && (
            <Typography.Text type="secondary">
              log head at position {formatCount(Math.max(0, ...data.map((p) => p.head)))}
            </Typography.Text>
          )
        }
      >
        <ScrollTable<ProjectionInfo>
          rowKey="name"
          size="small"
          loading={isPending}
          dataSource={data ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          summary={() =>
            data && (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={3}>
                  <Typography.Text strong>All projections</Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={3} align="right">
                  <Typography.Text strong>{formatCount(all.lag)}</Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={4} align="right">
                  <Typography.Text strong aria-label="Total events per second">
                    {all.rate}
                  </Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={5} colSpan={3} />
              </Table.Summary.Row>
            )
          }
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
              render: (s: ProjectionInfo['status'], p) => (
                <>
                  <Tag color={STATUS_COLOR[s]}>{projectionStatusLabel(s)}</Tag>
                  {p.persistence && (
                    // Serving from memory; storing it failed transiently (a deadlock, a lost connection) and is retried.
                    <Tooltip
                      title={`${p.persistence.attempts} failed attempts to store it; last: ${p.persistence.lastError}. Next attempt ${formatDateTime(p.persistence.nextAttemptAt, { seconds: true })}.`}
                    >
                      <Tag color="warning">storing: retrying</Tag>
                    </Tooltip>
                  )}
                </>
              ),
            },
            { title: 'Checkpoint', dataIndex: 'checkpoint', align: 'right', render: formatCount },
            {
              title: 'Lag',
              dataIndex: 'lag',
              align: 'right',
              render: (lag: number) => (
                <Typography.Text type={lag > 0 ? 'warning' : undefined}>{formatCount(lag)}</Typography.Text>
              ),
            },
            { title: 'Events/s', dataIndex: 'rate', align: 'right' },
            {
              title: 'Last error',
              render: (_, p) =>
                p.lastError ? (
                  <Tooltip title={`${p.lastError.streamId} · ${formatDateTime(p.lastError.at, { seconds: true })}`}>
                    <Typography.Text type="danger">
                      {p.lastError.eventType} @ {p.lastError.position}: {p.lastError.message}
                    </Typography.Text>
                  </Tooltip>
                ) : (
                  <Typography.Text type="secondary">none</Typography.Text>
                ),
            },
            {
              title: 'Last rebuild',
              render: (_, p) => <LastRebuild outcome={p.lastRebuild} />,
            },
            {
              title: 'Rebuild',
              fixed: 'right',
              width: 150,
              render: (_, p) => {
                if (p.rebuild)
                  return (
                    <Progress
                      percent={Math.floor((p.rebuild.done / Math.max(p.rebuild.total, 1)) * 100)}
                      status="active"
                      size="small"
                      aria-label={`Rebuild of ${p.name}`}
                    />
                  );
                const requested = watching.get(p.name);
                if ((rebuild.isPending && rebuild.variables === p.name) || (requested && !finished(p, requested)))
                  return (
                    <Space aria-label={`Rebuild of ${p.name}`}>
                      <Spin size="small" />
                      Rebuilding…
                    </Space>
                  );
                return (
                  <Space>
                    <Button size="small" aria-label={`Rebuild ${p.name}`} onClick={() => rebuild.mutate(p.name)}>
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
                );
              },
            },
          ]}
        />
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <ReconciliationCard style={{ height: '100%' }} />
        </Col>
        <Col xs={24} xl={10}>
          <ChainCard style={{ height: '100%' }} />
        </Col>
      </Row>
      <Card title="Lag and Throughput" size="small">
        <Typography.Paragraph type="secondary">
          All projections over the last two minutes: the totals of the table's last row, sampled at each refresh.
        </Typography.Paragraph>
        <Suspense fallback={<div style={{ height: 260 }} />}>
          <LagChart samples={samples} />
        </Suspense>
      </Card>
    </Flex>
  );
}

function LastRebuild({ outcome }: { outcome: RebuildOutcome | null }) {
  if (!outcome) return <Typography.Text type="secondary">never</Typography.Text>;
  return (
    <Flex vertical style={{ minWidth: 220 }}>
      <Typography.Text type={outcome.outcome === 'failed' ? 'danger' : undefined}>
        {outcome.outcome === 'swapped' ? 'Rebuilt' : 'Failed'} {formatDateTime(outcome.finishedAt, { seconds: true })}
      </Typography.Text>
      <Typography.Text type="secondary">{describeRebuild(outcome)}</Typography.Text>
    </Flex>
  );
}
