import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Api } from './testing/api.js';
import { BUNDLE, requireBuilt } from './testing/built-app.js';
import { interestForm } from './testing/fixtures.js';
import { registerInterest } from './testing/interest.js';
import { freshPgliteDir } from './testing/pglite.js';

/**
 * The built app as `npm start` runs it — V8's default flags and the app's default settings, not the tests' (see
 * bootBuilt) —: a registration survives stopping and starting on the same data folder.
 */
function boot(dataDir: string): Promise<{ child: ChildProcess; api: Api }> {
  const child = spawn(process.execPath, [`${BUNDLE}main.js`], {
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn', EVENT_STORE: '', READ_STORE: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const port = /running at http:\/\/localhost:(\d+)/.exec(output)?.[1];
      if (port) resolve({ child, api: new Api(`http://127.0.0.1:${port}`) });
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`app exited with ${code}: ${output}`)));
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.on('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

describe('npm start on the same data folder, twice', () => {
  let dataDir: string;
  beforeAll(async () => {
    requireBuilt();
    dataDir = await mkdtemp(join(tmpdir(), 'kauri-restart-'));
    // initdb's folder, copied (the app's own initdb on an empty folder is cli/admin.spec.ts's).
    await freshPgliteDir(join(dataDir, 'events'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps the registration, its number and the places left after a restart', async () => {
    const first = await boot(dataDir);
    const at = (api: Api) => ({ url: api.baseUrl, config: { dataDir } });
    const receipt = await registerInterest(at(first.api), { email: 'persist@example.nz' });
    expect(receipt).toMatchObject({ number: 1, feeWaived: true });
    expect(existsSync(join(dataDir, 'app.json'))).toBe(true);
    await stop(first.child);
    expect(existsSync(join(dataDir, 'app.json'))).toBe(false);

    const second = await boot(dataDir);
    try {
      expect((await second.api.get('/api/early-access')).body).toEqual({
        waivedPlaces: 100,
        placesLeft: 99,
        registrations: 1,
      });
      const again = await second.api.post('/api/register-interest', interestForm({ email: 'persist@example.nz' }));
      expect(again.status).toBe(409);
      const next = await registerInterest(at(second.api), { email: 'next@example.nz' });
      expect(next).toMatchObject({ number: 2, feeWaived: true });
    } finally {
      await stop(second.child);
    }
  }, 180_000);
});
