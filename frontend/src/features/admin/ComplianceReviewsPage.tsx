import { Flex, Result, Typography } from 'antd';
import type { User } from '../../api/types';
import { ComplianceReviews } from './ComplianceReviews';
import { ResultHeading } from '../../shared/ui/ResultHeading';

/** /compliance-reviews: compliance staff's queue of owners waiting for a review (admins have it under /admin too). */
export function ComplianceReviewsPage({ user }: { user: User }) {
  if (!user.roles.some((role) => role === 'admin' || role === 'compliance')) {
    return (
      <Result
        status="403"
        title={<ResultHeading>No Access</ResultHeading>}
        subTitle="The compliance review queue is for Kauri compliance staff only."
      />
    );
  }
  return (
    <Flex vertical gap={16} style={{ maxWidth: 1200, margin: '0 auto', padding: '32px 16px' }}>
      <Typography.Title level={1} style={{ margin: 0 }}>
        Compliance Reviews
      </Typography.Title>
      <Typography.Text type="secondary">
        Record each of the four checks; a review is complete once all four are recorded.
      </Typography.Text>
      <ComplianceReviews />
    </Flex>
  );
}
