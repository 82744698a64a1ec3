import {
  DISCLAIMER,
  INDUSTRY_FACTORS,
  REFERENCE_DATE,
  STAGES,
  STARTUP_COSTS,
  type Industry,
  type StartupStage,
} from './reference-data.js';
import { tokenPrice, type Cost, type Risk } from './property-model.js';
import { PLANS, TRANSACTION_FEE } from '../plans/plans.js';

export interface StartupInput {
  companyName: string;
  tokenCount: number;
  fundingGoal: number;
  industry: Industry;
  businessStage: StartupStage;
  /** Annual revenue, NZD. */
  revenue?: number;
  employees?: number;
  foundedYear?: number;
  description?: string;
  useOfFunds?: string;
}

export interface StartupAnalysis {
  companyValuation: number;
  tokenValue: number;
  fundingGoal: number;
  currency: string;
  costs: Cost[];
  totalCost: number;
  riskAnalysis: Risk[];
  projectedReturns: { expectedGrowthRate: number; timeToLiquidity: string; potentialReturns: string };
  recommendations: string[];
  /** Share of the company the raise sells, % of post-money. */
  equityOffered: number;
  basis: string[];
  disclaimer: string;
  referenceDate: string;
}

const dollars = (value: number) => Math.round(value);

/**
 * Startup pre-money valuation: the scorecard method (median NZ pre-money for the stage × industry factor ×
 * team factor × track-record factor), blended with a revenue multiple by a stage weight once there is
 * revenue. `currentYear` comes in from outside so the model stays pure.
 */
export function analyzeStartup(input: StartupInput, currentYear: number): StartupAnalysis {
  const stage = STAGES[input.businessStage];
  const industry = INDUSTRY_FACTORS[input.industry];
  const employees = Math.max(0, input.employees ?? 0);
  const age = input.foundedYear ? Math.max(0, currentYear - input.foundedYear) : 0;
  const teamFactor = 1 + Math.min(employees, 50) / 200;
  const trackRecordFactor = 1 + Math.min(age, 5) * 0.02;
  const scorecard = stage.medianPreMoney * industry.scorecard * teamFactor * trackRecordFactor;
  const revenue = Math.max(0, input.revenue ?? 0);
  const revenueValuation = revenue * industry.revenueMultiple;
  const weight = revenue > 0 ? stage.revenueWeight : 0;
  const companyValuation = dollars(scorecard * (1 - weight) + revenueValuation * weight);
  const basis = [
    `Scorecard: median ${input.businessStage} pre-money NZD ${stage.medianPreMoney.toLocaleString('en-US')} × industry ${industry.scorecard} × team ${teamFactor.toFixed(3)} × track record ${trackRecordFactor.toFixed(2)}`,
    ...(weight > 0
      ? [
          `Revenue: NZD ${revenue.toLocaleString('en-US')} × ${industry.revenueMultiple} (${input.industry} multiple), weighted ${weight * 100}%`,
        ]
      : []),
  ];

  const tokenValue = tokenPrice(input.fundingGoal / input.tokenCount);
  const equityOffered = Math.round((input.fundingGoal / (companyValuation + input.fundingGoal)) * 1000) / 10;
  const costs: Cost[] = [
    { description: 'Legal structuring and offer documents', amount: STARTUP_COSTS.legalStructuring },
    { description: 'Smart contract development and audit', amount: STARTUP_COSTS.smartContract },
    {
      description: 'Compliance review and disclosure (FMC Act wholesale)',
      amount: STARTUP_COSTS.complianceAndDisclosure,
    },
    { description: 'Financial review of accounts and forecasts', amount: STARTUP_COSTS.financialReview },
    {
      description: `Platform subscription (${PLANS.professional.name}, first month)`,
      amount: PLANS.professional.price,
    },
    {
      description: `Payment processing (${TRANSACTION_FEE.percent}% + $${TRANSACTION_FEE.fixed.toFixed(2)} per transaction)`,
      amount: Math.round(((input.fundingGoal * TRANSACTION_FEE.percent) / 100 + TRANSACTION_FEE.fixed) * 100) / 100,
    },
  ];
  const totalCost = Math.round(costs.reduce((sum, c) => sum + c.amount, 0) * 100) / 100;
  const growth = Math.max(5, stage.growthRate + industry.growthAdjustment);
  const low = (1 + growth / 200) ** 5;
  const high = (1 + growth / 100) ** 5;

  const risks: Risk[] = [
    {
      level: stage.risk,
      category: 'Stage',
      description: `Typical failure and dilution risk of a ${input.businessStage} company.`,
    },
    revenue > 0
      ? { level: 'low', category: 'Revenue', description: 'The company already earns revenue.' }
      : {
          level: 'high',
          category: 'Revenue',
          description: 'No revenue yet: the valuation rests on the team and the market.',
        },
    employees < 3
      ? {
          level: 'medium',
          category: 'Team',
          description: 'A team of fewer than three depends heavily on its founders.',
        }
      : { level: 'low', category: 'Team', description: `A team of ${employees}.` },
    equityOffered > 30
      ? {
          level: 'high',
          category: 'Dilution',
          description: `The raise sells ${equityOffered}% of the company: founders lose control.`,
        }
      : equityOffered > 20
        ? { level: 'medium', category: 'Dilution', description: `The raise sells ${equityOffered}% of the company.` }
        : { level: 'low', category: 'Dilution', description: `The raise sells ${equityOffered}% of the company.` },
    {
      level: 'medium',
      category: 'Regulatory',
      description: 'Offers are limited to wholesale investors (FMC Act 2013, Schedule 1).',
    },
  ];
  const recommendations = [
    'Have the valuation reviewed by an independent adviser before launch: this estimate is preliminary.',
  ];
  if (equityOffered > 20)
    recommendations.push('Consider a smaller first raise or a tranche structure to limit dilution.');
  if (revenue === 0) recommendations.push('Show traction (pilots, letters of intent) to support the valuation.');
  if (tokenValue < 1) recommendations.push('Reduce the token count so each token is worth at least $1.');
  if (!input.useOfFunds?.trim()) recommendations.push('Describe the use of funds: wholesale investors expect it.');
  recommendations.push('Verify your investors as wholesale before any offer is made.');

  return {
    companyValuation,
    tokenValue,
    fundingGoal: input.fundingGoal,
    currency: 'NZD',
    costs,
    totalCost,
    riskAnalysis: risks,
    projectedReturns: {
      expectedGrowthRate: growth,
      timeToLiquidity: stage.timeToLiquidity,
      potentialReturns: `${low.toFixed(1)}x - ${high.toFixed(1)}x over 5 years`,
    },
    recommendations,
    equityOffered,
    basis,
    disclaimer: DISCLAIMER,
    referenceDate: REFERENCE_DATE,
  };
}
