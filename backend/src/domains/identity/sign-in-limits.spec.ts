import { MemorySignInLimits, SIGN_IN_WINDOW_MS, type SignInAttempt } from './sign-in-limits.js';

const MINUTE = 60_000;

/** Limits on a clock the test moves. */
function limits(settings = { perAddress: 10, perAccount: 5, perAccountAnyAddress: 10 }) {
  const clock = { now: 0 };
  return { clock, limits: new MemorySignInLimits(settings, () => clock.now) };
}

/** An attempt that fails (admitted and never said to have succeeded); the admission. */
const attempt = (account: string, address: string, device: string | null = null): SignInAttempt => ({
  account,
  address,
  device,
});

describe('MemorySignInLimits', () => {
  it('counts only failures per address: any number of sign-ins that succeed, then still the full budget', async () => {
    const { limits: l } = limits();
    for (let i = 0; i < 30; i++) {
      const admission = await l.admit(attempt(`person-${i}`, 'office'));
      if (!admission.admitted) throw new Error(`sign-in ${i} refused`);
      await l.succeeded(admission.ticket);
    }
    for (let i = 0; i < 10; i++) expect((await l.admit(attempt(`guess-${i}`, 'office'))).admitted).toBe(true);
    expect(await l.admit(attempt('one-more', 'office'))).toEqual({
      admitted: false,
      waitMs: SIGN_IN_WINDOW_MS,
      accountWide: false,
    });
    expect((await l.admit(attempt('one-more', 'elsewhere'))).admitted).toBe(true);
  });

  it('counts a sign-in as failed until it succeeds, so a burst cannot all pass before the first fails', async () => {
    const { limits: l } = limits();
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => l.admit(attempt('acct', `10.0.0.${i}`))));
    expect(burst.filter((a) => a.admitted)).toHaveLength(10);
    expect(burst.filter((a) => !a.admitted && a.accountWide)).toHaveLength(10);
  });

  it('refuses browsers the account has never seen past 10 failures from anywhere; a remembered one is let through', async () => {
    const { clock, limits: l } = limits();
    for (let i = 0; i < 10; i++) {
      clock.now = i * MINUTE;
      expect((await l.admit(attempt('acct', `203.0.113.${i}`))).admitted).toBe(true);
    }
    const refused = await l.admit(attempt('acct', '198.51.100.1'));
    // Until the oldest failure leaves the window.
    expect(refused).toEqual({ admitted: false, waitMs: SIGN_IN_WINDOW_MS - 9 * MINUTE, accountWide: true });
    const owner = await l.admit(attempt('acct', '198.51.100.1', 'owners-device'));
    if (!owner.admitted) throw new Error('the owner was refused');
    await l.succeeded(owner.ticket);
    // Other accounts are not touched.
    expect((await l.admit(attempt('other', '198.51.100.1'))).admitted).toBe(true);
    clock.now = SIGN_IN_WINDOW_MS + 1;
    expect((await l.admit(attempt('acct', '198.51.100.1'))).admitted).toBe(true);
  });

  it('gives a remembered browser its own failure budget per account, with backoff, not a way round the limits', async () => {
    const { clock, limits: l } = limits();
    // Its address has used up its budget; the device is not held back by that.
    for (let i = 0; i < 10; i++) await l.admit(attempt(`x-${i}`, 'shared'));
    for (let i = 0; i < 5; i++) expect((await l.admit(attempt('acct', 'shared', 'dev'))).admitted).toBe(true);
    expect(await l.admit(attempt('acct', 'shared', 'dev'))).toEqual({
      admitted: false,
      waitMs: MINUTE,
      accountWide: false,
    });
    clock.now = MINUTE;
    expect((await l.admit(attempt('acct', 'shared', 'dev'))).admitted).toBe(true);
    expect(await l.admit(attempt('acct', 'shared', 'dev'))).toMatchObject({ admitted: false, waitMs: 2 * MINUTE });
    // The same device on another account it signed in to has a budget of its own.
    expect((await l.admit(attempt('acct-2', 'shared', 'dev'))).admitted).toBe(true);
  });

  it('backs off per (account, address) after AUTH_RATE_LIMIT_PER_ACCOUNT failures; a success clears that pair', async () => {
    const { limits: l } = limits({ perAddress: 100, perAccount: 2, perAccountAnyAddress: 100 });
    await l.admit(attempt('acct', 'home'));
    await l.admit(attempt('acct', 'home'));
    expect(await l.admit(attempt('acct', 'home'))).toEqual({ admitted: false, waitMs: MINUTE, accountWide: false });
    expect((await l.admit(attempt('acct', 'work'))).admitted).toBe(true);
    const { limits: fresh } = limits({ perAddress: 100, perAccount: 2, perAccountAnyAddress: 100 });
    const first = await fresh.admit(attempt('acct', 'home'));
    await fresh.admit(attempt('acct', 'home'));
    if (!first.admitted) throw new Error('refused');
    await fresh.succeeded(first.ticket);
    expect((await fresh.admit(attempt('acct', 'home'))).admitted).toBe(true);
  });
});
