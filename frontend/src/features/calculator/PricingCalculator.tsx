import { useMutation } from '@tanstack/react-query';
import { Button, Card, Col, Descriptions, Flex, InputNumber, Row, Select, Tag } from 'antd';
import { useState } from 'react';
import { calculatePricing } from '../../api/mutations';
import type { PricingResult, Tier } from '../../api/types';
import { formatMoney, groupedWholeNumber } from '../format';
import { useToast } from '../toast';

const tiers: { value: Tier; label: string }[] = [
  { value: 'starter', label: 'Starter ($5,000 one-time)' },
  { value: 'professional', label: 'Professional ($199/month)' },
  { value: 'enterprise', label: 'Enterprise ($999/month)' },
];

/** What a plan costs for an asset (spec §3 "Pricing calculation"); the early-access waiver shows when it applies. */
export function PricingCalculator() {
  const [assetValue, setAssetValue] = useState<number | null>(null);
  const [tier, setTier] = useState<Tier>('professional');
  const [result, setResult] = useState<PricingResult | null>(null);
  const toast = useToast();
  const pricing = useMutation({
    mutationFn: calculatePricing,
    onSuccess: setResult,
    onError: () => toast.error('Error', 'Failed to calculate pricing'),
  });

  return (
    <Card title="Pricing Calculator" size="small">
      <Row gutter={[12, 12]} align="bottom">
        <Col xs={24} md={9}>
          <label htmlFor="pricing-asset-value">Asset Value (NZD)</label>
          <InputNumber id="pricing-asset-value" min={0} {...groupedWholeNumber} value={assetValue} onChange={setAssetValue} style={{ width: '100%' }} />
        </Col>
        <Col xs={24} md={9}>
          <label htmlFor="pricing-tier">Plan</label>
          <Select id="pricing-tier" value={tier} onChange={setTier} options={tiers} style={{ width: '100%' }} />
        </Col>
        <Col xs={24} md={6}>
          {/* The value must be a number above 0 before anything is sent (spec §5). */}
          <Button block type="primary" disabled={!assetValue || assetValue <= 0} loading={pricing.isPending} onClick={() => assetValue && pricing.mutate({ assetValue, tier })}>
            Calculate Pricing
          </Button>
        </Col>
      </Row>
      {result && (
        <Descriptions size="small" column={{ xs: 1, md: 4 }} style={{ marginTop: 16 }} aria-label="Pricing result">
          <Descriptions.Item label="Setup Fee">
            <Flex gap={6} align="center">
              {formatMoney(result.setupFee, 'NZD')}
              {result.setupFeeWaived && <Tag color="green">Early access: waived</Tag>}
            </Flex>
          </Descriptions.Item>
          <Descriptions.Item label="Platform Fee">{`${result.platformFeePercent}% + $0.30`}</Descriptions.Item>
          <Descriptions.Item label="Platform Fee Amount">{formatMoney(result.platformFee, 'NZD')}</Descriptions.Item>
          <Descriptions.Item label="Total">{formatMoney(result.total, 'NZD')}</Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}
