import { onOrigin } from './oidc.js';

describe('onOrigin (which redirect_uri GET /api/login passes to the provider)', () => {
  const app = 'https://app.example.com';

  it('takes addresses on exactly the origin of PUBLIC_URL', () => {
    for (const uri of ['https://app.example.com/auth/callback', 'https://app.example.com/auth/callback?x=1#y'])
      expect({ uri, ok: onOrigin(uri, app) }).toEqual({ uri, ok: true });
    expect(onOrigin('http://127.0.0.1:4000/auth/callback', 'http://127.0.0.1:4000')).toBe(true);
    // PUBLIC_URL with a path: the origin is what counts.
    expect(onOrigin('https://app.example.com/auth/callback', 'https://app.example.com/kauri')).toBe(true);
  });

  it('refuses other origins and anything read one way here and another way elsewhere', () => {
    for (const uri of [
      '',
      '/auth/callback',
      '//evil.example/auth/callback',
      '///evil.example/auth/callback',
      'https://evil.example/auth/callback',
      'https://app.example.com.evil.com/auth/callback',
      'https://app.example.com@evil.com/auth/callback',
      'https://user@app.example.com/auth/callback',
      'https://user:pass@app.example.com/auth/callback',
      'https://app.example.com\\@evil.com/auth/callback',
      'https:\\\\app.example.com/auth/callback',
      'https:app.example.com/auth/callback',
      'https:/app.example.com/auth/callback',
      'http://app.example.com/auth/callback',
      'https://app.example.com:443/auth/callback',
      'https://app.example.com:8443/auth/callback',
      'https://APP.example.com/auth/callback',
      'https://app.example.com',
      'https://app.example.com#/auth/callback',
      ' https://app.example.com/auth/callback',
      'https://app.example.com/auth/callback\r\nSet-Cookie: x=1',
      'https://app.example.com/auth/\u0000callback',
      'javascript:alert(1)//https://app.example.com/',
      'data:text/html,https://app.example.com/',
      'https://evil.example/?https://app.example.com/',
    ])
      expect({ uri, ok: onOrigin(uri, app) }).toEqual({ uri, ok: false });
  });
});
