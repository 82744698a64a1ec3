import { Link } from '@tanstack/react-router';
import { Flex, List, Typography } from 'antd';
import type { Activity } from '../../api/types';
import { formatDate } from '../../shared/format';
import { emptyText } from '../../shared/ui/emptyText';
import { activityTypeLabel } from '../../shared/labels';

/** Recent Activity (docs/specification.md §2, first 5): each line links to the page of what it is about. */
export function ActivityList({ activities, limit = 5 }: { activities: Activity[]; limit?: number }) {
  return (
    <List
      dataSource={activities.slice(0, limit)}
      locale={{ emptyText: emptyText('No activity yet') }}
      renderItem={(a) => (
        <List.Item>
          <List.Item.Meta
            title={a.description}
            description={
              // The link stands apart from the date and kind, not inside their text: told from it by place, not
              // by colour alone (WCAG 1.4.1; axe-core's link-in-text-block).
              <Flex gap={8} wrap align="baseline">
                {a.investmentId ? (
                  <Link to="/investments/$investmentId" params={{ investmentId: a.investmentId }}>
                    {a.offeringName ?? 'Investment'}
                  </Link>
                ) : a.assetId ? (
                  <Link to="/assets/$assetId" params={{ assetId: a.assetId }}>
                    View asset
                  </Link>
                ) : null}
                <Typography.Text type="secondary">
                  {formatDate(a.createdAt)} · {activityTypeLabel(a.type)}
                </Typography.Text>
              </Flex>
            }
          />
        </List.Item>
      )}
    />
  );
}
