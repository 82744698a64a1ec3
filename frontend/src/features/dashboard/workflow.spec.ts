import { describe, expect, it } from '@jest/globals';
import type { Asset, ComplianceOverview } from '../../api/types';
import { workflow, workflowLine } from './workflow';

const doc = (kind: Asset['documents'][number]['kind']) => ({
  id: kind,
  kind,
  title: kind,
  fileName: `${kind}.pdf`,
  size: 1,
  sha256: '',
  uploadedAt: '2026-11-01T00:00:00Z',
});

const asset = (over: Partial<Asset>): Asset => ({
  id: 'a1',
  ownerId: 'o1',
  name: 'Harbour View',
  description: 'Twelve waterfront apartments',
  assetType: 'property',
  address: null,
  totalValue: 1_000_000,
  tokenCount: 1000,
  status: 'draft',
  currentStep: 1,
  documents: [],
  valuation: null,
  firstValuation: null,
  terms: null,
  capTable: [],
  returnReason: null,
  createdAt: '2026-11-01T00:00:00Z',
  submittedAt: null,
  approvedAt: null,
  updatedAt: '2026-11-01T00:00:00Z',
  changePercent: null,
  initialSupply: null,
  ...over,
});

const terms = {
  symbol: 'HVA',
  name: 'Harbour View',
  totalSupply: 1000,
  decimals: 0,
  price: 1000,
  minInvestment: 1,
  maxInvestment: 1_000_000,
  network: 'polygon' as const,
  lockUpMonths: 12,
  feePercent: 3.5,
};

const compliance = (score: number) => ({ score }) as ComplianceOverview;

const active = asset({
  status: 'active',
  currentStep: 5,
  documents: [doc('property-deed'), doc('valuation-report')],
  valuation: { value: 1_000_000, method: 'owner-estimate', at: '2026-11-01T00:00:00Z' },
  terms,
});

describe('the dashboard workflow', () => {
  it('is at the step the asset card shows, with a skipped step flagged, never current (issue 28)', () => {
    const flow = workflow([active], compliance(0));
    expect(flow.statuses).toEqual(['finish', 'finish', 'error', 'finish', 'finish']);
    expect(workflowLine(flow)).toBe('Step 5 of 5 · Harbour View · Compliance Checklist still open');
  });

  it('is complete once every step is done', () => {
    expect(workflowLine(workflow([active], compliance(100)))).toBe('Complete · Harbour View');
  });

  it('starts at step 1 without an asset, and goes step by step', () => {
    expect(workflowLine(workflow([], undefined))).toBe('Step 1 of 5');
    const drafted = workflow([asset({ currentStep: 2 })], compliance(0));
    expect(drafted.statuses).toEqual(['finish', 'process', 'wait', 'wait', 'wait']);
    expect(workflowLine(drafted)).toBe('Step 2 of 5 · Harbour View');
  });
});
