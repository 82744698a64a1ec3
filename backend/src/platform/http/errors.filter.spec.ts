import type { ArgumentsHost } from '@nestjs/common';
import { pino } from 'pino';
import { Writable } from 'node:stream';
import { DomainError } from '../errors.js';
import { ErrorsFilter } from './errors.filter.js';

/** The filter with a real pino logger writing into memory, and what it answered and logged for one exception. */
function answer(exception: unknown) {
  const logged: { level: number; msg: string }[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
      done();
    },
  });
  const reply = { headers: new Map<string, string>(), status: 0, body: undefined as unknown };
  const replyApi = {
    header(name: string, value: string) {
      reply.headers.set(name.toLowerCase(), value);
      return replyApi;
    },
    status(code: number) {
      reply.status = code;
      return replyApi;
    },
    send(body: unknown) {
      reply.body = body;
      return replyApi;
    },
  };
  // Only what the filter reads of Nest's host: the reply and the request's correlation id.
  const host = {
    switchToHttp: () => ({ getResponse: () => replyApi, getRequest: () => ({ correlationId: 'c-1' }) }),
  } as unknown as ArgumentsHost;
  new ErrorsFilter(pino({ level: 'info' }, sink)).catch(exception, host);
  return { reply, logged: logged.map(({ level, msg }) => ({ level: pino.levels.labels[level], msg })) };
}

describe('ErrorsFilter', () => {
  it('logs a decided 503 (a dependency unavailable) as a warning with Retry-After, not as an unhandled error', () => {
    const { reply, logged } = answer(
      new DomainError('This is unavailable for a moment. Please try again in a minute.', 503),
    );
    expect(reply.status).toBe(503);
    expect(reply.headers.get('retry-after')).toBe('60');
    expect(logged).toEqual([{ level: 'warn', msg: 'dependency unavailable' }]);
  });

  it('answers a bug with a 500 that leaks nothing, and logs it as an unhandled error', () => {
    const { reply, logged } = answer(new TypeError('cannot read properties of undefined'));
    expect(reply).toMatchObject({
      status: 500,
      body: { message: 'Something went wrong on our side. Please try again later.' },
    });
    expect(logged).toEqual([{ level: 'error', msg: 'unhandled error' }]);
  });

  it('logs nothing for a refusal', () => {
    const { reply, logged } = answer(new DomainError('This offering is closed', 409));
    expect(reply).toMatchObject({ status: 409, body: { message: 'This offering is closed' } });
    expect(logged).toEqual([]);
  });
});
