/** A CSV cell's value: text, a number, or nothing (an empty cell). */
export type CsvValue = string | number | null;

// A spreadsheet runs a cell that starts with one of these as a formula (CSV injection): names, e-mails and
// reasons come from users, so such text gets a leading apostrophe. Numbers are data and stay as they are.
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV line (RFC 4180, CRLF-terminated), safe to open in a spreadsheet. `quote: 'all'` quotes every cell (the
 * cap table, a file people open in a spreadsheet); `'needed'` only cells with a quote, comma or line break (the
 * audit export, read by tools as much as by people).
 */
export function csvLine(cells: readonly CsvValue[], quote: 'all' | 'needed' = 'needed'): string {
  return `${cells.map((cell) => csvCell(cell, quote)).join(',')}\r\n`;
}

function csvCell(value: CsvValue, quote: 'all' | 'needed'): string {
  const text = value === null ? '' : typeof value === 'number' ? String(value) : neutralised(value);
  return quote === 'all' || /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const neutralised = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);
