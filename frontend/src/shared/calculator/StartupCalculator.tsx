import { useMutation } from '@tanstack/react-query';
import { Button, Card, Col, Flex, Form, Input, InputNumber, Row, Select, Typography } from 'antd';
import { useState } from 'react';
import { ERROR_TITLES, STARTUP_REQUIRED } from '@kauri/messages';
import { describeError } from '../../api/client';
import { analyzeStartup } from '../../api/mutations';
import type { StartupAnalysis } from '../../api/types';
import { groupedWholeNumber } from '../format';
import { ButtonLink } from '../ui/ButtonLink';
import { appPath } from '../appPath';
import { useToast } from '../toast';
import { startupFigures, startupRequest, startupReturns, type StartupForm } from './display';
import { industries, stages } from './options';
import { Figures } from '../Figures';
import { Costs, Recommendations, Risks } from './ResultParts';

/** Startup tab (docs/specification.md §2, §3, §5). */
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
    const request = startupRequest(form.getFieldsValue(true) as StartupForm);
    if (request) analysis.mutate(request);
    else toast.error(ERROR_TITLES.missingInformation, STARTUP_REQUIRED);
  };

  return (
    <Flex vertical gap={16}>
      <Form
        form={form}
        name="startup"
        layout="vertical"
        initialValues={{ tokenCount: 1_000_000, fundingGoal: 1_000_000 }}
        onFinish={submit}
      >
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
        <Button
          type="primary"
          htmlType="submit"
          size="large"
          disabled={analysis.isPending}
          loading={analysis.isPending}
        >
          {analysis.isPending ? 'Analyzing' : 'Analyze Startup'}
        </Button>
      </Form>

      {result && (
        <Flex vertical gap={12} aria-label="Startup analysis">
          <Typography.Title level={4} style={{ margin: 0 }}>
            Startup Analysis
          </Typography.Title>
          <Figures density="compact" items={startupFigures(result)} />
          <Card size="small" title="Projected Returns">
            <Figures density="compact" items={startupReturns(result)} />
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
