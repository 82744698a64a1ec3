import { useQuery } from '@tanstack/react-query';
import { Form, type FormInstance, Select } from 'antd';
import { approvedAssetsQuery, capTableQuery } from '../../api/queries';
import type { AssetForReview, CapTableLine } from '../../api/types';
import { formatCount } from '../../shared/format';

interface Choice {
  value: string;
  label: string;
}

/** A platform investor of the cap table as a choice: name and holding, and what of it is frozen when `frozen`. */
export const investorChoices = (lines: readonly CapTableLine[], { frozen }: { frozen: boolean }): Choice[] =>
  lines
    .filter((l) => l.kind === 'platform' && l.investorId)
    .map((l) => ({
      value: l.investorId!,
      label: `${l.name} — ${formatCount(l.tokens)} tokens${frozen && l.frozenTokens ? `, ${formatCount(l.frozenTokens)} frozen` : ''}`,
    }));

/**
 * The first two fields of an admin's request about a holder (a freeze, a wallet recovery): an approved asset
 * (`assetId`), then one of its holders (`holderField`) from the asset's cap table, chosen again when the asset
 * changes. `holders` says who of the cap table may be chosen.
 */
export function AssetHolderFields<T extends { assetId: string }>({
  form,
  holderField,
  assetLabel,
  holderLabel,
  holderMissing,
  holders,
}: {
  form: FormInstance<T>;
  holderField: keyof T & string;
  assetLabel: string;
  holderLabel: string;
  holderMissing: string;
  holders: (lines: readonly CapTableLine[], asset: AssetForReview | undefined) => Choice[];
}) {
  const assets = useQuery(approvedAssetsQuery);
  const assetId: string | undefined = Form.useWatch('assetId', form as FormInstance);
  const capTable = useQuery({ ...capTableQuery(assetId ?? '', null), enabled: Boolean(assetId) });
  const asset = assets.data?.find((a) => a.id === assetId);
  const holderName: string = holderField;
  return (
    <>
      <Form.Item name="assetId" label={assetLabel} rules={[{ required: true, message: 'Choose an asset' }]}>
        <Select
          aria-label={assetLabel}
          showSearch
          optionFilterProp="label"
          loading={assets.isPending}
          options={(assets.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
          onChange={() => (form as FormInstance).setFieldValue(holderName, undefined)}
        />
      </Form.Item>
      <Form.Item name={holderName} label={holderLabel} rules={[{ required: true, message: holderMissing }]}>
        <Select
          aria-label={holderLabel}
          loading={capTable.isFetching}
          options={holders(capTable.data?.lines ?? [], asset)}
          disabled={!assetId}
        />
      </Form.Item>
    </>
  );
}
