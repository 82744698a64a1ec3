import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Descriptions, Flex, Form, InputNumber, Row, Select, Input, Typography } from 'antd';
import { useState } from 'react';
import { ASSET_MESSAGES } from '@kauri/messages';
import { describeError, errorTitle } from '../../api/client';
import { analyzeProperty, analyzeStartup, valueAsset } from '../../api/mutations';
import type { Asset, BusinessStage, Condition, Industry, PropertyType, ValuationMethod } from '../../api/types';
import { conditions, industries, propertyTypes, stages } from '../../shared/calculator/options';
import { formatDate, formatMoney, groupedWholeNumber } from '../../shared/format';
import { useToast } from '../../shared/toast';
import { useAssetRefresh } from '../../api/useAssetRefresh';

type Estimate = { value: number; method: ValuationMethod };
const methodNames: Record<ValuationMethod, string> = {
  'property-calculator': 'Property calculator',
  'startup-calculator': 'Startup calculator',
  'owner-estimate': 'Owner’s estimate',
};

/** Step 3: run the property or startup calculator on the asset's data (or give an estimate), then accept a value. */
export function ValuationStep({ asset, editable, onSaved }: { asset: Asset; editable: boolean; onSaved(): void }) {
  const toast = useToast();
  const refresh = useAssetRefresh();
  const [estimate, setEstimate] = useState<Estimate | null>(null);
  const accept = useMutation({
    mutationFn: async ({ value, method }: Estimate) => {
      await valueAsset(asset.id, value, method);
      await refresh();
    },
    onSuccess: () => {
      setEstimate(null);
      toast.success('Valuation Accepted', 'The asset’s value is saved.');
      onSaved();
    },
    onError: (error) => toast.error(errorTitle(error, 'Error'), describeError(error)),
  });

  return (
    <Flex vertical gap={16}>
      {asset.valuation && (
        <Alert
          type="success"
          showIcon
          title={`Accepted value: ${formatMoney(asset.valuation.value, 'NZD')}`}
          description={`${methodNames[asset.valuation.method]}, ${formatDate(asset.valuation.at)}`}
        />
      )}
      {editable && (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={14}>
            {asset.assetType === 'property' ? (
              <PropertyEstimate asset={asset} onEstimate={setEstimate} />
            ) : (
              <StartupEstimate asset={asset} onEstimate={setEstimate} />
            )}
          </Col>
          <Col xs={24} lg={10}>
            <OwnerEstimate asset={asset} onEstimate={setEstimate} />
          </Col>
        </Row>
      )}
      {estimate && (
        <Card aria-label="Estimate">
          <Flex justify="space-between" align="center" wrap gap={12}>
            <Descriptions column={1} size="small">
              <Descriptions.Item label="Estimated value">{formatMoney(estimate.value, 'NZD')}</Descriptions.Item>
              <Descriptions.Item label="Method">{methodNames[estimate.method]}</Descriptions.Item>
            </Descriptions>
            <Button type="primary" loading={accept.isPending} onClick={() => accept.mutate(estimate)}>
              Accept Valuation
            </Button>
          </Flex>
        </Card>
      )}
    </Flex>
  );
}

function PropertyEstimate({ asset, onEstimate }: { asset: Asset; onEstimate(e: Estimate): void }) {
  const toast = useToast();
  const run = useMutation({
    mutationFn: (v: { propertyType: PropertyType; condition: Condition; location?: string; size?: number }) =>
      analyzeProperty({
        propertyAddress: asset.address ?? asset.name,
        tokenCount: asset.tokenCount,
        propertyPercentage: 100,
        country: 'New Zealand',
        amenities: [],
        location: v.location ?? '',
        size: v.size ?? 0,
        propertyType: v.propertyType,
        condition: v.condition,
      }),
    onSuccess: (result) => onEstimate({ value: result.propertyValue, method: 'property-calculator' }),
    onError: (error) => toast.error('Analysis Failed', describeError(error)),
  });
  return (
    <Card title="Property calculator">
      <Form
        name="valuation-property"
        layout="vertical"
        initialValues={{ propertyType: 'residential-house', condition: 'good' }}
        onFinish={(v) => run.mutate(v)}
      >
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item name="propertyType" label="Property Type">
              <Select options={propertyTypes} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="condition" label="Condition">
              <Select options={conditions} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="location" label="City or Region">
              <Input placeholder="Tauranga" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="size" label="Size (m²)">
              <InputNumber min={0} {...groupedWholeNumber} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Button htmlType="submit" loading={run.isPending}>
          {run.isPending ? 'Analyzing' : 'Run Property Calculator'}
        </Button>
      </Form>
    </Card>
  );
}

function StartupEstimate({ asset, onEstimate }: { asset: Asset; onEstimate(e: Estimate): void }) {
  const toast = useToast();
  const run = useMutation({
    mutationFn: (v: { industry: Industry; businessStage: BusinessStage; revenue?: number }) =>
      analyzeStartup({
        companyName: asset.name,
        tokenCount: Math.max(asset.tokenCount, 1000),
        fundingGoal: Math.max(asset.totalValue, 50_000),
        industry: v.industry,
        businessStage: v.businessStage,
        revenue: v.revenue,
      }),
    onSuccess: (result) => onEstimate({ value: result.companyValuation, method: 'startup-calculator' }),
    onError: (error) => toast.error('Analysis Failed', describeError(error)),
  });
  return (
    <Card title="Startup calculator">
      <Form name="valuation-startup" layout="vertical" onFinish={(v) => run.mutate(v)}>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item name="industry" label="Industry" rules={[{ required: true, message: 'Required' }]}>
              <Select options={industries} placeholder="Select industry" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="businessStage" label="Business Stage" rules={[{ required: true, message: 'Required' }]}>
              <Select options={stages} placeholder="Select stage" />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="revenue" label="Annual Revenue (NZD, optional)">
              <InputNumber min={0} {...groupedWholeNumber} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Button htmlType="submit" loading={run.isPending}>
          {run.isPending ? 'Analyzing' : 'Run Startup Calculator'}
        </Button>
      </Form>
    </Card>
  );
}

function OwnerEstimate({ asset, onEstimate }: { asset: Asset; onEstimate(e: Estimate): void }) {
  return (
    <Card title="Your own estimate">
      <Typography.Paragraph type="secondary">
        From a registered valuation, for example the report you uploaded.
      </Typography.Paragraph>
      <Form
        name="valuation-owner"
        layout="vertical"
        initialValues={{ value: asset.totalValue }}
        onFinish={({ value }: { value: number }) => onEstimate({ value, method: 'owner-estimate' })}
      >
        <Form.Item
          name="value"
          label="Value (NZD)"
          rules={[{ type: 'number', min: 1, required: true, message: ASSET_MESSAGES.totalValue }]}
        >
          <InputNumber min={0} {...groupedWholeNumber} style={{ width: '100%' }} />
        </Form.Item>
        <Button htmlType="submit">Use My Estimate</Button>
      </Form>
    </Card>
  );
}
