import { Card, Flex, Tabs, Typography } from 'antd';
import type { ReactNode } from 'react';
import { PricingCalculator } from './PricingCalculator';
import { PropertyCalculator } from './PropertyCalculator';
import { StartupCalculator } from './StartupCalculator';

/** The on-page calculator (docs/specification.md §2): two tabs and the pricing calculator. {@link CalculatorAnchor} places it. */
export default function CalculatorSection() {
  return (
    <Flex vertical gap={16} style={{ maxWidth: 1100, margin: '0 auto', padding: '48px 16px' }}>
      <Typography.Title level={2} style={{ margin: 0, textAlign: 'center' }}>
        AI Valuation Calculator
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ textAlign: 'center', margin: 0 }}>
        A transparent, preliminary estimate from published New Zealand market figures.
      </Typography.Paragraph>
      <Card>
        <Tabs
          items={[
            { key: 'property', label: <TabLabel>Property Tokenization</TabLabel>, children: <PropertyCalculator /> },
            { key: 'startup', label: <TabLabel>Startup Capital Raising</TabLabel>, children: <StartupCalculator /> },
          ]}
        />
      </Card>
      <PricingCalculator />
    </Flex>
  );
}

/**
 * A tab's name that may break onto a second line: on a phone both names do not fit on one, and antd would hide the
 * second behind a "more" button, which screen readers meet as a stray button inside the tab list.
 */
function TabLabel({ children }: { children: ReactNode }) {
  return <span style={{ whiteSpace: 'normal' }}>{children}</span>;
}
