import { MemoryCountedWindows, type CountedWindows } from '../../platform/limits/counted-windows.js';
import { attemptsBefore, FailureBackoff, LimitsUnavailable, RateLimiter } from '../../platform/rate-limit.js';

export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
/** Injection token of the `SignInLimits` port (identity.module.ts provides it over the configured counted windows). */
export const SIGN_IN_LIMITS = Symbol('SignInLimits');

/** Who is trying to sign in: keys only (a digest of the e-mail, an address key, a device id), never the e-mail. */
export interface SignInAttempt {
  account: string;
  /** `addressKey` of the client: an IPv4 address or an IPv6 /64. */
  address: string;
  /** The device id of a device cookie valid for this account (a browser that signed in to it before), or null. */
  device: string | null;
}

/** An admitted attempt: failed until `succeeded` says otherwise. */
export interface AdmittedSignIn {
  readonly attempt: SignInAttempt;
  readonly at: number;
}

export type Admission =
  | { admitted: true; ticket: AdmittedSignIn }
  /** `accountWide`: the account's failures from anywhere, which only a remembered browser gets past. */
  | { admitted: false; waitMs: number; accountWide: boolean };

export interface SignInLimitSettings {
  /** Failed sign-ins per address in the window (`AUTH_RATE_LIMIT_PER_IP`). */
  perAddress: number;
  /** Free failures per (account, address) — and per (device, account) — before backing off (`AUTH_RATE_LIMIT_PER_ACCOUNT`). */
  perAccount: number;
  /** Failures on an account from any address before unknown browsers are refused (`AUTH_RATE_LIMIT_PER_ACCOUNT_ANY_ADDRESS`). */
  perAccountAnyAddress: number;
}

/**
 * The limits on password sign-in, a port (`CountedSignInLimits` over the configured counted windows: shared by the
 * replicas on their database, in memory for the embedded default).
 *
 * `admit` decides and, when it lets the attempt through, counts it as a failure at once — so a burst of parallel
 * guesses cannot all pass before the first of them has failed, on one replica or several; `succeeded` takes that
 * back. When the store cannot count, `admit` fails closed (503, `LimitsUnavailable`): account guessing is never let
 * through unlimited, and the sign-in needs that database anyway (the password hash is in its vault).
 */
export interface SignInLimits {
  admit(attempt: SignInAttempt): Promise<Admission>;
  succeeded(ticket: AdmittedSignIn): Promise<void>;
}

/**
 * - per address: failures only (an office behind one NAT signs in as often as it likes);
 * - per (account, address): the first `perAccount` failures free, then 1 minute doubling up to 15 (the owner's
 *   typos from their own address wait; nobody else's do);
 * - per account, from any address: past `perAccountAnyAddress` failures in the window, a browser that has not
 *   signed in to the account before is refused before its password is checked;
 * - a remembered browser (valid device cookie) skips all three — nobody can lock the owner out — and has a budget
 *   of its own per (device, account) with the same backoff, so the cookie is no way round the limits for whoever
 *   holds it. Its failures still count towards the account's.
 *
 * Every count is made first and taken back when the attempt is refused (`CountedWindows.hit` is atomic): two
 * replicas cannot both let the last allowed attempt through.
 */
export class CountedSignInLimits implements SignInLimits {
  private readonly perAddress: RateLimiter;
  private readonly perAccountAndAddress: FailureBackoff;
  private readonly perAccountAnyAddress: RateLimiter;
  private readonly perDevice: FailureBackoff;

  constructor(
    windows: CountedWindows,
    settings: SignInLimitSettings,
    private readonly now: () => number = Date.now,
    /** Told when a successful sign-in could not be taken back (it stays counted as a failure). */
    private readonly warn: (error: unknown) => void = () => undefined,
  ) {
    this.perAddress = new RateLimiter(windows, 'sign-in:address', settings.perAddress, SIGN_IN_WINDOW_MS);
    this.perAccountAndAddress = new FailureBackoff(
      windows,
      'sign-in:account+address',
      settings.perAccount,
      SIGN_IN_WINDOW_MS,
      60_000,
      SIGN_IN_WINDOW_MS,
    );
    this.perAccountAnyAddress = new RateLimiter(
      windows,
      'sign-in:account',
      settings.perAccountAnyAddress,
      SIGN_IN_WINDOW_MS,
    );
    this.perDevice = new FailureBackoff(
      windows,
      'sign-in:device+account',
      settings.perAccount,
      SIGN_IN_WINDOW_MS,
      60_000,
      SIGN_IN_WINDOW_MS,
    );
  }

  async admit(attempt: SignInAttempt): Promise<Admission> {
    try {
      return await this.count(attempt);
    } catch (error) {
      throw new LimitsUnavailable(error);
    }
  }

  private async count(attempt: SignInAttempt): Promise<Admission> {
    const at = this.now();
    const { account, address, device } = attempt;
    if (device !== null) {
      const waitMs = await this.perDevice.take(deviceKey(device, account), at);
      if (waitMs > 0) return { admitted: false, waitMs, accountWide: false };
      await this.perAccountAnyAddress.record(account, at);
      return { admitted: true, ticket: { attempt, at } };
    }
    const pair = pairKey(account, address);
    // All three counted at once, then judged on what was there before; a refusal takes its counts back.
    const [onAccount, onAddress, onPair] = await Promise.all([
      this.perAccountAnyAddress.hit(account, at),
      this.perAddress.hit(address, at),
      this.perAccountAndAddress.hit(pair, at),
    ]);
    const accountWait = this.perAccountAnyAddress.waitAfter(attemptsBefore(onAccount, at), at);
    const waitMs = Math.max(
      this.perAddress.waitAfter(attemptsBefore(onAddress, at), at),
      this.perAccountAndAddress.waitAfter(attemptsBefore(onPair, at), at),
    );
    if (accountWait > 0 || waitMs > 0) {
      await Promise.all([
        this.perAccountAnyAddress.forget(account, at),
        this.perAddress.forget(address, at),
        this.perAccountAndAddress.forget(pair, at),
      ]);
      return accountWait > 0
        ? { admitted: false, waitMs: accountWait, accountWide: true }
        : { admitted: false, waitMs, accountWide: false };
    }
    return { admitted: true, ticket: { attempt, at } };
  }

  async succeeded({ attempt, at }: AdmittedSignIn): Promise<void> {
    try {
      await this.takeBack(attempt, at);
    } catch (error) {
      // The password was right: the sign-in goes ahead, and the attempt merely stays counted as a failure.
      this.warn(error);
    }
  }

  private async takeBack({ account, address, device }: SignInAttempt, at: number): Promise<void> {
    await this.perAccountAnyAddress.forget(account, at);
    if (device !== null) {
      await this.perDevice.clear(deviceKey(device, account));
      return;
    }
    await this.perAddress.forget(address, at);
    // Only this address's failures on the account are forgiven: others' guessing still counts against them.
    await this.perAccountAndAddress.clear(pairKey(account, address));
  }
}

/** The limits in process memory (one process: the embedded default, and unit tests). */
export class MemorySignInLimits extends CountedSignInLimits {
  constructor(settings: SignInLimitSettings, now: () => number = Date.now) {
    super(new MemoryCountedWindows(), settings, now);
  }
}

const pairKey = (account: string, address: string) => `${account}|${address}`;
const deviceKey = (device: string, account: string) => `${device}|${account}`;
