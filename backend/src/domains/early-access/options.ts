/** The register-interest form's option values (docs/specification.md §3), shared by the DTO and the decider. */
export const COUNTRIES = ['nz', 'au', 'sg', 'uk', 'us', 'ca', 'other'] as const;
export const INTERESTS = ['residential', 'commercial', 'startups', 'businesses', 'infrastructure', 'other'] as const;
export const INVESTMENT_AMOUNTS = ['under-10k', '10k-50k', '50k-100k', '100k-500k', '500k-1m', 'over-1m'] as const;
export const EXPERIENCE_LEVELS = ['beginner', 'intermediate', 'experienced', 'expert'] as const;

export type Country = (typeof COUNTRIES)[number];
export type Interest = (typeof INTERESTS)[number];
export type InvestmentAmount = (typeof INVESTMENT_AMOUNTS)[number];
export type ExperienceLevel = (typeof EXPERIENCE_LEVELS)[number];

/** docs/specification.md §1 and §9: the first 100 registrations get the sign-on (setup) fee waived. */
export const FEE_FREE_PLACES = 100;
/** Registering interest in investing is for adults: the spec is silent, we refuse under-18s. */
export const MINIMUM_AGE = 18;
