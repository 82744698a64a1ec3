import { isPlainEmail, keyedEmailKey, normaliseEmail } from './email-key.js';

const key = (email: string) => keyedEmailKey(Buffer.alloc(32, 7), email);

describe('isPlainEmail (an address is the mailbox its key stands for)', () => {
  it('accepts plain addresses, in any letter case and with surrounding spaces', () => {
    for (const email of ['admin2@example.nz', 'Admin2@Example.NZ', '  hine.t+kauri@example.co.nz ', 'māori@example.nz'])
      expect(isPlainEmail(email)).toBe(true);
  });

  it('refuses full-width letters, which key as the plain address (the look-alike of the probe)', () => {
    expect(key('ＡＤＭＩＮ2@example.nz')).toBe(key('admin2@example.nz'));
    expect(isPlainEmail('ＡＤＭＩＮ2@example.nz')).toBe(false);
    expect(isPlainEmail('admin2@ｅxample.nz')).toBe(false);
  });

  it('refuses whatever NFKC changes: compatibility letters, ligatures, the Kelvin sign, a decomposed accent', () => {
    for (const email of [
      '\u212Aate@example.nz',
      'ﬁnn@example.nz',
      'ſam@example.nz',
      'ma\u0304ori@example.nz',
      'a²@example.nz',
    ])
      expect([email, isPlainEmail(email)]).toEqual([email, false]);
  });

  it('refuses invisible, format and control characters anywhere inside', () => {
    for (const email of [
      'admin2@example.nz\u200b',
      'ad\u200dmin2@example.nz',
      'ad\u00admin2@example.nz',
      'admin2\u2060@example.nz',
      'admin2@exa\u0000mple.nz',
      'admin2@example.nz\u200e',
      'ad\u3164min2@example.nz',
      'admin\ufe0f2@example.nz',
      'admin2 @example.nz',
    ])
      expect([email, isPlainEmail(email)]).toEqual([email, false]);
  });

  it('keys a plain address as it is typed, lower-cased and trimmed', () => {
    expect(normaliseEmail('  Admin2@Example.NZ ')).toBe('admin2@example.nz');
  });
});
