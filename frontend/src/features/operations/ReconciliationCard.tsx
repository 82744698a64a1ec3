import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Progress, Statistic, Tag, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { describeError } from '../../api/client';
import { startReconciliation } from '../../api/mutations';
import { reconciliationQuery } from '../../api/queries';
import type { RegisterDrift } from '../../api/types';
import { formatCount, formatTime, nzZoneName } from '../../shared/format';
import { useToast } from '../../shared/toast';
import { ScrollTable } from '../../shared/ui/ScrollTable';

const shown = (value: RegisterDrift['expected']) =>
  value === null ? '—' : typeof value === 'number' ? formatCount(value) : value;

/**
 * Each read model's totals against the asset registers, folded afresh from the log (the app runs it every
 * minute; an operator may run it now). Drift names the asset, the read model and the figure.
 */
export function ReconciliationCard({ style }: { style?: CSSProperties }) {
  const toast = useToast();
  const client = useQueryClient();
  const { data, error } = useQuery(reconciliationQuery);
  const run = useMutation({
    mutationFn: startReconciliation,
    onSuccess: () => client.invalidateQueries({ queryKey: reconciliationQuery.queryKey }),
    onError: (e) => toast.error('Reconciliation Failed', describeError(e)),
  });
  const verdict =
    data?.error != null ? (
      <Tag color="red">failed</Tag>
    ) : data?.ok === true ? (
      <Tag color="green">in agreement</Tag>
    ) : data?.ok === false ? (
      <Tag color="red">drift</Tag>
    ) : (
      <Tag>not run yet</Tag>
    );
  return (
    <Card
      style={style}
      title={
        <Flex gap={8} align="center">
          Register Reconciliation {data && verdict}
        </Flex>
      }
      size="small"
      extra={
        <Button size="small" onClick={() => run.mutate()} loading={run.isPending || data?.running}>
          Reconcile Now
        </Button>
      }
    >
      {error && (
        <Alert type="error" showIcon title="Failed to load the reconciliation." description={describeError(error)} />
      )}
      {data && (
        <Flex vertical gap={12}>
          <Flex gap={32} wrap>
            <Statistic title="Assets compared" value={data.assets} />
            <Statistic title="Figures drifting" value={data.drift.length} />
            <Statistic title="Offerings settling" value={data.unsettled} />
            <Statistic
              title="Last run"
              value={
                data.finishedAt
                  ? `${formatTime(data.finishedAt, { seconds: true })} ${nzZoneName(data.finishedAt)}`
                  : '—'
              }
              suffix={
                data.durationMs !== null && <Typography.Text type="secondary">{data.durationMs} ms</Typography.Text>
              }
            />
          </Flex>
          {data.running && (
            <Progress
              percent={Math.floor((data.checked / Math.max(data.total, 1)) * 100)}
              status="active"
              size="small"
              aria-label="Reconciliation progress"
            />
          )}
          {data.error && <Alert type="error" showIcon title="The last run failed." description={data.error} />}
          <Typography.Text type="secondary">
            Every figure a read model declares (dashboard, assets and cap table, holdings, offerings, admin counters,
            registers), each against a fresh fold of every asset's register over the event log.
          </Typography.Text>
          {data.drift.length > 0 && (
            <ScrollTable<RegisterDrift>
              rowKey={(d) => `${d.assetId ?? d.ownerId ?? ''}-${d.readModel}-${d.offeringId ?? ''}-${d.field}`}
              size="small"
              pagination={{ pageSize: 20, hideOnSinglePage: true }}
              scroll={{ x: 'max-content' }}
              dataSource={data.drift}
              columns={[
                {
                  title: 'Asset',
                  dataIndex: 'assetId',
                  // An owner's dashboard totals and the platform's counters are of no one asset.
                  render: (id: string | null, d: RegisterDrift) =>
                    id ? (
                      <Typography.Text code>{id.slice(0, 8)}</Typography.Text>
                    ) : d.ownerId ? (
                      `owner ${d.ownerId.slice(0, 8)}`
                    ) : (
                      'platform'
                    ),
                },
                { title: 'Read model', dataIndex: 'readModel' },
                {
                  title: 'Offering',
                  dataIndex: 'offeringId',
                  render: (id: string | null) => (id ? id.slice(0, 8) : '—'),
                },
                { title: 'Figure', dataIndex: 'field' },
                { title: 'Register', dataIndex: 'expected', align: 'right', render: shown },
                {
                  title: 'Read model says',
                  dataIndex: 'actual',
                  align: 'right',
                  render: (v: RegisterDrift['actual']) => <Typography.Text type="danger">{shown(v)}</Typography.Text>,
                },
              ]}
            />
          )}
        </Flex>
      )}
    </Card>
  );
}
