import { useQuery } from '@tanstack/react-query';
import { Alert, Drawer, Spin, Tag, Timeline, Typography } from 'antd';
import { describeError } from '../../api/client';
import { correlationQuery } from '../../api/queries';
import { formatDateTime } from '../../shared/format';
import { Names } from './describe';
import { ActorName, DecisionParties, StreamName } from './Named';

/** Everything one request caused, in order: what a reviewer reads to understand a single action. */
export function CorrelationDrawer({ correlationId, onClose }: { correlationId: string | null; onClose: () => void }) {
  const { data, error, isPending } = useQuery({ ...correlationQuery(correlationId ?? ''), enabled: !!correlationId });
  const names = new Names(data ? [data] : []);
  return (
    <Drawer open={!!correlationId} onClose={onClose} size={560} title="Request Chain">
      <Typography.Paragraph type="secondary">
        Correlation id <Typography.Text code>{correlationId}</Typography.Text>
      </Typography.Paragraph>
      {error && <Alert type="error" showIcon title="Failed to load the chain." description={describeError(error)} />}
      {isPending && correlationId ? (
        <Spin />
      ) : (
        <Timeline
          items={(data?.events ?? []).map((e) => ({
            key: e.metadata.eventId,
            content: (
              <>
                <Tag color="blue">{e.type}</Tag>{' '}
                <StreamName streamId={e.streamId} revision={e.revision} names={names} />
                <br />
                <Typography.Text type="secondary">
                  {formatDateTime(e.metadata.occurredAt, { seconds: true })} ·{' '}
                  <ActorName actor={e.metadata.actor} names={names} /> · position {e.position}
                  {e.metadata.causationId && ` · caused by ${e.metadata.causationId}`}
                </Typography.Text>
                <DecisionParties event={e} names={names} />
              </>
            ),
          }))}
        />
      )}
    </Drawer>
  );
}
