/**
 * An IRD number's check digit, as Inland Revenue publishes it for software developers ("IRD number validation",
 * in the Payroll and Gateway Services specifications, e.g. the Employment Information specification, section
 * "IRD number check digit validation"):
 *
 * 1. The number must lie between 10,000,000 and 150,000,000.
 * 2. Take the check digit (the last) off and pad the base to 8 digits with leading zeros (8-digit numbers become 9).
 * 3. Weigh the 8 digits by 3, 2, 7, 6, 5, 4, 3, 2; the remainder of the sum divided by 11 gives the check digit:
 *    0 when the remainder is 0, otherwise 11 − remainder.
 * 4. If that is 10, weigh the digits again by 7, 4, 3, 2, 5, 2, 7, 6 and calculate again; 10 a second time means
 *    the number is not valid.
 * 5. The calculated check digit must equal the one given.
 */
const PRIMARY = [3, 2, 7, 6, 5, 4, 3, 2] as const;
const SECONDARY = [7, 4, 3, 2, 5, 2, 7, 6] as const;

const LOWEST = 10_000_000;
const HIGHEST = 150_000_000;

/** The digits of an IRD number as people write it ('49-091-850', '049 091 850'), or null for anything else. */
export function irdDigits(text: string): string | null {
  const digits = text.replace(/[\s-]/g, '');
  return /^\d{8,9}$/.test(digits) ? digits.padStart(9, '0') : null;
}

function checkDigit(base: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(base[i]) * weights[i]!;
  const remainder = sum % 11;
  return remainder === 0 ? 0 : 11 - remainder;
}

/** True for an IRD number whose check digit is right (dashes and spaces allowed). */
export function isValidIrdNumber(text: string): boolean {
  const digits = irdDigits(text);
  if (digits === null) return false;
  const value = Number(digits);
  if (value < LOWEST || value > HIGHEST) return false;
  const base = digits.slice(0, 8);
  let calculated = checkDigit(base, PRIMARY);
  if (calculated === 10) calculated = checkDigit(base, SECONDARY);
  return calculated !== 10 && calculated === Number(digits[8]);
}

/** The stored form: nine digits, as '049-091-850' is written with dashes. */
export function normalIrdNumber(text: string): string | null {
  return isValidIrdNumber(text) ? irdDigits(text) : null;
}

export const formatIrdNumber = (digits: string) => `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
