import type { Asset, ComplianceOverview } from '../../api/types';
import { documentsComplete } from '../../shared/documentKinds';

/** docs/specification.md §3 "Workflow steps". */
export const WORKFLOW = [
  'User Onboarding & KYC Verification',
  'Asset Valuation Upload',
  'Compliance Checklist',
  'Smart Contract Configuration',
  'Token Minting & Distribution',
];

/**
 * Where the owner's most advanced asset stands on the five workflow steps, each judged from the records (the
 * spec's screen fixed it at 3): 1 the asset's details are in, 2 its documents and valuation, 3 the four
 * compliance checks passed (the same read model as /compliance), 4 its token terms, 5 approved and minted.
 * The current step follows the last one done — the same step the asset's card shows — and a step before it that
 * is not done (the checks not all passed while the asset went on) is flagged as needing attention, never current.
 */
export function workflow(assets: Asset[], compliance: ComplianceOverview | undefined) {
  const best = [...assets].sort((a, b) => rank(b) - rank(a))[0];
  const done = [
    !!best,
    !!best && documentsComplete(best) && !!best.valuation,
    compliance?.score === 100,
    !!best?.terms,
    best?.status === 'active',
  ];
  const step = done.lastIndexOf(true) + 1;
  const statuses = WORKFLOW.map((_, i): 'finish' | 'process' | 'wait' | 'error' =>
    done[i] ? 'finish' : i < step ? 'error' : i === step ? 'process' : 'wait',
  );
  const open = WORKFLOW.filter((_, i) => statuses[i] === 'error');
  return { asset: best ?? null, step, statuses, open };
}

/** The workflow card's line: the step the owner is on, the asset, and any earlier step still open. */
export function workflowLine({ asset, step, open }: ReturnType<typeof workflow>): string {
  const last = step >= WORKFLOW.length;
  const where = last && !open.length ? 'Complete' : `Step ${Math.min(step + 1, WORKFLOW.length)} of ${WORKFLOW.length}`;
  return [where, asset?.name, ...open.map((title) => `${title} still open`)].filter(Boolean).join(' · ');
}
const rank = (a: Asset) => (a.status === 'active' ? 10 : a.status === 'pending' ? 8 : a.currentStep);
