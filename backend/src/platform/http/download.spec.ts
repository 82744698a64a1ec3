import { describe, expect, it } from '@jest/globals';
import { savedName } from './download.js';

describe('the name an uploaded file is saved under', () => {
  it('keeps a name that ends in its stored type’s extension, in any case', () => {
    expect(savedName('Title deed.PDF', 'application/pdf')).toBe('Title deed.PDF');
    expect(savedName('letter.jpeg', 'image/jpeg')).toBe('letter.jpeg');
    expect(savedName('letter.jpg', 'image/jpeg')).toBe('letter.jpg');
  });

  it('appends the stored type’s extension to any other name, so it never opens as a page or a script', () => {
    expect(savedName('.._.._x.html', 'application/pdf')).toBe('.._.._x.html.pdf');
    expect(savedName('image.svg', 'image/png')).toBe('image.svg.png');
    expect(savedName('x.html', 'image/jpeg')).toBe('x.html.jpg');
    expect(savedName('report', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe(
      'report.docx',
    );
  });
});
