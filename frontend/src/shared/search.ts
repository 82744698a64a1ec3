/**
 * The search params of the routes that read them, typed (each route's `validateSearch`). A validator keeps
 * only the params it knows and drops any it cannot use, so a mistyped or hand-edited address never reaches a
 * page as a wrong type. Kept apart from the pages: the router holds these in the first load.
 */
import type { AuditFilter } from '../api/types';

type Raw = Record<string, unknown>;

/** A non-blank string param; numbers are taken as written (a code of digits is still a code). */
function text(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** An instant the server can read (ISO 8601 or similar); anything else is dropped. */
function instant(value: unknown): string | undefined {
  const raw = text(value);
  return raw !== undefined && !Number.isNaN(Date.parse(raw)) ? raw : undefined;
}

/** Without the keys whose value is undefined, so the address shows only what was given. */
function defined<T extends object>(search: T): T {
  return Object.fromEntries(Object.entries(search).filter(([, value]) => value !== undefined)) as T;
}

/** `/`: the payment return (docs/specification.md §7: origin + /?subscription=success; Stripe adds `redirect_status`). */
export interface HomeSearch {
  subscription?: 'success';
  redirect_status?: string;
}

export function validateHomeSearch(raw: Raw): HomeSearch {
  return defined({
    subscription: raw.subscription === 'success' ? 'success' : undefined,
    redirect_status: text(raw.redirect_status),
  });
}

/**
 * `/tokenize?asset=…`: the draft the wizard continues. Or, for a new asset, step 1 filled in from the property
 * calculator's analysis ('Start Tokenization Process'): `from=property-calculator` and the asset's details.
 */
export interface TokenizeSearch {
  asset?: string;
  from?: 'property-calculator';
  name?: string;
  assetType?: 'property' | 'business' | 'startup';
  address?: string;
  description?: string;
  totalValue?: number;
  tokenCount?: number;
}

/** A positive whole number param (as the address carries it, text), else dropped. */
function count(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : Number(text(value));
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

const ASSET_TYPES = ['property', 'business', 'startup'] as const;

export function validateTokenizeSearch(raw: Raw): TokenizeSearch {
  const assetType = ASSET_TYPES.find((t) => t === raw.assetType);
  return defined({
    asset: text(raw.asset),
    from: raw.from === 'property-calculator' ? ('property-calculator' as const) : undefined,
    name: text(raw.name)?.slice(0, 120),
    assetType,
    address: text(raw.address)?.slice(0, 300),
    description: text(raw.description)?.slice(0, 4000),
    totalValue: count(raw.totalValue),
    tokenCount: count(raw.tokenCount),
  });
}

/** `/audit?stream=…&type=…&actor=…&from=…&to=…`: the timeline's filters, so a filtered view can be shared. */
export type AuditSearch = AuditFilter;

export function validateAuditSearch(raw: Raw): AuditSearch {
  return defined({
    stream: text(raw.stream)?.trim(),
    type: text(raw.type),
    actor: text(raw.actor)?.trim(),
    from: instant(raw.from),
    to: instant(raw.to),
  });
}

/** `/auth/callback`: what the identity provider sends back (docs/specification.md §4 "External login return"). */
export interface AuthCallbackSearch {
  code?: string;
  state?: string;
  error?: string;
  error_description?: string;
}

export function validateAuthCallbackSearch(raw: Raw): AuthCallbackSearch {
  return defined({
    code: text(raw.code),
    state: text(raw.state),
    error: text(raw.error),
    error_description: text(raw.error_description),
  });
}

/** `/register-interest/confirm?token=…`: the link in the confirmation e-mail. */
export interface ConfirmRegistrationSearch {
  token?: string;
}

export function validateConfirmRegistrationSearch(raw: Raw): ConfirmRegistrationSearch {
  return defined({ token: text(raw.token) });
}

/** `/auth/verify-email?token=…`: the link in the e-mail sent at registration to confirm the address. */
export interface VerifyEmailSearch {
  token?: string;
}

export function validateVerifyEmailSearch(raw: Raw): VerifyEmailSearch {
  return defined({ token: text(raw.token) });
}

/** `/auth/reset-password?token=…`: the link in the password reset e-mail. */
export interface ResetPasswordSearch {
  token?: string;
}

export function validateResetPasswordSearch(raw: Raw): ResetPasswordSearch {
  return defined({ token: text(raw.token) });
}
