import { Link } from '@tanstack/react-router';
import { Button, Card, Col, Flex, Row, Typography } from 'antd';
import { displayName } from '../../api/auth';
import type { User } from '../../api/types';
import { canCreateTokens } from '../billing/subscriptionRule';
import { CalculatorAnchor } from '../calculator/CalculatorAnchor';
import { ButtonLink } from '../layout/ButtonLink';
import { appPath } from '../layout/appPath';

/**
 * The signed-in home (spec §2 "Dashboard"). The owner workspace fills it with the portfolio read models;
 * until then it greets the user and points at the next steps.
 */
export function Dashboard({ user }: { user: User }) {
  return (
    <Flex vertical gap={24} style={{ maxWidth: 1200, margin: '0 auto', padding: '32px 16px' }}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        Welcome, {displayName(user)}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <Card title="Tokenize an asset">
            {canCreateTokens(user) ? (
              <ButtonLink to={appPath('/tokenize')} color="primary" variant="solid">
                Start Tokenization
              </ButtonLink>
            ) : (
              <Flex vertical gap={8} align="flex-start">
                <Button disabled>Upgrade to Create Tokens</Button>
                <Link to={appPath('/subscribe')}>Subscription required to create tokens</Link>
              </Flex>
            )}
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card title="Wholesale investors">
            <ButtonLink to={appPath('/wholesale-verification')}>Get Verified</ButtonLink>
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card title="Your plan">
            <ButtonLink to={appPath('/subscribe')}>View Plans</ButtonLink>
          </Card>
        </Col>
      </Row>
      <CalculatorAnchor />
    </Flex>
  );
}
