import { ApiOutlined, CreditCardOutlined, LockOutlined, ShopOutlined } from '@ant-design/icons';
import { Card, Col, Flex, List, Row, Typography } from 'antd';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { appPath } from '../../shared/appPath';
import { Footer } from '../../shared/ui/Footer';

const partners = [
  {
    icon: <ApiOutlined />,
    title: 'Blockchain infrastructure',
    text: 'Node and smart-contract infrastructure on public networks, with audited token contracts.',
  },
  {
    icon: <CreditCardOutlined />,
    title: 'Payments',
    text: 'Card and bank payments for subscriptions and investments, with PCI-compliant processing.',
  },
  {
    icon: <LockOutlined />,
    title: 'Crypto custody',
    text: 'Institutional custody of tokens and keys, segregated per client.',
  },
  {
    icon: <ShopOutlined />,
    title: 'E-commerce',
    text: 'Integrations so businesses can offer tokens alongside their existing sales channels.',
  },
];

/** /partners: four partner cards, the benefits, and the ways forward (docs/specification.md §2). */
export default function PartnersPage() {
  return (
    <>
      <Flex vertical gap={24} style={{ maxWidth: 1100, margin: '0 auto', padding: '40px 16px' }}>
        <Typography.Title level={1} style={{ margin: 0 }}>
          Our Partners
        </Typography.Title>
        <Row gutter={[16, 16]}>
          {partners.map((p) => (
            <Col key={p.title} xs={24} sm={12} lg={6}>
              <Card
                title={
                  <Flex gap={8} align="baseline">
                    {p.icon}
                    <span>{p.title}</span>
                  </Flex>
                }
                // A card title ends in an ellipsis by default: a partner's title wraps instead of being cut, and
                // the headers share one height so the cards' texts line up side by side.
                styles={{
                  header: { minHeight: 80 },
                  title: { whiteSpace: 'normal', overflow: 'visible', paddingBlock: 12 },
                }}
                style={{ height: '100%' }}
              >
                {p.text}
              </Card>
            </Col>
          ))}
        </Row>
        <Card title="Partner benefits">
          <List
            dataSource={[
              'Access to New Zealand asset owners and verified wholesale investors',
              'Joint compliance with FMC Act, AML/CFT and Privacy Act obligations',
              'Co-marketing at launch',
              'API access for integrations',
            ]}
            renderItem={(t) => <List.Item>{t}</List.Item>}
          />
        </Card>
        <Flex gap={12} wrap>
          <ButtonLink to="/" size="large">
            Back to Home
          </ButtonLink>
          <ButtonLink to={appPath('/subscribe')} color="primary" variant="solid" size="large">
            View Plans
          </ButtonLink>
        </Flex>
      </Flex>
      <Footer />
    </>
  );
}
