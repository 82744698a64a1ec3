/** The register-interest form's choices (docs/specification.md §3) with the labels people see, in display order. */
import type { Country, InvestmentAmount, InvestmentExperience, InvestmentInterest } from '../../api/types';

interface Choice<TValue extends string> {
  value: TValue;
  label: string;
}

// A Record makes the compiler insist on a label for every value; its key order is the display order.
const choicesOf = <TValue extends string>(labels: Record<TValue, string>): Choice<TValue>[] =>
  (Object.entries(labels) as [TValue, string][]).map(([value, label]) => ({ value, label }));

export const countryChoices = choicesOf<Country>({
  nz: 'New Zealand',
  au: 'Australia',
  sg: 'Singapore',
  uk: 'United Kingdom',
  us: 'United States',
  ca: 'Canada',
  other: 'Other',
});

export const investmentInterestChoices = choicesOf<InvestmentInterest>({
  residential: 'Residential property',
  commercial: 'Commercial property',
  startups: 'Startups',
  businesses: 'Businesses',
  infrastructure: 'Infrastructure',
  other: 'Other',
});

export const investmentAmountChoices = choicesOf<InvestmentAmount>({
  'under-10k': 'Under $10,000',
  '10k-50k': '$10,000 - $50,000',
  '50k-100k': '$50,000 - $100,000',
  '100k-500k': '$100,000 - $500,000',
  '500k-1m': '$500,000 - $1,000,000',
  'over-1m': 'Over $1,000,000',
});

export const experienceChoices = choicesOf<InvestmentExperience>({
  beginner: 'Beginner (0-2 years)',
  intermediate: 'Intermediate (2-5 years)',
  experienced: 'Experienced (5-10 years)',
  expert: 'Expert (10+ years)',
});
