import { Card, Empty, Select, Tabs } from 'antd';
import { useState } from 'react';
import type { Asset } from '../../api/types';
import { CapTable } from './CapTable';
import { SupplyPanel } from './SupplyPanel';

/** The cap table and the supply of one asset, in two tabs. */
export function AssetRegister({ assetId, editable }: { assetId: string; editable: boolean }) {
  return (
    <Tabs
      items={[
        { key: 'cap-table', label: 'Cap Table', children: <CapTable assetId={assetId} editable={editable} /> },
        { key: 'supply', label: 'Supply', children: <SupplyPanel assetId={assetId} editable={editable} /> },
      ]}
    />
  );
}

/**
 * The dashboard's 'Cap Table Management' (docs/specification.md §2): the owner's assets one at a time — approved ones first —
 * each with its full cap table (adding to 100 %) and its supply.
 */
export function CapTableManagement({ assets }: { assets: Asset[] }) {
  const ordered = [...assets].sort((a, b) => Number(b.status === 'active') - Number(a.status === 'active'));
  const [picked, setPicked] = useState<string | null>(null);
  const assetId = picked && assets.some((a) => a.id === picked) ? picked : (ordered[0]?.id ?? null);
  return (
    <Card
      title="Cap Table Management"
      extra={
        ordered.length > 1 && (
          <Select
            aria-label="Cap table of"
            value={assetId}
            onChange={setPicked}
            options={ordered.map((a) => ({ value: a.id, label: a.name }))}
            style={{ minWidth: 180, maxWidth: 260 }}
          />
        )
      }
    >
      {assetId ? (
        <AssetRegister key={assetId} assetId={assetId} editable />
      ) : (
        <Empty description="Your cap table appears here once you add an asset" />
      )}
    </Card>
  );
}
