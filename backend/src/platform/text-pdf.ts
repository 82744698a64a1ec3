/**
 * A plain-text PDF (Helvetica, A4, as many pages as the lines need) without a PDF library: enough for the
 * generated documents — the compliance report and the draft PDS. Text is Latin-1; other characters
 * become '?', which the standard fonts could not draw anyway.
 */
const LINES_PER_PAGE = 50;

function pdfText(line: string): string {
  return line
    .normalize('NFC')
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?')
    .replace(/[()\\]/g, '\\$&');
}

export function textPdf(title: string, lines: readonly string[]): Buffer {
  const pages: string[][] = [];
  for (let i = 0; i < Math.max(lines.length, 1); i += LINES_PER_PAGE)
    pages.push(lines.slice(i, i + LINES_PER_PAGE) as string[]);
  const objects: string[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
  ];
  const pageIds: number[] = [];
  pages.forEach((pageLines, p) => {
    const heading = p === 0 ? `BT /F2 16 Tf 56 790 Td (${pdfText(title)}) Tj ET\n` : '';
    const text = pageLines
      .map((line, i) => `BT /F1 10 Tf 56 ${(p === 0 ? 760 : 790) - i * 14} Td (${pdfText(line)}) Tj ET`)
      .join('\n');
    const stream = heading + text;
    objects.push(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
    const contentId = objects.length;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents ${contentId} 0 R /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> >>`,
    );
    pageIds.push(objects.length);
  });
  objects[1] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;
  let body = '%PDF-1.7\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info << /Title (${pdfText(title)}) /Producer (Kauri) >> >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
