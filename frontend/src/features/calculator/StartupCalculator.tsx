import { useMutation } from '@tanstack/react-query';
import { Button, Card, Col, Flex, Form, Input, InputNumber, Row, Select, Typography } from 'antd';
import { useState } from 'react';
import { describeError } from '../../api/client';
import { analyzeStartup } from '../../api/mutations';
import type { StartupAnalysis, StartupInput } from '../../api/types';
import { formatMoney, formatPercent, formatTokenPrice, groupedWholeNumber } from '../format';
import { ButtonLink } from '../layout/ButtonLink';
import { appPath } from '../layout/appPath';
import { useToast } from '../toast';
import { industries, stages } from './options';
import { Costs, Figures, Recommendations, Risks } from './ResultParts';

type StartupForm = Partial<StartupInput>;

/** Startup tab (spec §2, §3, §5). */
export function StartupCalculator() {
  const [form] = Form.useForm<StartupForm>();
  const [result, setResult] = useState<StartupAnalysis | null>(null);
  const toast = useToast();
  const currentYear = new Date().getFullYear();
  const analysis = useMutation({
    mutationFn: analyzeStartup,
    onSuccess: (answer) => {
      setResult(answer);
      toast.success('Analysis Complete', 'Startup tokenization analysis ready');
    },
    onError: (error) => toast.error('Analysis Failed', describeError(error)),
  });

  const submit = () => {
    const v = form.getFieldsValue(true) as StartupForm;
    if (!v.companyName?.trim() || !v.industry || !v.businessStage) {
      toast.error('Missing Information', 'Please fill in all required fields.');
      return;
    }
    // Numbers are whole; empty becomes 0, or stays unset for the optional ones (spec §5).
    const whole = (n: number | null | undefined) => (n == null ? undefined : Math.trunc(n));
    analysis.mutate({
      companyName: v.companyName.trim(),
      tokenCount: whole(v.tokenCount) ?? 0,
      fundingGoal: whole(v.fundingGoal) ?? 0,
      industry: v.industry,
      businessStage: v.businessStage,
      revenue: whole(v.revenue),
      employees: whole(v.employees),
      foundedYear: whole(v.foundedYear),
      description: v.description || undefined,
      useOfFunds: v.useOfFunds || undefined,
    });
  };

  return (
    <Flex vertical gap={16}>
      <Form form={form} name="startup" layout="vertical" initialValues={{ tokenCount: 1_000_000, fundingGoal: 1_000_000 }} onFinish={submit}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="companyName" label="Company Name" required>
              <Input placeholder="Kea Labs Ltd" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="industry" label="Industry" required>
              <Select placeholder="Select industry" options={industries} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="businessStage" label="Business Stage" required>
              <Select placeholder="Select stage" options={stages} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="fundingGoal" label="Funding Goal (NZD)" extra="Minimum 50,000">
              <InputNumber min={50_000} {...groupedWholeNumber} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="tokenCount" label="Token Count" extra="Minimum 1,000">
              <InputNumber min={1000} {...groupedWholeNumber} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item name="revenue" label="Annual Revenue">
              <InputNumber min={0} {...groupedWholeNumber} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item name="employees" label="Employees">
              <InputNumber min={0} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item name="foundedYear" label="Founded Year" extra={`1900 to ${currentYear}`}>
              <InputNumber min={1900} max={currentYear} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="description" label="Description">
              <Input.TextArea rows={2} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="useOfFunds" label="Use of Funds">
              <Input.TextArea rows={2} />
            </Form.Item>
          </Col>
        </Row>
        <Button type="primary" htmlType="submit" size="large" disabled={analysis.isPending} loading={analysis.isPending}>
          {analysis.isPending ? 'Analyzing' : 'Analyze Startup'}
        </Button>
      </Form>

      {result && (
        <Flex vertical gap={12} aria-label="Startup analysis">
          <Typography.Title level={4} style={{ margin: 0 }}>
            Startup Analysis
          </Typography.Title>
          <Figures
            items={[
              { title: 'Company Valuation', value: formatMoney(result.companyValuation, result.currency) },
              { title: 'Funding Goal', value: formatMoney(result.fundingGoal, result.currency) },
              { title: 'Token Value', value: formatTokenPrice(result.tokenValue, result.currency) },
              { title: 'Equity Offered', value: formatPercent(result.equityOffered) },
            ]}
          />
          <Card size="small" title="Projected Returns">
            <Figures
              items={[
                { title: 'Expected Growth', value: `${result.projectedReturns.expectedGrowthRate}% per year` },
                { title: 'Time to Liquidity', value: result.projectedReturns.timeToLiquidity },
                { title: 'Potential Returns', value: result.projectedReturns.potentialReturns },
                { title: 'Total Cost', value: formatMoney(result.totalCost, result.currency) },
              ]}
            />
          </Card>
          <Costs costs={result.costs} total={result.totalCost} currency={result.currency} />
          <Risks risks={result.riskAnalysis} />
          <Recommendations items={result.recommendations} basis={result.basis} disclaimer={result.disclaimer} />
          <Flex gap={12} wrap>
            <ButtonLink to={appPath('/subscribe')} size="large">
              View Pricing Plans
            </ButtonLink>
          </Flex>
        </Flex>
      )}
    </Flex>
  );
}
