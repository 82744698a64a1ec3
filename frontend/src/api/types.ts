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

export type Role = 'admin' | 'compliance';

/** The signed-in person (spec §3 "User"). */
export interface User {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  profileImageUrl: string | null;
  role: 'admin' | 'user';
  roles: Role[];
  subscriptionStatus: string;
  subscriptionTier: string | null;
}

/** POST /api/auth/callback (spec §3 "Auth callback response"). */
export interface AuthCallbackResponse {
  user: User;
  token: string;
  /** Seconds. */
  expires_in: number;
}

export interface Credentials {
  email: string;
  password: string;
}

export interface Registration extends Credentials {
  firstName?: string;
  lastName?: string;
}

/** One registration of interest, as admins see it (GET /api/admin/registrations). */
export interface RegistrationRecord {
  _id: string;
  number: number;
  feeWaived: boolean;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  city: string;
  country: string;
  occupation: string;
  investmentInterest: string[];
  investmentAmount: string;
  experience: string;
  additionalInfo: string | null;
  registeredAt: string;
}
