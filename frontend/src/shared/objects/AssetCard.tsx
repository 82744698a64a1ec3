import { Alert, Card, Flex, Progress, Tag, Typography } from 'antd';
import type { Asset } from '../../api/types';
import { formatCount, formatDate, formatMoney } from '../format';
import { ButtonLink } from '../ui/ButtonLink';

export const statusColors: Record<Asset['status'], string> = { active: 'green', pending: 'gold', draft: 'default' };
const typeColors: Record<Asset['assetType'], string> = { property: 'blue', business: 'purple', startup: 'cyan' };
const label = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** One asset on My Assets and the dashboard (docs/specification.md §2): figures from the read model, nothing made up. */
export function AssetCard({ asset }: { asset: Asset }) {
  const open = { to: '/tokenize', search: { asset: asset.id } } as const;
  return (
    <Card aria-label={asset.name} style={{ height: '100%' }}>
      <Flex vertical gap={8}>
        <Flex justify="space-between" align="flex-start" gap={8}>
          <div>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {asset.name}
            </Typography.Title>
            {asset.address && <Typography.Text type="secondary">{asset.address}</Typography.Text>}
          </div>
          <Flex gap={4} wrap justify="flex-end">
            <Tag color={typeColors[asset.assetType]}>{label(asset.assetType)}</Tag>
            <Tag color={statusColors[asset.status]}>{label(asset.status)}</Tag>
          </Flex>
        </Flex>
        <Flex gap={24} wrap>
          <div>
            <Typography.Text type="secondary">Total Value</Typography.Text>
            <div>
              <Typography.Text strong>{formatMoney(asset.totalValue, 'NZD')}</Typography.Text>
              {asset.changePercent !== null && asset.changePercent !== 0 && (
                <Typography.Text type={asset.changePercent > 0 ? 'success' : 'danger'} style={{ marginLeft: 8 }}>
                  {asset.changePercent > 0 ? '+' : ''}
                  {asset.changePercent.toFixed(1)}%
                </Typography.Text>
              )}
            </div>
          </div>
          <div>
            <Typography.Text type="secondary">Tokens</Typography.Text>
            <div>
              <Typography.Text strong>{formatCount(asset.tokenCount)}</Typography.Text>
            </div>
          </div>
        </Flex>
        <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
          {asset.description}
        </Typography.Paragraph>
        {asset.returnReason && asset.status === 'draft' && (
          <Alert
            type="warning"
            showIcon
            title="Sent back by the reviewer"
            description={asset.returnReason}
            aria-label={`${asset.name} sent back`}
          />
        )}
        <div>
          <Typography.Text type="secondary">Step {asset.currentStep} of 5</Typography.Text>
          <Progress
            percent={asset.status === 'draft' ? (asset.currentStep - 1) * 20 : 100}
            showInfo={false}
            size="small"
            aria-label={`${asset.name}: step ${asset.currentStep} of 5`}
          />
        </div>
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Typography.Text type="secondary">Created {formatDate(asset.createdAt)}</Typography.Text>
          <Flex gap={8}>
            <ButtonLink to="/assets/$assetId" params={{ assetId: asset.id }}>
              View Details
            </ButtonLink>
            {asset.status === 'draft' && (
              <ButtonLink {...open} color="primary" variant="solid">
                Continue Setup
              </ButtonLink>
            )}
          </Flex>
        </Flex>
      </Flex>
    </Card>
  );
}
