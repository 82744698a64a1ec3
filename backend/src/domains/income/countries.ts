import { NOT_TAX_COUNTRIES } from '../../messages.js';

/**
 * Whether a two-letter code is a country or territory of ISO 3166 (ICU's region names, which Node carries): "QQ"
 * names nothing, and groupings and placeholders (`NOT_TAX_COUNTRIES`) are no country of tax residence.
 */
const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
const NOT_COUNTRIES = new Set(NOT_TAX_COUNTRIES);

export function isCountryCode(code: string): boolean {
  return /^[A-Z]{2}$/.test(code) && !NOT_COUNTRIES.has(code) && names.of(code) !== undefined;
}
