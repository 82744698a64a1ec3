import {
  CheckCircleFilled,
  SafetyCertificateOutlined,
  RobotOutlined,
  TeamOutlined,
  PieChartOutlined,
  BlockOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Col, Flex, Row, theme } from 'antd';
import { earlyAccessQuery } from '../../api/queries';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { FeatureList } from '../../shared/ui/FeatureList';
import { Label } from '../../shared/ui/Label';
import { Panel } from '../../shared/ui/Panel';
import { appPath } from '../../shared/appPath';
import { CalculatorAnchor } from '../../shared/calculator/CalculatorAnchor';
import { contact } from '../../shared/contact';
import { Footer } from '../../shared/ui/Footer';

const section = { maxWidth: 1100, margin: '0 auto', padding: '48px 16px' } as const;

/** The public landing page (docs/specification.md §2 "Landing page"). */
export default function Landing() {
  const { token } = theme.useToken();
  const { data: earlyAccess } = useQuery(earlyAccessQuery);
  const heading = (text: string) => (
    <h2 style={{ fontSize: token.fontSizeHeading2, margin: '0 0 24px', textAlign: 'center' }}>{text}</h2>
  );

  return (
    <>
      <div style={{ background: token.colorPrimaryBg }}>
        <Flex vertical align="center" gap={20} style={{ ...section, padding: '72px 16px', textAlign: 'center' }}>
          <Label>
            Pre-launch ·{' '}
            {earlyAccess
              ? `${earlyAccess.placesLeft} of ${earlyAccess.waivedPlaces} fee-free places left`
              : 'first 100 registrations waive sign-on fees'}
          </Label>
          <h1 style={{ fontSize: 'clamp(30px, 6vw, 52px)', lineHeight: 1.15, margin: 0, color: token.colorPrimary }}>
            Tokenize New Zealand real-world assets
          </h1>
          <p style={{ fontSize: token.fontSizeLG, maxWidth: 680, margin: 0 }}>
            Turn property, businesses and startups into blockchain tokens, manage your investors and cap table, and
            offer tokens to verified wholesale investors — with compliance built in.
          </p>
          <Flex gap={12} wrap justify="center">
            <ButtonLink to="/register-interest" color="primary" variant="solid" size="large">
              Register Interest - FREE
            </ButtonLink>
            <Button
              size="large"
              onClick={() => document.getElementById('calculator')?.scrollIntoView({ behavior: 'smooth' })}
            >
              Try Calculator
            </Button>
          </Flex>
        </Flex>
      </div>

      <div style={section}>
        {heading('Early-access benefits')}
        <Row gutter={[16, 16]}>
          {[
            ['Sign-on fee waived', 'The first 100 registrations pay no sign-on (setup) fee.'],
            ['Priority onboarding', 'Early registrants are onboarded first when operations begin.'],
            ['Shape the platform', 'Tell us which assets and features matter to you.'],
          ].map(([title, text]) => (
            <Col xs={24} md={8} key={title}>
              <Panel>
                <Flex gap={8} align="baseline">
                  <CheckCircleFilled style={{ color: token.colorSuccess }} />
                  <strong>{title}</strong>
                </Flex>
                <p style={{ margin: '8px 0 0' }}>{text}</p>
              </Panel>
            </Col>
          ))}
        </Row>
      </div>

      <div style={{ background: token.colorBgContainer }}>
        <Row gutter={[24, 24]} style={section}>
          <Col xs={24} md={12}>
            <h2 style={{ fontSize: token.fontSizeHeading3, marginTop: 0 }}>
              <SafetyCertificateOutlined /> Regulated for New Zealand
            </h2>
            <p>
              Offers on Kauri are open only to wholesale investors as defined in Schedule 1 of the Financial Markets
              Conduct Act 2013. Retail investors are not permitted. Every investor is verified before investing, and
              AML/CFT, KYC, Privacy Act 2020 and FMCA disclosure obligations are built into each step.
            </p>
          </Col>
          <Col xs={24} md={12}>
            <h2 style={{ fontSize: token.fontSizeHeading3, marginTop: 0 }}>
              <RobotOutlined /> AI-assisted valuation and compliance
            </h2>
            <p>
              Transparent valuation models from published market figures, automated compliance checklists and document
              checks — every figure explained, never a black box.
            </p>
          </Col>
        </Row>
      </div>

      <div style={section}>
        {heading('Platform features')}
        <Row gutter={[16, 16]}>
          {[
            [
              <BlockOutlined key="i" />,
              'Asset tokenization',
              'Smart contracts on public blockchain networks, configured from a guided five-step wizard.',
            ],
            [
              <TeamOutlined key="i" />,
              'Investors and cap table',
              'Holdings, lock-ups and the cap table kept current from every investment.',
            ],
            [
              <PieChartOutlined key="i" />,
              'Wholesale offerings',
              'Verified investors invest in your offering; it can never be oversubscribed.',
            ],
          ].map(([icon, title, text]) => (
            <Col xs={24} md={8} key={String(title)}>
              <Panel
                title={
                  <Flex gap={8}>
                    {icon}
                    {title}
                  </Flex>
                }
              >
                {text}
              </Panel>
            </Col>
          ))}
        </Row>
      </div>

      <div style={{ background: token.colorBgContainer }}>
        <div style={section}>
          {heading('Pricing')}
          <Row gutter={[16, 16]}>
            <Col xs={24} md={8}>
              <Panel title="Professional" extra={<Label>Most Popular</Label>}>
                <div style={{ fontSize: token.fontSizeHeading2, fontWeight: token.fontWeightStrong }}>$199/month</div>
                <FeatureList items={['5 asset tokens', 'Full compliance suite', 'Priority support']} />
              </Panel>
            </Col>
            <Col xs={24} md={8}>
              <Panel title="Enterprise">
                <div style={{ fontSize: token.fontSizeHeading2, fontWeight: token.fontWeightStrong }}>$999/month</div>
                <FeatureList items={['Unlimited tokens', 'White label', 'Dedicated support']} />
              </Panel>
            </Col>
            <Col xs={24} md={8}>
              <Panel title="One-off services">
                <p>Need a single valuation, structuring or a custom project? We quote one-off services.</p>
                <a href={`mailto:${contact.servicesEmail}?subject=One-off%20services`}>{contact.servicesEmail}</a>
              </Panel>
            </Col>
          </Row>
          <Flex justify="center" style={{ marginTop: 24 }}>
            <ButtonLink to={appPath('/subscribe')} color="primary" variant="outlined" size="large">
              View All Features
            </ButtonLink>
          </Flex>
        </div>
      </div>

      <CalculatorAnchor />

      <Footer />
    </>
  );
}
