import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Flex, Tag } from 'antd';
import { describeError, errorTitle } from '../../api/client';
import { submitAsset } from '../../api/mutations';
import { capTableUrl } from '../../api/queries';
import type { Asset } from '../../api/types';
import { formatCount, formatDate, formatMoney, formatTokenPrice } from '../../shared/format';
import { useSignedInUser } from '../../shared/signedInUser';
import { AssetRegister } from '../../shared/register/AssetRegister';
import { TokenOnChain } from '../../shared/tokens/TokenOnChain';
import { useToast } from '../../shared/toast';
import { useAssetRefresh } from '../../api/useAssetRefresh';
import { assetTypeLabel, networkLabel } from '../../shared/labels';

/** Step 5: everything in one review, then the request for tokenization; an admin approves or sends it back. */
export function DeployStep({ asset }: { asset: Asset }) {
  const user = useSignedInUser();
  const toast = useToast();
  const refresh = useAssetRefresh();
  const submit = useMutation({
    mutationFn: async () => {
      await submitAsset(asset.id);
      await refresh();
    },
    onSuccess: () =>
      toast.success(
        'Submitted for Review',
        'Our compliance team reviews the request; you will see the outcome on My Assets.',
      ),
    onError: (error) => toast.error(errorTitle(error, 'Error'), describeError(error)),
  });
  const terms = asset.terms!;
  return (
    <Flex vertical gap={16}>
      {asset.status === 'pending' && (
        <Alert
          type="info"
          showIcon
          title="Awaiting review"
          description={`Submitted ${formatDate(asset.submittedAt!)}. The asset cannot be changed while it is reviewed.`}
        />
      )}
      {asset.status === 'active' && (
        <Alert
          type="success"
          showIcon
          title="Tokenization approved"
          // The button below the words, not beside them: beside, a phone squeezed the words to a letter a line.
          description={
            <Flex vertical gap={8} align="flex-start">
              {`Approved ${formatDate(asset.approvedAt!)}.`}
              <Button href={capTableUrl(asset.id, null, true)}>Download Cap Table (CSV)</Button>
            </Flex>
          }
        />
      )}
      {asset.returnReason && asset.status === 'draft' && (
        <Alert type="warning" showIcon title="Sent back by the reviewer" description={asset.returnReason} />
      )}
      <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} aria-label="Review">
        <Descriptions.Item label="Asset">{asset.name}</Descriptions.Item>
        <Descriptions.Item label="Type">{assetTypeLabel(asset.assetType)}</Descriptions.Item>
        <Descriptions.Item label="Address">{asset.address ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Documents">{asset.documents.map((d) => d.title).join(', ')}</Descriptions.Item>
        <Descriptions.Item label="Value">{formatMoney(asset.valuation!.value, 'NZD')}</Descriptions.Item>
        <Descriptions.Item label="Token">
          <Tag>{terms.symbol}</Tag> {terms.name}
        </Descriptions.Item>
        <Descriptions.Item label="Total Supply">{formatCount(terms.totalSupply)}</Descriptions.Item>
        <Descriptions.Item label="Price per Token">{formatTokenPrice(terms.price, 'NZD')}</Descriptions.Item>
        <Descriptions.Item label="Investment">
          {formatMoney(terms.minInvestment, 'NZD')} – {formatMoney(terms.maxInvestment, 'NZD')}
        </Descriptions.Item>
        <Descriptions.Item label="Network">{networkLabel(terms.network)}</Descriptions.Item>
        <Descriptions.Item label="Lock-up">{terms.lockUpMonths} months</Descriptions.Item>
        <Descriptions.Item label="Fees">{terms.feePercent}%</Descriptions.Item>
      </Descriptions>
      {asset.status === 'active' && (
        <TokenOnChain
          assetId={asset.id}
          assetStatus={asset.status}
          ownerId={asset.ownerId}
          investorView={false}
          size="small"
        />
      )}
      {asset.status === 'active' && (
        <Card size="small" title="Register">
          <AssetRegister assetId={asset.id} editable={asset.ownerId === user.id} />
        </Card>
      )}
      {asset.status === 'draft' && (
        <Button
          type="primary"
          size="large"
          loading={submit.isPending}
          onClick={() => submit.mutate()}
          style={{ alignSelf: 'flex-start' }}
        >
          Submit for Tokenization
        </Button>
      )}
    </Flex>
  );
}
