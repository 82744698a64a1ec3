import { PostgresEventStore } from '../../platform/event-store/postgres-event-store.js';
import { scratchDatabase } from '../../platform/event-store/scratch-database.js';
import { type CountedWindows, MemoryCountedWindows } from '../../platform/limits/counted-windows.js';
import { SqlCountedWindows } from '../../platform/limits/sql-counted-windows.js';
import { LIMITS_UNAVAILABLE, LimitsUnavailable } from '../../platform/rate-limit.js';
import { CountedSignInLimits, MemorySignInLimits, SIGN_IN_WINDOW_MS, type SignInAttempt } from './sign-in-limits.js';

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

/** A store whose database is down. */
class DownWindows extends MemoryCountedWindows {
  override async hit(): Promise<number[]> {
    throw new Error('connection refused');
  }
  override async forget(): Promise<void> {
    throw new Error('connection refused');
  }
}

describe('CountedSignInLimits when the store cannot count', () => {
  const settings = { perAddress: 10, perAccount: 5, perAccountAnyAddress: 10 };

  it('fails closed: the attempt is refused with 503 before the password is checked', async () => {
    const l = new CountedSignInLimits(new DownWindows(), settings);
    const refusal = l.admit(attempt('acct', 'home'));
    await expect(refusal).rejects.toBeInstanceOf(LimitsUnavailable);
    await expect(refusal).rejects.toMatchObject({ status: 503, message: LIMITS_UNAVAILABLE });
  });

  it('lets a sign-in whose password was right go ahead when its count cannot be taken back (told)', async () => {
    const told: unknown[] = [];
    const l = new CountedSignInLimits(new DownWindows(), settings, Date.now, (error) => told.push(error));
    await l.succeeded({ attempt: attempt('acct', 'home'), at: 0 });
    expect(told).toHaveLength(1);
  });
});

const scratch = scratchDatabase('kauri_sign_in_limits');

describe('CountedSignInLimits on postgres, two replicas', () => {
  const events: PostgresEventStore[] = [];
  const replica = async (): Promise<CountedWindows> => {
    const store = await PostgresEventStore.open({ connectionString: scratch.url, maxConnections: 4 });
    events.push(store);
    return SqlCountedWindows.open(store.database, 'postgres');
  };
  beforeAll(() => scratch.create());
  afterAll(async () => {
    for (const store of events) await store.close();
    await scratch.drop();
  });

  it('admits exactly ten of a burst of guesses on one account spread over both', async () => {
    const settings = { perAddress: 10, perAccount: 5, perAccountAnyAddress: 10 };
    const clock = () => 1_000_000;
    const [a, b] = [
      new CountedSignInLimits(await replica(), settings, clock),
      new CountedSignInLimits(await replica(), settings, clock),
    ];
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).admit(attempt('acct', `10.0.0.${i}`))),
    );
    expect(burst.filter((x) => x.admitted)).toHaveLength(10);
    expect(burst.filter((x) => !x.admitted && x.accountWide)).toHaveLength(10);
  });

  it('backs off per (account, address) across both, and a success on one clears the pair on the other', async () => {
    const settings = { perAddress: 100, perAccount: 2, perAccountAnyAddress: 100 };
    const clock = () => 2_000_000;
    const [a, b] = [
      new CountedSignInLimits(await replica(), settings, clock),
      new CountedSignInLimits(await replica(), settings, clock),
    ];
    const first = await a.admit(attempt('acct-2', 'home'));
    expect((await b.admit(attempt('acct-2', 'home'))).admitted).toBe(true);
    expect(await a.admit(attempt('acct-2', 'home'))).toEqual({ admitted: false, waitMs: 60_000, accountWide: false });
    expect(await b.admit(attempt('acct-2', 'home'))).toEqual({ admitted: false, waitMs: 60_000, accountWide: false });
    if (!first.admitted) throw new Error('refused');
    await a.succeeded(first.ticket);
    expect((await b.admit(attempt('acct-2', 'home'))).admitted).toBe(true);
  });
});
