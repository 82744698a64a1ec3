import { openSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { createRequestLog, type RequestLine } from './logging.js';

/** The lines a file holds, parsed, without their `time` (which differs from one writer to the other). */
async function linesOf(file: string): Promise<Record<string, unknown>[]> {
  const text = await readFile(file, 'utf8');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const { time, ...rest } = JSON.parse(line) as Record<string, unknown>;
      expect(typeof time).toBe('number');
      return rest;
    });
}

describe('the request log', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'kauri-request-log-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const lines: RequestLine[] = [
    {
      correlationId: 'c0ffee00-1111-4222-8333-444455556666',
      method: 'GET',
      url: '/api/holdings',
      status: 200,
      responseTime: 0.42,
    },
    // What a client can put in a path is escaped, never breaks the line.
    { correlationId: 'abc', method: 'POST', url: '/api/x?q="\\\n\u2028é', status: 422, responseTime: 12 },
    { correlationId: undefined, method: 'GET', url: '/api/boom', status: 503, responseTime: 1.5 },
  ];

  it('writes the lines pino would write: same fields, same levels, 5xx as errors', async () => {
    const mine = createRequestLog('info', openSync(join(dir, 'mine.log'), 'w'));
    for (const line of lines) mine.write(line);
    mine.close();

    const file = join(dir, 'pino.log');
    const destination = pino.destination({ dest: file, sync: true });
    const reference = pino({ level: 'info', base: { service: 'kauri' } }, destination);
    for (const { correlationId, method, url, status, responseTime } of lines) {
      const fields = { correlationId, req: { method, url }, res: { status }, responseTime };
      if (status >= 500) reference.error(fields, 'request errored');
      else reference.info(fields, 'request completed');
    }
    destination.flushSync();

    expect(await linesOf(join(dir, 'mine.log'))).toEqual(await linesOf(file));
    expect((await linesOf(file)).map((l) => l.level)).toEqual([30, 30, 50]);
  });

  it('writes 8 kB of lines as one write at once, not in the background (nothing gathered lives on to be promoted)', () => {
    const file = join(dir, 'at-once.log');
    const log = createRequestLog('info', openSync(file, 'w'));
    const line = lines[0]!;
    let written = 0;
    // Read back in the same tick: a background write would not have reached the file yet.
    for (let n = 1; n <= 200 && written === 0; n++) {
      log.write(line);
      written = readFileSync(file, 'utf8').split('\n').filter(Boolean).length;
      if (written > 0) expect(written).toBe(n);
    }
    expect(written).toBeGreaterThan(20);
    log.close();
  });

  it('keeps to the configured level: errors only at error, nothing when silent', async () => {
    for (const [level, expected] of [
      ['error', 1],
      ['silent', 0],
      ['debug', 3],
    ] as const) {
      const file = join(dir, `${level}.log`);
      const log = createRequestLog(level, openSync(file, 'w'));
      for (const line of lines) log.write(line);
      log.close();
      expect({ level, lines: (await linesOf(file)).length }).toEqual({ level, lines: expected });
    }
  });
});
