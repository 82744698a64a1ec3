import { useInfiniteQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Flex, Row, Space, Tag, Typography } from 'antd';
import { describeError } from '../../api/client';
import { auditEventsQuery } from '../../api/queries';
import type { AuditEvent, AuditFilter } from '../../api/types';
import { formatDateTime } from '../../shared/format';
import { Names } from './describe';
import { ActorName, DecisionParties, StreamName } from './Named';
import { Json } from './Json';
import { ScrollTable } from '../../shared/ui/ScrollTable';

export interface EventActions {
  showChain(correlationId: string): void;
  showStateAt(streamId: string, at: string): void;
}

/** The timeline of all events, in the order they were recorded, 50 at a time. */
export function AuditTimeline({ filter, actions }: { filter: AuditFilter; actions: EventActions }) {
  const { data, error, isPending, fetchNextPage, hasNextPage, isFetchingNextPage } = useInfiniteQuery(
    auditEventsQuery(filter),
  );
  const events = data?.pages.flatMap((p) => p.events) ?? [];
  const names = new Names(data?.pages);
  if (error)
    return <Alert type="error" showIcon title="Failed to load the audit history." description={describeError(error)} />;
  return (
    <Card
      title="Timeline"
      size="small"
      extra={
        data && (
          <Typography.Text type="secondary">
            {events.length} shown · log head at position {data.pages.at(-1)!.head}
          </Typography.Text>
        )
      }
    >
      <ScrollTable<AuditEvent>
        rowKey={(e) => e.metadata.eventId}
        size="small"
        loading={isPending}
        dataSource={events}
        pagination={false}
        scroll={{ x: true }}
        expandable={{
          expandedRowRender: (event) => <EventDetail event={event} actions={actions} />,
          expandRowByClick: true,
        }}
        columns={[
          { title: 'Position', dataIndex: 'position', width: 90 },
          {
            title: 'Recorded',
            render: (_, e) => formatDateTime(e.metadata.occurredAt, { seconds: true }),
            // One line per moment: a date broken across lines reads as two.
            onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
          },
          {
            title: 'Stream',
            dataIndex: 'streamId',
            render: (s: string, e) => <StreamName streamId={s} revision={e.revision} names={names} />,
          },
          {
            title: 'Event',
            dataIndex: 'type',
            render: (t: string, e) => (
              <Space size={4}>
                <Tag color="blue">{t}</Tag>
                {e.data.personalForgotten === true && <Tag>forgotten</Tag>}
              </Space>
            ),
          },
          {
            title: 'Actor',
            render: (_, e) => (
              <>
                <ActorName actor={e.metadata.actor} names={names} />
                <DecisionParties event={e} names={names} />
              </>
            ),
          },
        ]}
      />
      {hasNextPage && (
        <Flex vertical align="center" gap={4} style={{ marginTop: 12 }}>
          <Button onClick={() => void fetchNextPage()} loading={isFetchingNextPage}>
            Load More
          </Button>
          {/* A rare filter reads the log a stretch at a time: say how far the search has come. */}
          <Typography.Text type="secondary">
            Searched to position {data!.pages.at(-1)!.next} of {data!.pages.at(-1)!.head}
          </Typography.Text>
        </Flex>
      )}
    </Card>
  );
}

function EventDetail({ event, actions }: { event: AuditEvent; actions: EventActions }) {
  const { metadata } = event;
  return (
    <Flex vertical gap={12}>
      <Space wrap>
        <Button size="small" onClick={() => actions.showChain(metadata.correlationId)}>
          Show Request Chain
        </Button>
        <Button size="small" onClick={() => actions.showStateAt(event.streamId, metadata.occurredAt)}>
          State at This Moment
        </Button>
      </Space>
      <Row gutter={[16, 12]}>
        <Col xs={24} lg={14}>
          <Typography.Text strong>Data</Typography.Text>
          <Json value={event.data} label={`Data of ${event.type} at position ${event.position}`} />
        </Col>
        <Col xs={24} lg={10}>
          <Typography.Text strong>Metadata</Typography.Text>
          <Json
            value={{
              actor: metadata.actor,
              correlationId: metadata.correlationId,
              causationId: metadata.causationId,
              eventId: metadata.eventId,
              schemaVersion: metadata.schemaVersion,
              occurredAt: metadata.occurredAt,
            }}
            label={`Metadata of ${event.type} at position ${event.position}`}
          />
        </Col>
      </Row>
    </Flex>
  );
}
