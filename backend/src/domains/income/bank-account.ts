/**
 * A New Zealand bank account number as payment files carry it: bank (2 digits), branch (4), account (7) and suffix
 * (2 or 3, carried as 3), 16 digits in all. People write it with dashes or spaces: 12-3140-0123456-00.
 */
export function normalBankAccount(text: string): string | null {
  const match = /^(\d{2})[\s-]?(\d{4})[\s-]?(\d{7})[\s-]?(\d{2,3})$/.exec(text.trim());
  if (!match) return null;
  return `${match[1]}${match[2]}${match[3]}${match[4]!.padStart(3, '0')}`;
}

export const formatBankAccount = (digits: string) =>
  `${digits.slice(0, 2)}-${digits.slice(2, 6)}-${digits.slice(6, 13)}-${digits.slice(13)}`;
