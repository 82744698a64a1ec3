import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Flex, Tag, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { describeError } from '../../api/client';
import { healthQuery, operatorHealth } from '../../api/queries';

/**
 * The app's own verdict from /api/health (polled every two seconds, shared with the Chain card): ok, degraded with
 * every reason, or not ready — the replica answers 503 and a load balancer sends its requests elsewhere. The reasons
 * are an operator's (an admin's); anyone else would read only the failing checks' names.
 */
export function HealthCard({ style }: { style?: CSSProperties }) {
  const { data, error } = useQuery({ ...healthQuery, refetchInterval: 2000 });
  const reasons = operatorHealth(data)?.reasons ?? data?.failing ?? [];
  const verdict = !data ? null : !data.ready ? (
    <Tag color="red">not ready</Tag>
  ) : data.status === 'ok' ? (
    <Tag color="green">ok</Tag>
  ) : (
    <Tag color="gold">degraded</Tag>
  );
  return (
    <Card
      size="small"
      style={style}
      title={
        <Flex gap={8} align="center">
          <span>Health</span>
          {verdict}
        </Flex>
      }
    >
      {error && <Alert type="error" showIcon title="Failed to load the health." description={describeError(error)} />}
      {data && reasons.length === 0 && (
        <Typography.Text type="secondary">
          Every store answers, every read model follows the log, and the chain agrees with the register.
        </Typography.Text>
      )}
      {data && reasons.length > 0 && (
        <Flex vertical gap={8}>
          <ul aria-label="Health reasons" style={{ margin: 0, paddingInlineStart: 20 }}>
            {reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
          <Typography.Text type="secondary">
            {data.ready
              ? 'Still serving: this replica stays in rotation while an operator looks into it.'
              : 'Not ready: /api/health answers 503, so a load balancer sends requests to other replicas.'}
          </Typography.Text>
        </Flex>
      )}
    </Card>
  );
}
