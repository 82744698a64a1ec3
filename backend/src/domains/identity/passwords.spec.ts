import { Passwords } from './passwords.js';

describe('passwords (scrypt)', () => {
  it('hashes with N = 2^cost and r = 8, salted, and verifies whatever cost a hash was made with', async () => {
    const production = new Passwords(15);
    const cheap = new Passwords(10);
    const hash = await production.hash('correct horse battery staple');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{88}$/);
    expect(await production.hash('correct horse battery staple')).not.toBe(hash);
    // A hash names its parameters: raising or lowering the cost keeps every stored hash working.
    expect(await cheap.verify('correct horse battery staple', hash)).toBe(true);
    expect(await production.verify('correct horse battery stable', hash)).toBe(false);
    expect(
      await production.verify('correct horse battery staple', await cheap.hash('correct horse battery staple')),
    ).toBe(true);
    expect(await production.verify('anything', 'bcrypt$whatever')).toBe(false);
  });

  it('a check without an account takes a real verification and answers false', async () => {
    expect(await new Passwords(10).verifyAgainstDecoy('correct horse battery staple')).toBe(false);
  });
});
