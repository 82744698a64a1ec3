import { textPdf } from '../platform/text-pdf.js';

/** A real, valid one-page PDF with a line of text: what upload tests send. */
export function samplePdf(text = 'Kauri test document'): Buffer {
  return textPdf(text, [`${text}: a document made for Kauri's tests.`]);
}
