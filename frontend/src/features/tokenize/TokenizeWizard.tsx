import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { Alert, Button, Card, Flex, Result, Steps, Typography } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { assetQuery } from '../../api/queries';
import type { Asset } from '../../api/types';
import { appPath } from '../layout/appPath';
import { PageSpinner } from '../layout/PageSpinner';
import { AssetDetailsStep } from './AssetDetailsStep';
import { DeployStep } from './DeployStep';
import { DocumentsStep } from './DocumentsStep';
import { TokenConfigStep } from './TokenConfigStep';
import { ValuationStep } from './ValuationStep';

export const WIZARD_STEPS = ['Asset Details', 'Documentation', 'Valuation', 'Token Configuration', 'Deploy'] as const;

const route = getRouteApi('/_signedIn/tokenize');

/**
 * 'Tokenize Your Asset' (spec §2, §4): five steps, all working. The draft lives on the server, so the
 * address carries its id (?asset=…): 'Continue Setup' reopens it at its current step, and a reload keeps it.
 */
export function TokenizeWizard() {
  const assetId = route.useSearch({ select: (search) => search.asset ?? null });
  const navigate = useNavigate();
  const asset = useQuery({ ...assetQuery(assetId ?? ''), enabled: assetId !== null });
  const [step, setStep] = useState(1);

  // Open a saved asset at the step it has reached: only when another asset opens or it reaches a new step, not
  // on every refetch of the same asset.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the asset's id and step on purpose.
  useEffect(() => {
    if (asset.data) setStep(asset.data.currentStep);
  }, [asset.data?.id, asset.data?.currentStep]);

  if (assetId && asset.isPending) return <PageSpinner />;
  if (assetId && asset.isError) {
    return (
      <Result
        status="404"
        title="Asset not found"
        subTitle="It may belong to someone else, or the link is wrong."
        extra={<Button onClick={() => void navigate({ to: appPath('/assets') })}>Back to My Assets</Button>}
      />
    );
  }
  const saved: Asset | null = asset.data ?? null;
  const reached = saved?.currentStep ?? 1;
  const editable = saved?.status === 'draft';

  const body = (): ReactNode => {
    if (step > reached)
      return (
        <Alert
          type="info"
          showIcon
          title={`${WIZARD_STEPS[step - 1]} becomes available once the previous steps are complete.`}
        />
      );
    switch (step) {
      case 1:
        return (
          <AssetDetailsStep
            asset={saved}
            onCreated={(id) => void navigate({ to: '/tokenize', search: { asset: id }, replace: true })}
          />
        );
      case 2:
        return <DocumentsStep asset={saved!} editable={editable} />;
      case 3:
        return <ValuationStep asset={saved!} editable={editable} />;
      case 4:
        return <TokenConfigStep asset={saved!} editable={editable} />;
      default:
        return <DeployStep asset={saved!} />;
    }
  };

  return (
    <Flex vertical gap={24} style={{ maxWidth: 1000, margin: '0 auto', padding: '32px 16px' }}>
      <div>
        <Typography.Title level={2} style={{ margin: 0 }}>
          Tokenize Your Asset
        </Typography.Title>
        {saved && <Typography.Text type="secondary">{saved.name}</Typography.Text>}
      </div>
      <Steps
        current={step - 1}
        items={WIZARD_STEPS.map((title) => ({ title }))}
        size="small"
        responsive
        aria-label="Tokenization steps"
      />
      <Card title={`Step ${step} of 5: ${WIZARD_STEPS[step - 1]}`}>{body()}</Card>
      <Flex justify="space-between">
        <Button disabled={step === 1} onClick={() => setStep((s) => Math.max(1, s - 1))}>
          Previous
        </Button>
        <Button disabled={step === 5} onClick={() => setStep((s) => Math.min(5, s + 1))}>
          Next
        </Button>
      </Flex>
    </Flex>
  );
}
