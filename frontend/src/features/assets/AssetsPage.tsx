import { useQuery } from '@tanstack/react-query';
import { Col, Empty, Flex, Input, Row, Select, Typography } from 'antd';
import { useState } from 'react';
import { assetsQuery } from '../../api/queries';
import type { AssetType } from '../../api/types';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { appPath } from '../../shared/appPath';
import { PageSpinner } from '../../shared/ui/PageSpinner';
import { AssetCard } from '../../shared/objects/AssetCard';

const typeFilter = [
  { value: 'all', label: 'All Types' },
  { value: 'property', label: 'Property' },
  { value: 'business', label: 'Business' },
  { value: 'startup', label: 'Startup' },
];

/** My Assets (docs/specification.md §2): search, type filter, a two-column grid, and the two empty states. */
export function AssetsPage() {
  const assets = useQuery(assetsQuery);
  const [text, setText] = useState('');
  const [type, setType] = useState<'all' | AssetType>('all');
  const filtering = text.trim() !== '' || type !== 'all';
  const needle = text.trim().toLowerCase();
  const shown = (assets.data ?? []).filter(
    (a) =>
      (type === 'all' || a.assetType === type) &&
      (!needle || [a.name, a.description, a.address ?? ''].some((s) => s.toLowerCase().includes(needle))),
  );

  return (
    <Flex vertical gap={24} style={{ maxWidth: 1200, margin: '0 auto', padding: '32px 16px' }}>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Typography.Title level={1} style={{ margin: 0 }}>
          My Assets
        </Typography.Title>
        <ButtonLink to={appPath('/tokenize')} color="primary" variant="solid">
          Tokenize New Asset
        </ButtonLink>
      </Flex>
      <Flex gap={12} wrap>
        <Input.Search
          placeholder="Search assets"
          allowClear
          value={text}
          onChange={(e) => setText(e.target.value)}
          style={{ maxWidth: 360 }}
          aria-label="Search assets"
        />
        <Select value={type} onChange={setType} options={typeFilter} style={{ width: 160 }} aria-label="Asset type" />
      </Flex>
      {assets.isPending ? (
        <PageSpinner />
      ) : shown.length === 0 ? (
        filtering ? (
          <Empty description="No assets found" />
        ) : (
          <Empty description="No assets yet">
            <ButtonLink to={appPath('/tokenize')} color="primary" variant="solid">
              Tokenize Your First Asset
            </ButtonLink>
          </Empty>
        )
      ) : (
        <Row gutter={[16, 16]}>
          {shown.map((asset) => (
            <Col key={asset.id} xs={24} md={12}>
              <AssetCard asset={asset} />
            </Col>
          ))}
        </Row>
      )}
    </Flex>
  );
}
