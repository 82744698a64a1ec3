import { randomBytes } from 'node:crypto';
import { DeviceCookie, MAX_ACCOUNTS } from './device-cookie.js';

const key = randomBytes(32);
const cookie = () => new DeviceCookie(async () => key);

describe('DeviceCookie', () => {
  it('recognises the accounts signed in from this browser, and no other', async () => {
    const c = cookie();
    const one = await c.remember(undefined, 'user-1');
    const both = await c.remember(one, 'user-2');
    const device = one.split('.')[0]!;
    expect(both.split('.')[0]).toBe(device);
    expect(await c.deviceFor(both, 'user-1')).toBe(device);
    expect(await c.deviceFor(both, 'user-2')).toBe(device);
    expect(await c.deviceFor(both, 'user-3')).toBeNull();
    expect(await c.deviceFor(undefined, 'user-1')).toBeNull();
    // Names no account.
    expect(both).not.toContain('user-');
  });

  it('refuses a tag from another key, another device, or a malformed cookie', async () => {
    const c = cookie();
    const mine = await c.remember(undefined, 'user-1');
    const other = new DeviceCookie(async () => randomBytes(32));
    expect(await c.deviceFor(await other.remember(undefined, 'user-1'), 'user-1')).toBeNull();
    const [, tag] = mine.split('.');
    const otherDevice = randomBytes(16).toString('base64url');
    expect(await c.deviceFor(`${otherDevice}.${tag}`, 'user-1')).toBeNull();
    for (const bad of ['', '.', 'x.y', `${mine}.`, mine.replace('.', '..'), `${mine.slice(0, -1)}!`])
      expect({ bad, device: await c.deviceFor(bad, 'user-1') }).toEqual({ bad, device: null });
  });

  it(`keeps at most ${MAX_ACCOUNTS} accounts, newest first, each once`, async () => {
    const c = cookie();
    let value: string | undefined;
    for (let i = 0; i < MAX_ACCOUNTS + 2; i++) value = await c.remember(value, `user-${i}`);
    value = await c.remember(value, `user-${MAX_ACCOUNTS + 1}`);
    expect(value!.split('.')).toHaveLength(1 + MAX_ACCOUNTS);
    expect(await c.deviceFor(value, 'user-0')).toBeNull();
    expect(await c.deviceFor(value, 'user-1')).toBeNull();
    for (let i = 2; i < MAX_ACCOUNTS + 2; i++) expect(await c.deviceFor(value, `user-${i}`)).not.toBeNull();
  });
});
