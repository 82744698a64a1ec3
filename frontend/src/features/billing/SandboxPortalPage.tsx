import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Flex, Tag, Typography } from 'antd';
import { billingQuery, plansQuery } from '../../api/queries';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { appPath } from '../../shared/appPath';
import { PageSpinner } from '../../shared/ui/PageSpinner';
import { BillingHistory } from './BillingHistory';

/**
 * What the quick actions open in test mode: with no Stripe keys there is no Stripe customer portal, so
 * this tab shows what the platform itself recorded.
 */
export function SandboxPortalPage() {
  const billing = useQuery(billingQuery);
  const plans = useQuery(plansQuery);
  if (!billing.data || !plans.data) return <PageSpinner />;
  return (
    <Flex vertical gap={24} style={{ maxWidth: 960, margin: '0 auto', padding: '32px 16px' }}>
      <Flex gap={12} align="center" wrap>
        <Typography.Title level={1} style={{ margin: 0 }}>
          Billing Portal
        </Typography.Title>
        <Tag color="orange">TEST MODE</Tag>
      </Flex>
      <Alert
        type="info"
        showIcon
        title="No real invoices or cards in test mode"
        description="With Stripe configured, Download Invoice, Update Payment Method and View Billing History open Stripe's customer portal. Here you see the billing events Kauri recorded."
      />
      <Card title="Billing History">
        <BillingHistory history={billing.data.history} plans={plans.data} />
      </Card>
      <ButtonLink to={appPath('/billing')} style={{ alignSelf: 'flex-start' }}>
        Back to Billing
      </ButtonLink>
    </Flex>
  );
}
