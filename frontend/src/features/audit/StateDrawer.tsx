import { useQuery } from '@tanstack/react-query';
import { Alert, Col, Drawer, Row, Spin, Table, Tag, Typography } from 'antd';
import { describeError } from '../../api/client';
import { aggregateAtQuery } from '../../api/queries';
import { formatDateTime } from '../../shared/format';
import { Names } from './describe';
import { Json } from './Json';
import { ActorName, StreamName } from './Named';

export interface StateRequest {
  streamId: string;
  at: string;
}

/** "What did we know then?": the aggregate folded from the events recorded up to that moment, beside them. */
export function StateDrawer({ request, onClose }: { request: StateRequest | null; onClose: () => void }) {
  const { data, error, isPending } = useQuery({
    ...aggregateAtQuery(request?.streamId ?? '', request?.at ?? ''),
    enabled: !!request,
  });
  return (
    <Drawer
      open={!!request}
      onClose={onClose}
      size={880}
      title={
        request ? (
          <>
            <StreamName streamId={request.streamId} names={new Names(data ? [data] : [])} /> as it stood at{' '}
            {formatDateTime(request.at, { seconds: true })}
          </>
        ) : (
          ''
        )
      }
    >
      {error && <Alert type="error" showIcon title="Failed to load the state." description={describeError(error)} />}
      {isPending && !!request && <Spin />}
      {data && (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={12}>
            <Typography.Title level={5}>
              State {data.aggregate && <Tag>{data.aggregate}</Tag>} at revision {data.revision}
            </Typography.Title>
            {data.events.length === 0 ? (
              <Typography.Text type="secondary">Nothing had been recorded on this stream yet.</Typography.Text>
            ) : (
              <Json value={data.state} label="State at that moment" />
            )}
            {data.laterEvents > 0 && (
              <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
                {data.laterEvents} later event{data.laterEvents === 1 ? '' : 's'} not included.
              </Typography.Paragraph>
            )}
          </Col>
          <Col xs={24} lg={12}>
            <Typography.Title level={5}>Events that built it</Typography.Title>
            <Table
              size="small"
              rowKey={(e) => e.metadata.eventId}
              pagination={false}
              dataSource={data.events}
              columns={[
                { title: '#', dataIndex: 'revision', width: 50 },
                { title: 'Event', dataIndex: 'type', render: (t: string) => <Tag color="blue">{t}</Tag> },
                { title: 'Recorded', render: (_, e) => formatDateTime(e.metadata.occurredAt, { seconds: true }) },
                {
                  title: 'Actor',
                  render: (_, e) => <ActorName actor={e.metadata.actor} names={new Names(data ? [data] : [])} />,
                },
              ]}
            />
          </Col>
        </Row>
      )}
    </Drawer>
  );
}
