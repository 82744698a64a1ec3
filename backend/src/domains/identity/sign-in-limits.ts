import { FailureBackoff, RateLimiter } from '../../platform/rate-limit.js';

export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
/** Injection token of the `SignInLimits` port (identity.module.ts provides the in-memory one). */
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
 * The limits on password sign-in. A port: in process memory now (`MemorySignInLimits`); shared by replicas in the
 * database later (design §8), which is why it answers with promises.
 *
 * `admit` decides and, when it lets the attempt through, counts it as a failure at once — so a burst of parallel
 * guesses cannot all pass before the first of them has failed (a store must do both in one step); `succeeded`
 * takes that back.
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
 */
export class MemorySignInLimits implements SignInLimits {
  private readonly perAddress: RateLimiter;
  private readonly perAccountAndAddress: FailureBackoff;
  private readonly perAccountAnyAddress: RateLimiter;
  private readonly perDevice: FailureBackoff;

  constructor(
    settings: SignInLimitSettings,
    private readonly now: () => number = Date.now,
  ) {
    this.perAddress = new RateLimiter(settings.perAddress, SIGN_IN_WINDOW_MS);
    this.perAccountAndAddress = new FailureBackoff(settings.perAccount, SIGN_IN_WINDOW_MS, 60_000, SIGN_IN_WINDOW_MS);
    this.perAccountAnyAddress = new RateLimiter(settings.perAccountAnyAddress, SIGN_IN_WINDOW_MS);
    this.perDevice = new FailureBackoff(settings.perAccount, SIGN_IN_WINDOW_MS, 60_000, SIGN_IN_WINDOW_MS);
  }

  async admit(attempt: SignInAttempt): Promise<Admission> {
    const at = this.now();
    const { account, address, device } = attempt;
    if (device !== null) {
      const waitMs = this.perDevice.retryAfter(deviceKey(device, account), at);
      if (waitMs > 0) return { admitted: false, waitMs, accountWide: false };
      this.perDevice.fail(deviceKey(device, account), at);
    } else {
      const accountWait = this.perAccountAnyAddress.retryAfter(account, at);
      if (accountWait > 0) return { admitted: false, waitMs: accountWait, accountWide: true };
      const waitMs = Math.max(
        this.perAddress.retryAfter(address, at),
        this.perAccountAndAddress.retryAfter(pairKey(account, address), at),
      );
      if (waitMs > 0) return { admitted: false, waitMs, accountWide: false };
      this.perAddress.record(address, at);
      this.perAccountAndAddress.fail(pairKey(account, address), at);
    }
    this.perAccountAnyAddress.record(account, at);
    return { admitted: true, ticket: { attempt, at } };
  }

  async succeeded({ attempt, at }: AdmittedSignIn): Promise<void> {
    const { account, address, device } = attempt;
    this.perAccountAnyAddress.forget(account, at);
    if (device !== null) {
      this.perDevice.clear(deviceKey(device, account));
      return;
    }
    this.perAddress.forget(address, at);
    // Only this address's failures on the account are forgiven: others' guessing still counts against them.
    this.perAccountAndAddress.clear(pairKey(account, address));
  }
}

const pairKey = (account: string, address: string) => `${account}|${address}`;
const deviceKey = (device: string, account: string) => `${device}|${account}`;
