/** Request and response shapes of the backend API, as the frontend relies on them. */

/** One invalid field in a refused request (design §4). */
export interface FieldError {
  field: string;
  message: string;
}

/** Body of every 4xx response (design §4). */
export interface ErrorBody {
  message: string;
  errors?: FieldError[];
}

export type Country = 'nz' | 'au' | 'sg' | 'uk' | 'us' | 'ca' | 'other';
export type InvestmentInterest = 'residential' | 'commercial' | 'startups' | 'businesses' | 'infrastructure' | 'other';
export type InvestmentAmount = 'under-10k' | '10k-50k' | '50k-100k' | '100k-500k' | '500k-1m' | 'over-1m';
export type InvestmentExperience = 'beginner' | 'intermediate' | 'experienced' | 'expert';

/** POST /api/register-interest */
export interface RegisterInterestRequest {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  /** Calendar date, `YYYY-MM-DD`. */
  dateOfBirth: string;
  country: Country;
  city: string;
  occupation: string;
  investmentInterest: InvestmentInterest[];
  investmentAmount: InvestmentAmount;
  experience: InvestmentExperience;
  additionalInfo?: string;
  agreeToTerms: boolean;
  agreeToContact: boolean;
}

/** 201 answer to POST /api/register-interest. */
export interface RegistrationReceipt {
  registrationId: string;
  /** The registration's number, quoted back to the registrant. */
  number: number;
  /** True for the first 100 registrations: their sign-on fee is waived. */
  feeWaived: boolean;
  /** Place in the early-access queue. */
  position: number;
}

/** GET /api/early-access */
export interface EarlyAccess {
  /** How many registrations have their sign-on fee waived (100). */
  waivedPlaces: number;
  placesLeft: number;
  registrations: number;
}
