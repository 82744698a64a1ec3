import { Alert, Button, Card, Col, Collapse, Flex, Menu, Row, Steps, Tag, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { ButtonLink } from '../../shared/ui/ButtonLink';

interface GuideStep {
  title: string;
  duration?: string;
  instructions: string[];
  tip?: string;
  warning?: string;
  next?: string;
  actions?: { label: string; to: string }[];
}

interface GuideSection {
  key: string;
  title: string;
  intro: ReactNode;
  steps: GuideStep[];
}

/** The 12-step process (docs/specification.md §2 "User guide") with its state: completed, active, upcoming. */
export const processSteps: { title: string; state: 'completed' | 'active' | 'upcoming' }[] = [
  { title: 'Create account', state: 'completed' },
  { title: 'Register interest', state: 'completed' },
  { title: 'Choose a plan', state: 'active' },
  { title: 'Asset details', state: 'upcoming' },
  { title: 'Upload documents', state: 'upcoming' },
  { title: 'Valuation', state: 'upcoming' },
  { title: 'Token configuration', state: 'upcoming' },
  { title: 'Compliance review', state: 'upcoming' },
  { title: 'Review and launch', state: 'upcoming' },
  { title: 'Admin approval', state: 'upcoming' },
  { title: 'Offer to wholesale investors', state: 'upcoming' },
  { title: 'Manage investors', state: 'upcoming' },
];

const sections: GuideSection[] = [
  {
    key: 'money-flow',
    title: 'Money flow summary',
    intro:
      'Investors pay for tokens; funds flow to the asset owner once an investment is confirmed; income is distributed to token holders in proportion to their tokens. Platform fees: your plan, plus 3.5% + $0.30 per transaction.',
    steps: [
      {
        title: 'Worked example',
        instructions: [
          'An owner issues 1,000 tokens at $125 each: a $125,000 raise.',
          'Token holders receive their share of net income each distribution period.',
        ],
        tip: 'Keep the token price simple: it makes the cap table easy to read.',
      },
    ],
  },
  {
    key: 'process',
    title: 'Process overview',
    intro: 'Twelve steps from account to managing investors. Your progress is shown above.',
    steps: processSteps.map((s) => ({ title: s.title, instructions: [`Status: ${s.state}.`] })),
  },
  {
    key: 'getting-started',
    title: 'Getting started',
    intro: 'Create your account and tell us what you plan to tokenize.',
    steps: [
      {
        title: 'Create your account',
        duration: '5 minutes',
        instructions: ['Choose Sign In, then Create Account.', 'Use a password of at least 12 characters.'],
        next: 'Register your interest.',
        actions: [{ label: 'Create Account', to: '/auth' }],
      },
      {
        title: 'Evaluate your asset',
        duration: '15-30 minutes',
        instructions: ['Run the property or startup calculator.', 'Review costs, risks and projected income.'],
        tip: 'Results are preliminary estimates; final costing follows due diligence.',
        actions: [{ label: 'Open the calculator', to: '/' }],
      },
    ],
  },
  {
    key: 'plans',
    title: 'Subscription plans',
    intro:
      'Starter $5,000 one-time; Professional $199/month (most popular); Enterprise $999/month. The first 100 registrations waive the sign-on fee.',
    steps: [
      {
        title: 'Choose a plan',
        instructions: ['Compare plans on the Subscribe page.', 'Pay by card; monthly plans renew until cancelled.'],
        warning: 'Creating tokens needs an active subscription or the Starter plan.',
        actions: [{ label: 'View Plans', to: '/subscribe' }],
      },
    ],
  },
  {
    key: 'valuation',
    title: 'Asset valuation',
    intro: 'The calculators use published New Zealand figures; a registered valuation is still needed before launch.',
    steps: [
      {
        title: 'Accept a value',
        instructions: [
          "In the wizard's Valuation step, run the calculator on your asset.",
          'Accept the value, or upload a registered valuation.',
        ],
        tip: 'Better condition and documented amenities support the value.',
      },
    ],
  },
  {
    key: 'tokenization',
    title: 'Tokenization process',
    intro: 'Asset details, documentation, valuation, token configuration, compliance, review and launch.',
    steps: [
      {
        title: 'Configure your token',
        instructions: [
          'Symbol of 3-6 characters and a name.',
          'Total supply and decimals.',
          'Price per token, minimum and maximum investment.',
          'Network, lock-up period and fees.',
        ],
        warning: 'The token configuration cannot change after approval.',
        next: 'Submit for review; an administrator approves or returns it with a reason.',
        actions: [{ label: 'Tokenize', to: '/tokenize' }],
      },
    ],
  },
  {
    key: 'wholesale',
    title: 'Wholesale investors',
    intro: 'Offers are open only to wholesale investors under Schedule 1 of the Financial Markets Conduct Act 2013.',
    steps: [
      {
        title: 'Get verified',
        instructions: [
          'Net assets of at least $5 million, or',
          'A single investment of at least $750,000, or',
          'Annual gross income of at least $450,000 in each of the last two years, or',
          'An eligible investor certificate confirmed by a lawyer, accountant or financial adviser.',
        ],
        tip: 'Upload PDF, JPG, PNG, DOC or DOCX files up to 10MB each. Review takes 2-5 business days.',
        actions: [{ label: 'Start Verification', to: '/wholesale-verification' }],
      },
    ],
  },
  {
    key: 'compliance',
    title: 'Compliance',
    intro: 'FMA registration, AML/CFT, Privacy Act 2020 and FMCA disclosure checks, tracked on the Compliance page.',
    steps: [
      {
        title: 'Keep checks current',
        instructions: ['Review expiry dates monthly.', 'Renew verifications before they lapse.'],
        warning: 'A lapsed check blocks new offers.',
        actions: [{ label: 'Compliance', to: '/compliance' }],
      },
    ],
  },
  {
    key: 'tax',
    title: 'Tax implications',
    intro: 'Distributions are taxable income for token holders.',
    steps: [
      {
        title: 'Withholding',
        instructions: [
          'Non-resident withholding tax of 33 percent may apply to distributions to overseas investors.',
          'Resident investors declare income in their returns.',
        ],
        warning: 'This is not tax advice: consult a tax adviser.',
      },
    ],
  },
  {
    key: 'investors',
    title: 'Investor management',
    intro: 'See holdings, lock-ups and the cap table as investments are confirmed.',
    steps: [
      {
        title: 'Cap table',
        instructions: [
          'Each confirmed investment updates the cap table.',
          'Holdings record when they may first be transferred.',
        ],
        actions: [{ label: 'Dashboard', to: '/' }],
      },
    ],
  },
];

const stateTag = {
  completed: <Tag color="green">completed</Tag>,
  active: <Tag color="blue">active</Tag>,
  upcoming: <Tag>upcoming</Tag>,
};

/** /user-guide: sections in a sidebar, each with collapsible steps (docs/specification.md §2). */
export default function UserGuidePage() {
  const [current, setCurrent] = useState(sections[0]!.key);
  const section = sections.find((s) => s.key === current)!;
  return (
    <Row gutter={[24, 24]} style={{ maxWidth: 1200, margin: '0 auto', padding: '32px 16px' }}>
      <Col xs={24} md={7}>
        <Card size="small" title="User Guide">
          <Menu
            mode="inline"
            selectedKeys={[current]}
            onClick={(e) => setCurrent(e.key)}
            items={sections.map((s) => ({ key: s.key, label: s.title }))}
            style={{ borderInlineEnd: 'none' }}
          />
        </Card>
      </Col>
      <Col xs={24} md={17}>
        <Flex vertical gap={16}>
          <Card size="small" title="Your tokenization journey: 12 steps">
            <Steps
              size="small"
              direction="vertical"
              items={processSteps.map((s) => ({
                title: (
                  <Flex gap={8}>
                    {s.title} {stateTag[s.state]}
                  </Flex>
                ),
                status: s.state === 'completed' ? 'finish' : s.state === 'active' ? 'process' : 'wait',
              }))}
            />
          </Card>
          <Typography.Title level={1} style={{ margin: 0 }}>
            {section.title}
          </Typography.Title>
          <Typography.Paragraph style={{ margin: 0 }}>{section.intro}</Typography.Paragraph>
          <Collapse
            items={section.steps.map((step, i) => ({
              key: String(i),
              label: (
                <Flex gap={8} wrap>
                  <strong>{step.title}</strong>
                  {step.duration && <Tag>{step.duration}</Tag>}
                </Flex>
              ),
              children: (
                <Flex vertical gap={8}>
                  <ol style={{ margin: 0, paddingInlineStart: 20 }}>
                    {step.instructions.map((t) => (
                      <li key={t}>{t}</li>
                    ))}
                  </ol>
                  {step.tip && <Alert type="info" showIcon title={`Tip: ${step.tip}`} />}
                  {step.warning && <Alert type="warning" showIcon title={step.warning} />}
                  {step.next && <Typography.Text>Next step: {step.next}</Typography.Text>}
                  {step.actions && (
                    <Flex gap={8} wrap>
                      {step.actions.map((a) => (
                        <ButtonLink key={a.label} to={a.to as '/'} size="small">
                          {a.label}
                        </ButtonLink>
                      ))}
                    </Flex>
                  )}
                </Flex>
              ),
            }))}
          />
          <Flex>
            <Button onClick={() => setCurrent(sections[(sections.indexOf(section) + 1) % sections.length]!.key)}>
              Next section
            </Button>
          </Flex>
        </Flex>
      </Col>
    </Row>
  );
}
