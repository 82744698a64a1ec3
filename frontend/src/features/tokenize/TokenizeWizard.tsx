import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { Alert, Button, Card, Flex, Result, Steps, Typography } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { assetQuery } from '../../api/queries';
import type { Asset, AssetInput } from '../../api/types';
import { appPath } from '../../shared/appPath';
import { PageSpinner } from '../../shared/ui/PageSpinner';
import { WhyDisabled } from '../../shared/ui/WhyDisabled';
import { AssetDetailsStep } from './AssetDetailsStep';
import { DeployStep } from './DeployStep';
import { DocumentsStep } from './DocumentsStep';
import { TokenConfigStep } from './TokenConfigStep';
import { ValuationStep } from './ValuationStep';

export const WIZARD_STEPS = ['Asset Details', 'Documentation', 'Valuation', 'Token Configuration', 'Deploy'] as const;

const route = getRouteApi('/_signedIn/tokenize');

/**
 * 'Tokenize Your Asset' (docs/specification.md §2, §4): five steps, all working. The draft lives on the server, so the
 * address carries its id (?asset=…): 'Continue Setup' reopens it at its current step, and a reload keeps it.
 */
export function TokenizeWizard() {
  const assetId = route.useSearch({ select: (search) => search.asset ?? null });
  const search = route.useSearch();
  // A new asset's details carried from the property calculator (TokenizeSearch).
  const carried: Partial<AssetInput> | null =
    !assetId && search.from === 'property-calculator'
      ? {
          name: search.name,
          assetType: search.assetType,
          address: search.address,
          description: search.description,
          totalValue: search.totalValue,
          tokenCount: search.tokenCount,
        }
      : null;
  const navigate = useNavigate();
  const asset = useQuery({ ...assetQuery(assetId ?? ''), enabled: assetId !== null });
  const [step, setStep] = useState(1);

  // Open a saved asset at the step it has reached when it opens — not again when it reaches a new step: the
  // wizard never moves by itself after an upload; a saved step moves on through `next`.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the asset's id on purpose.
  useEffect(() => {
    if (asset.data) setStep(asset.data.currentStep);
  }, [asset.data?.id]);
  const next = () => setStep((s) => Math.min(5, s + 1));

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
            carried={carried}
            onCreated={(id) => void navigate({ to: '/tokenize', search: { asset: id }, replace: true })}
          />
        );
      case 2:
        return <DocumentsStep asset={saved!} editable={editable} onContinue={next} />;
      case 3:
        return <ValuationStep asset={saved!} editable={editable} onSaved={next} />;
      case 4:
        return <TokenConfigStep asset={saved!} editable={editable} onSaved={next} />;
      default:
        return <DeployStep asset={saved!} />;
    }
  };

  return (
    <Flex vertical gap={24} style={{ maxWidth: 1000, margin: '0 auto', padding: '32px 16px' }}>
      <div>
        <Typography.Title level={1} style={{ margin: 0 }}>
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
        <WhyDisabled reason={step === 1 ? 'Asset Details is the first step' : null}>
          <Button disabled={step === 1} onClick={() => setStep((s) => Math.max(1, s - 1))}>
            Previous
          </Button>
        </WhyDisabled>
        <WhyDisabled reason={step === 5 ? 'Deploy is the last step' : null}>
          <Button disabled={step === 5} onClick={next}>
            Next
          </Button>
        </WhyDisabled>
      </Flex>
    </Flex>
  );
}
