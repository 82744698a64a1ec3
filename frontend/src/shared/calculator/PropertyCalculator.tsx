import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Button, Card, Col, Flex, Form, Input, InputNumber, Row, Select, Tag, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { ERROR_TITLES, PROPERTY_REQUIRED } from '@kauri/messages';
import { startLogin } from '../../api/auth';
import { describeError } from '../../api/client';
import { analyzeProperty } from '../../api/mutations';
import type { Amenity, PropertyAnalysis, PropertyInput } from '../../api/types';
import { useAuth } from '../useCurrentUser';
import { groupedWholeNumber } from '../format';
import { ButtonLink } from '../ui/ButtonLink';
import { appPath } from '../appPath';
import { useToast } from '../toast';
import { incomeFigures, propertyFigures, propertyRequest, type PropertyForm } from './display';
import { amenities as amenityOptions, conditions, propertyTypes } from './options';
import { tokenizeHref, tokenizeSearchFrom } from './carryOver';
import { Figures } from '../Figures';
import { Costs, Recommendations, Risks } from './ResultParts';

const FiveYearChart = lazy(() => import('./Charts').then((m) => ({ default: m.FiveYearChart })));

/** Property tab (docs/specification.md §2, §3, §5): the form, 'Analyzing' while pending, the result replacing the last. */
export function PropertyCalculator() {
  const [form] = Form.useForm<PropertyForm>();
  const [chosen, setChosen] = useState<Amenity[]>([]);
  const [result, setResult] = useState<PropertyAnalysis | null>(null);
  const [analysed, setAnalysed] = useState<PropertyInput | null>(null);
  const toast = useToast();
  const auth = useAuth();
  const navigate = useNavigate();
  const analysis = useMutation({
    mutationFn: analyzeProperty,
    onSuccess: (answer, input) => {
      setResult(answer);
      setAnalysed(input);
      toast.success('Analysis Complete', 'Property valuation and tokenization analysis ready');
    },
    onError: (error) => toast.error('Analysis Failed', describeError(error)),
  });

  const submit = () => {
    const request = propertyRequest(form.getFieldsValue(true) as PropertyForm, chosen);
    if (request) analysis.mutate(request);
    else toast.error(ERROR_TITLES.missingInformation, PROPERTY_REQUIRED);
  };
  const income = result && incomeFigures(result);
  const carried = result && analysed ? tokenizeSearchFrom(analysed, result) : null;

  return (
    <Flex vertical gap={16}>
      <Form
        form={form}
        name="property"
        layout="vertical"
        initialValues={{ country: 'New Zealand', tokenCount: 1000, propertyPercentage: 100 }}
        onFinish={submit}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="propertyAddress" label="Property Address" required>
              <Input placeholder="123 Queen Street, Auckland" />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="location" label="Location" required>
              <Input placeholder="Auckland" />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="country" label="Country" required>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="propertyType" label="Property Type" required>
              <Select placeholder="Select type" options={propertyTypes} showSearch={{ optionFilterProp: 'label' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="condition" label="Condition" required>
              <Select placeholder="Select condition" options={conditions} />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="size" label="Size (m²)" required>
              <InputNumber min={0} style={{ width: '100%' }} placeholder="200" />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="tokenCount" label="Token Count" required extra="At least 1">
              <InputNumber min={1} {...groupedWholeNumber} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="propertyPercentage" label="Property Percentage" required extra="1 to 100">
              <InputNumber min={1} max={100} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label="Amenities">
              <Select
                aria-label="Add amenity"
                placeholder="Add amenity"
                value={null}
                options={amenityOptions.filter((a) => !chosen.includes(a.value))}
                onChange={(value: Amenity) => setChosen((list) => (list.includes(value) ? list : [...list, value]))}
              />
              <Flex wrap gap={4} style={{ marginTop: 8 }}>
                {chosen.map((amenity) => (
                  <Tag
                    key={amenity}
                    color="green"
                    style={{ cursor: 'pointer' }}
                    onClick={() => setChosen((list) => list.filter((a) => a !== amenity))}
                    aria-label={`Remove ${amenity}`}
                  >
                    {amenityOptions.find((a) => a.value === amenity)?.label} ×
                  </Tag>
                ))}
              </Flex>
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
          {analysis.isPending ? 'Analyzing' : 'Analyze Property'}
        </Button>
      </Form>

      {result && (
        <Flex vertical gap={12} aria-label="Property analysis">
          <Typography.Title level={4} style={{ margin: 0 }}>
            Property Analysis
          </Typography.Title>
          <Figures density="compact" items={propertyFigures(result)} />
          {income && result.incomeProjections && (
            <Card size="small" title="Income Projections">
              <Figures density="compact" items={income.figures} />
              <Typography.Paragraph style={{ marginTop: 12 }}>
                Five-year projection to token holders: <strong>{income.fiveYears}</strong> · Distribution per token per
                year: <strong>{income.perToken}</strong>
              </Typography.Paragraph>
              <Suspense fallback={null}>
                <FiveYearChart years={result.incomeProjections.years} currency={result.currency} />
              </Suspense>
            </Card>
          )}
          <Costs costs={result.costs} total={result.totalCost} currency={result.currency} />
          <Risks risks={result.riskAnalysis} />
          <Recommendations items={result.recommendations} basis={result.basis} disclaimer={result.disclaimer} />
          <Flex gap={12} wrap>
            {/* The analysed property carries into the wizard's step 1 (after signing in, too). */}
            {auth.status === 'authenticated' ? (
              <ButtonLink to="/tokenize" search={carried ?? {}} color="primary" variant="solid" size="large">
                Start Tokenization Process
              </ButtonLink>
            ) : (
              <Button
                type="primary"
                size="large"
                onClick={() =>
                  void startLogin(
                    () => void navigate({ to: appPath('/auth') }),
                    carried ? tokenizeHref(carried) : undefined,
                  )
                }
              >
                Sign In to Continue
              </Button>
            )}
            <ButtonLink to={appPath('/subscribe')} size="large">
              View Pricing Plans
            </ButtonLink>
          </Flex>
        </Flex>
      )}
    </Flex>
  );
}
