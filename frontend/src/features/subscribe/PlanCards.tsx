import { Button, Card, Col, Flex, Row, Tag, Typography, theme } from 'antd';
import type { Plan, Tier } from '../../api/types';
import { planPrice } from '../../shared/format';
import { contact } from '../../shared/contact';
import { FeatureList } from '../../shared/ui/FeatureList';
import { WhyDisabled } from '../../shared/ui/WhyDisabled';

/** What a plan card's button says and does: `disabledReason` says why it cannot be chosen (shown on hover). */
export interface PlanAction {
  label: string;
  disabledReason: string | null;
}

/**
 * The plan cards of /subscribe (docs/specification.md §2, §9), then the one-off services and 'Contact Sales' blocks.
 * Starter is shown next to the two monthly plans so that it can be bought too (the spec's page shows
 * two cards, yet sells Starter elsewhere).
 */
export function PlanCards({
  plans,
  actionFor,
  choosing,
  onChoose,
}: {
  plans: Plan[];
  actionFor(plan: Plan): PlanAction;
  choosing: Tier | null;
  onChoose(tier: Tier): void;
}) {
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={24}>
      <Row gutter={[16, 16]} align="stretch">
        {plans.map((plan) => (
          <Col key={plan.tier} xs={24} md={8}>
            <Card
              title={plan.name}
              extra={plan.mostPopular ? <Tag color="green">Most Popular</Tag> : null}
              style={{ height: '100%', borderColor: plan.mostPopular ? token.colorPrimary : undefined }}
              aria-label={`${plan.name} plan`}
            >
              <Flex vertical gap={16}>
                <Typography.Text style={{ fontSize: token.fontSizeHeading3, fontWeight: token.fontWeightStrong }}>
                  {planPrice(plan)}
                </Typography.Text>
                <FeatureList items={plan.features} />
                <PlanButton
                  plan={plan}
                  action={actionFor(plan)}
                  busy={choosing !== null && choosing !== plan.tier}
                  loading={choosing === plan.tier}
                  onChoose={() => onChoose(plan.tier)}
                />
              </Flex>
            </Card>
          </Col>
        ))}
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <Card title="One-off services">
            <Typography.Paragraph>
              Need a single valuation, a structuring review or a custom project? We quote one-off services.
            </Typography.Paragraph>
            <Typography.Link underline href={`mailto:${contact.servicesEmail}?subject=One-off%20services`}>
              {contact.servicesEmail}
            </Typography.Link>
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card title="Contact Sales">
            <Typography.Paragraph>Tokenizing a portfolio, or need custom terms? Talk to our team.</Typography.Paragraph>
            <Button href={`mailto:${contact.email}?subject=Sales%20enquiry`}>Contact Sales</Button>
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}

function PlanButton({
  plan,
  action,
  busy,
  loading,
  onChoose,
}: {
  plan: Plan;
  action: PlanAction;
  busy: boolean;
  loading: boolean;
  onChoose(): void;
}) {
  return (
    <WhyDisabled reason={action.disabledReason} block>
      <Button
        type={plan.mostPopular ? 'primary' : 'default'}
        block
        disabled={action.disabledReason !== null || busy}
        loading={loading}
        onClick={onChoose}
      >
        {action.label}
      </Button>
    </WhyDisabled>
  );
}
