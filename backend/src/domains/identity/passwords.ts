import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const KEY_LENGTH = 64;
const SALT_BYTES = 16;

/** The vault's namespace of password hashes (key: user id). */
export const PASSWORDS = 'password';

export const MAX_PASSWORD_LENGTH = 256;

function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(
      password.normalize('NFKC'),
      salt,
      keylen,
      { ...options, maxmem: 128 * options.N! * options.r! * 2 },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
}

/**
 * Password hashing with scrypt (memory-hard; node:crypto, no native add-on). The encoded hash names its
 * parameters, so the cost can be raised later and old hashes still verify. The cost is N = 2^cost with r = 8
 * (`PASSWORD_HASH_COST`, default 15: 32 MiB and roughly 0.1 s per hash here). Hashes go to the vault only;
 * passwords are never logged or put in events.
 */
export class Passwords {
  private readonly params: ScryptOptions;
  private decoy: Promise<string> | null = null;

  constructor(cost: number) {
    this.params = { N: 2 ** cost, r: 8, p: 1 };
  }

  async hash(password: string): Promise<string> {
    const salt = randomBytes(SALT_BYTES);
    const key = await scrypt(password, salt, KEY_LENGTH, this.params);
    const { N, r, p } = this.params;
    return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
  }

  verify(password: string, encoded: string): Promise<boolean> {
    return verifyPassword(password, encoded);
  }

  /** Spends the time of a real check when there is no account: the answer's timing does not tell which e-mails exist. */
  async verifyAgainstDecoy(password: string): Promise<false> {
    this.decoy ??= this.hash(randomBytes(18).toString('base64'));
    await verifyPassword(password, await this.decoy);
    return false;
  }
}

async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = encoded.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return timingSafeEqual(actual, expected);
}
