/**
 * Crypto-shredding on the embedded store: personal data is stored sealed with the person's key and read in
 * the clear; forgetting the person makes it unreadable for good while the hash chain and the non-personal
 * facts stay as they were.
 */
import { contractEvent } from '../event-store/event-store.contract.js';
import { PgliteEventStore } from '../event-store/pglite-event-store.js';
import { openPglite } from '../../testing/pglite.js';
import { SqlVault } from '../vault/sql-vault.js';
import { PersonalDataProtection } from './personal-data.js';

describe('personal data protection (pglite)', () => {
  let stored: PgliteEventStore;
  let events: PersonalDataProtection;

  beforeAll(async () => {
    stored = await PgliteEventStore.open({ pglite: await openPglite() });
    events = new PersonalDataProtection(stored, await SqlVault.open(stored.database, 'pglite'));
  }, 60_000);
  afterAll(() => stored?.close());

  const registered = (userId: string, email: string) =>
    contractEvent('UserRegistered', {
      userId,
      subjectId: userId,
      emailKey: `key-${userId}`,
      personal: { email, firstName: 'Mere', lastName: null },
    });

  it('stores personal data sealed, reads it in the clear, and leaves events without a subject alone', async () => {
    await events.append('user-mere', [registered('mere', 'mere@example.nz')], 'no_stream');
    await events.append('asset-a', [contractEvent('AssetDrafted', { name: 'Harbour View' })], 'no_stream');

    const raw = await stored.database.query<{ data: string }>(
      "select data::text as data from events where stream_id = 'user-mere'",
    );
    expect(raw[0]!.data).not.toContain('mere@example.nz');
    expect(raw[0]!.data).toContain('"$sealed": "aes-256-gcm"');

    const [user] = await events.readStream('user-mere');
    expect(user!.data).toEqual({
      userId: 'mere',
      subjectId: 'mere',
      emailKey: 'key-mere',
      personal: { email: 'mere@example.nz', firstName: 'Mere', lastName: null },
    });
    expect((await events.readStream('asset-a'))[0]!.data).toEqual({ name: 'Harbour View' });
    // A reader that never looks at personal data (a decider's fold) gets it as stored: nothing is opened.
    const [sealed] = await events.readStream('user-mere', { keepPersonalSealed: true });
    expect(sealed!.data).toMatchObject({ userId: 'mere', personal: { $sealed: 'aes-256-gcm' } });
    expect(JSON.stringify(sealed)).not.toContain('mere@example.nz');
  });

  it('forgets one person: their fields read as null everywhere, the facts remain, others are untouched, the chain still verifies', async () => {
    await events.append('user-tane', [registered('tane', 'tane@example.nz')], 'no_stream');
    expect(await events.isForgotten('mere')).toBe(false);
    await events.forget('mere');

    expect(await events.isForgotten('mere')).toBe(true);
    const all = await events.readAll();
    const mere = all.find((e) => e.streamId === 'user-mere')!;
    expect(mere.data).toEqual({
      userId: 'mere',
      subjectId: 'mere',
      emailKey: 'key-mere',
      personal: { email: null, firstName: null, lastName: null },
      personalForgotten: true,
    });
    expect(all.find((e) => e.streamId === 'user-tane')!.data).toMatchObject({ personal: { email: 'tane@example.nz' } });
    expect(await events.verifyIntegrity()).toMatchObject({ firstBroken: null, checkedEvents: 3 });

    // A fresh process (no cached keys) reads the same.
    const reopened = new PersonalDataProtection(stored, await SqlVault.open(stored.database, 'pglite'));
    expect((await reopened.readStream('user-mere'))[0]!.data).toMatchObject({
      personal: { email: null },
      personalForgotten: true,
    });

    // Nothing new is sealed for a forgotten person: their personal fields are dropped on the way in.
    await events.append(
      'user-mere',
      [
        contractEvent('ProfileUpdated', {
          userId: 'mere',
          subjectId: 'mere',
          personal: { firstName: 'M', lastName: 'T' },
        }),
      ],
      0,
    );
    const raw = await stored.database.query<{ data: string }>(
      "select data::text as data from events where stream_id = 'user-mere' and revision = 1",
    );
    expect(raw[0]!.data).not.toContain('"T"');
  });

  it('binds the ciphertext to its person: sealed data copied onto another subject does not open', async () => {
    const [tane] = await stored.readStream('user-tane');
    const copied = contractEvent('UserRegistered', { ...(tane!.data as object), userId: 'ngaio', subjectId: 'ngaio' });
    await stored.append('user-ngaio', [copied], 'no_stream');
    await events.append('user-ngaio', [registered('ngaio', 'ngaio@example.nz')], 0);
    await expect(events.readStream('user-ngaio')).rejects.toThrow(/unable to authenticate|auth/i);
  });
});
