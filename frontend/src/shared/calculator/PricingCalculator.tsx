import { useMutation } from '@tanstack/react-query';
import { Button, Card, Col, Descriptions, Flex, InputNumber, Row, Select, Tag } from 'antd';
import { useState } from 'react';
import { calculatePricing } from '../../api/mutations';
import type { PricingResult, Tier } from '../../api/types';
import { groupedWholeNumber } from '../format';
import { useToast } from '../toast';
import { canPrice, pricingRows, pricingTiers } from './display';
import { WhyDisabled } from '../ui/WhyDisabled';

/** What a plan costs for an asset (docs/specification.md §3 "Pricing calculation"); the early-access waiver shows when it applies. */
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
          <InputNumber
            id="pricing-asset-value"
            min={0}
            {...groupedWholeNumber}
            value={assetValue}
            onChange={setAssetValue}
            style={{ width: '100%' }}
          />
        </Col>
        <Col xs={24} md={9}>
          <label htmlFor="pricing-tier">Plan</label>
          <Select id="pricing-tier" value={tier} onChange={setTier} options={pricingTiers} style={{ width: '100%' }} />
        </Col>
        <Col xs={24} md={6}>
          {/* The value must be a number above 0 before anything is sent (docs/specification.md §5). */}
          <WhyDisabled reason={canPrice(assetValue) ? null : 'Enter an asset value above 0'} block>
            <Button
              block
              type="primary"
              disabled={!canPrice(assetValue)}
              loading={pricing.isPending}
              onClick={() => canPrice(assetValue) && pricing.mutate({ assetValue, tier })}
            >
              Calculate Pricing
            </Button>
          </WhyDisabled>
        </Col>
      </Row>
      {result && (
        <Descriptions size="small" column={{ xs: 1, md: 4 }} style={{ marginTop: 16 }} aria-label="Pricing result">
          {pricingRows(result).map((row) => (
            <Descriptions.Item key={row.title} label={row.title}>
              <Flex gap={6} align="center">
                {row.value}
                {row.waived && <Tag color="green">Early access: waived</Tag>}
              </Flex>
            </Descriptions.Item>
          ))}
        </Descriptions>
      )}
    </Card>
  );
}
