/**
 * A New Zealand bank account number as payment files carry it: bank (2 digits), branch (4), account (7) and suffix
 * (2 or 3, carried as 3), 16 digits in all. People write it with dashes or spaces: 12-3140-0171323-50, and Inland
 * Revenue's own examples write a branch below 1000 with 3 digits (01-902-0068389-00).
 */
export function normalBankAccount(text: string): string | null {
  // Dashes as a statement or a word processor writes them (en, em, figure dash, hyphen) are dashes.
  const written = text.trim().replace(/[\u2010-\u2015\u2212]/g, '-');
  const match = /^(\d{2})(?:[\s-]?(\d{4})|[\s-](\d{3}))[\s-]?(\d{7})[\s-]?(\d{2,3})$/.exec(written);
  if (match) return `${match[1]}${match[2] ?? match[3]!.padStart(4, '0')}${match[4]}${match[5]!.padStart(3, '0')}`;
  // Inland Revenue's own 18-digit layout (bank 2, branch 4, account base 8, suffix 4), padded with zeros.
  const padded = /^(\d{2})[\s-]?(\d{4})[\s-]?0(\d{7})[\s-]?0(\d{3})$/.exec(written);
  return padded ? `${padded[1]}${padded[2]}${padded[3]}${padded[4]}` : null;
}

export const formatBankAccount = (digits: string) =>
  `${digits.slice(0, 2)}-${digits.slice(2, 6)}-${digits.slice(6, 13)}-${digits.slice(13)}`;

/*
 * Inland Revenue's "Bank account number validation" (RWT and NRWT certificate filing specification, 2020, section
 * 8), as two independent open-source transcriptions of it give it (Spectrum.Ird, nz_bank_validate): they agree range
 * for range and weight for weight. The 2016 edition has the same weights and all but three ranges (03 7350–7399,
 * 04 and 10 were added in 2020).
 *
 * 1. The bank must be listed and the branch within one of its ranges.
 * 2. The bank names the algorithm; for the banks marked A/B it is A when the account base is below 00990000,
 *    otherwise B.
 * 3. Over the 18 digits bank (2), branch (4), account base (8) and suffix (4), padded with leading zeros, sum each
 *    digit times its weight. For E and G each product is first reduced to the sum of its two digits, twice
 *    (Inland Revenue's example 3). The number is valid when the sum divides by the modulus.
 */
type Algorithm = 'AB' | 'D' | 'E' | 'F' | 'G' | 'X';

/** Bank, its algorithm and its branch ranges, as the specification's table writes them. */
const TABLE: readonly (readonly [string, Algorithm, string])[] = [
  ['01', 'AB', '0001-0999 1100-1199 1800-1899'],
  ['02', 'AB', '0001-0999 1200-1299'],
  ['03', 'AB', '0001-0999 1300-1399 1500-1599 1700-1799 1900-1999 7350-7399'],
  ['04', 'AB', '2020-2024'],
  ['06', 'AB', '0001-0999 1400-1499'],
  ['08', 'D', '6500-6599'],
  ['09', 'E', '0000-0000'],
  ['10', 'AB', '5165-5169'],
  ['11', 'AB', '5000-6499 6600-8999'],
  ['12', 'AB', '3000-3299 3400-3499 3600-3699'],
  ['13', 'AB', '4900-4999'],
  ['14', 'AB', '4700-4799'],
  ['15', 'AB', '3900-3999'],
  ['16', 'AB', '4400-4499'],
  ['17', 'AB', '3300-3399'],
  ['18', 'AB', '3500-3599'],
  ['19', 'AB', '4600-4649'],
  ['20', 'AB', '4100-4199'],
  ['21', 'AB', '4800-4899'],
  ['22', 'AB', '4000-4049'],
  ['23', 'AB', '3700-3799'],
  ['24', 'AB', '4300-4349'],
  ['25', 'F', '2500-2599'],
  ['26', 'G', '2600-2699'],
  ['27', 'AB', '3800-3849'],
  ['28', 'G', '2100-2149'],
  ['29', 'G', '2150-2299'],
  ['30', 'AB', '2900-2949'],
  ['31', 'X', '2800-2849'],
  ['33', 'F', '6700-6799'],
  ['35', 'AB', '2400-2499'],
  ['38', 'AB', '9000-9499'],
];
const BANKS = new Map(
  TABLE.map(([bank, algorithm, ranges]) => [bank, { algorithm, branches: ranges.split(' ').map((r) => r.split('-')) }]),
);

type Check = { weights: readonly number[]; modulus: number; addDigits: boolean };
/** Weights over bank (2), branch (4), account base (8) and suffix (4). C is published but no bank uses it. */
const CHECKS = {
  A: { weights: [0, 0, 6, 3, 7, 9, 0, 0, 10, 5, 8, 4, 2, 1, 0, 0, 0, 0], modulus: 11, addDigits: false },
  B: { weights: [0, 0, 0, 0, 0, 0, 0, 0, 10, 5, 8, 4, 2, 1, 0, 0, 0, 0], modulus: 11, addDigits: false },
  D: { weights: [0, 0, 0, 0, 0, 0, 0, 7, 6, 5, 4, 3, 2, 1, 0, 0, 0, 0], modulus: 11, addDigits: false },
  E: { weights: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 4, 3, 2, 0, 0, 0, 1], modulus: 11, addDigits: true },
  F: { weights: [0, 0, 0, 0, 0, 0, 0, 1, 7, 3, 1, 7, 3, 1, 0, 0, 0, 0], modulus: 10, addDigits: false },
  G: { weights: [0, 0, 0, 0, 0, 0, 0, 1, 3, 7, 1, 3, 7, 1, 0, 3, 7, 1], modulus: 10, addDigits: true },
  // Bank 31 (Citibank): every number passes, as the specification says.
  X: { weights: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], modulus: 1, addDigits: false },
} as const satisfies Record<string, Check>;

const digitSum = (n: number) => Math.floor(n / 10) + (n % 10);

/** True for a stored account (16 digits, `normalBankAccount`) whose bank, branch and check Inland Revenue accepts. */
export function isValidBankAccount(digits: string): boolean {
  if (!/^\d{16}$/.test(digits)) return false;
  const bank = BANKS.get(digits.slice(0, 2));
  // Four digits each, so the ranges compare as text.
  const branch = digits.slice(2, 6);
  if (!bank?.branches.some(([low = '', high = '']) => branch >= low && branch <= high)) return false;
  const base = `0${digits.slice(6, 13)}`;
  const check = CHECKS[bank.algorithm === 'AB' ? (base < '00990000' ? 'A' : 'B') : bank.algorithm];
  const padded = `${digits.slice(0, 6)}${base}0${digits.slice(13)}`;
  let sum = 0;
  for (let i = 0; i < 18; i++) {
    const product = Number(padded[i]) * check.weights[i]!;
    sum += check.addDigits ? digitSum(digitSum(product)) : product;
  }
  return sum % check.modulus === 0;
}
