import { describe, expect, it } from '@jest/globals';
import { csvLine } from './csv.js';

describe('csvLine', () => {
  it('quotes only what needs it, or everything, and ends with CRLF', () => {
    expect(csvLine(['a', 1, null, 'b,c', 'say "hi"', 'two\nlines'])).toBe('a,1,,"b,c","say ""hi""","two\nlines"\r\n');
    expect(csvLine(['a', 1, null], 'all')).toBe('"a","1",""\r\n');
  });

  it('neutralises text a spreadsheet would run as a formula, never numbers', () => {
    for (const formula of ['=HYPERLINK("x")', '+1+1', '-2+3', '@SUM(A1)', '\tcmd', '\r=1'])
      expect(csvLine([formula], 'all')).toBe(`"'${formula.replace(/"/g, '""')}"\r\n`);
    expect(csvLine([-5, 'Aroha Ngata', 'aroha@example.nz'])).toBe('-5,Aroha Ngata,aroha@example.nz\r\n');
  });
});
