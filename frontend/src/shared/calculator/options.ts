import type { Amenity, BusinessStage, Condition, Industry, PropertyType } from '../../api/types';

const label = (value: string) =>
  value
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');

export const propertyTypes: { value: PropertyType; label: string }[] = (
  [
    'residential-house',
    'apartment',
    'duplex',
    'vacation-rental',
    'commercial-office',
    'retail-space',
    'warehouse',
    'mixed-use',
    'residential-development',
    'commercial-development',
    'land-development',
    'hotel-development',
    'agricultural-land',
    'industrial-facility',
    'healthcare-facility',
    'renewable-energy',
    'art-collection',
    'luxury-assets',
    'intellectual-property',
    'infrastructure',
  ] as const
).map((value) => ({ value, label: label(value) }));

export const conditions: { value: Condition; label: string }[] = [
  { value: 'excellent', label: 'Excellent' },
  { value: 'good', label: 'Good' },
  { value: 'average', label: 'Average' },
  { value: 'needs-work', label: 'Needs Work' },
];

export const amenities: { value: Amenity; label: string }[] = (
  ['parking', 'pool', 'gym', 'garden', 'security', 'elevator'] as const
).map((value) => ({
  value,
  label: label(value),
}));

export const industries: { value: Industry; label: string }[] = [
  { value: 'technology', label: 'Technology' },
  { value: 'fintech', label: 'Fintech' },
  { value: 'healthcare', label: 'Healthcare' },
  { value: 'e-commerce', label: 'E-commerce' },
  { value: 'saas', label: 'SaaS' },
  { value: 'biotech', label: 'Biotech' },
  { value: 'energy', label: 'Energy' },
  { value: 'real-estate', label: 'Real Estate' },
  { value: 'manufacturing', label: 'Manufacturing' },
  { value: 'other', label: 'Other' },
];

export const stages: { value: BusinessStage; label: string }[] = [
  { value: 'idea', label: 'Idea' },
  { value: 'pre-seed', label: 'Pre-Seed' },
  { value: 'seed', label: 'Seed' },
  { value: 'series-a', label: 'Series A' },
  { value: 'series-b', label: 'Series B' },
  { value: 'growth', label: 'Growth' },
];
