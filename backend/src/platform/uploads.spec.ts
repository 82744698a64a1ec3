import { Agent, createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DomainError } from './errors.js';
import { receiveFile, UPLOAD_STALLED, UPLOAD_TOO_SLOW, type UploadRules } from './uploads.js';

const rules: UploadRules = {
  maxBytes: 1000,
  kinds: ['pdf'],
  wrongKind: 'PDF only',
  tooLarge: 'At most 1000 bytes',
  timeouts: { totalMs: 600, idleMs: 250 },
};

/**
 * A tiny node:http server with one upload route answering like the errors filter; a JSON body is read first, as
 * the app's JSON parser would have.
 */
async function uploadServer(): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => {
    const answer = (status: number, body: object) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const upload = () =>
      receiveFile(Object.assign(req, { res }), rules).then(
        (file) => answer(200, { size: file.size, kind: file.kind }),
        (error: unknown) => {
          const status = error instanceof DomainError ? error.status : 500;
          answer(status, { message: error instanceof Error ? error.message : String(error) });
        },
      );
    if (req.url !== '/upload' || req.method !== 'PUT') return answer(404, { message: 'Not found' });
    if ((req.headers['content-type'] ?? '').startsWith('application/json')) {
      req.resume();
      req.once('end', upload);
    } else void upload();
  });
  server.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

interface Answer {
  status: number;
  body: string;
  ms: number;
  /** The server closed the connection after answering (this client never closes it first). */
  closed: boolean;
}

/** Sends the headers and `first` bytes, then either the rest or, every `dripMs`, one more byte — never the end. */
function send(
  port: number,
  headers: Record<string, string>,
  first: Buffer,
  more: { rest?: Buffer; dripMs?: number } = {},
): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    let drip: NodeJS.Timeout | undefined;
    // Keep-alive, so the connection closes only if the server closes it.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const req = httpRequest({ port, method: 'PUT', path: '/upload', headers, agent }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => {
        clearInterval(drip);
        const answer = { status: res.statusCode ?? 0, body, ms: performance.now() - started };
        const socket = req.socket!;
        const settle = (closed: boolean) => {
          clearTimeout(wait);
          agent.destroy();
          resolve({ ...answer, closed });
        };
        const wait = setTimeout(() => settle(false), 500);
        if (socket.destroyed) settle(true);
        else socket.once('close', () => settle(true));
      });
    });
    req.on('error', reject);
    req.write(first);
    if (more.rest) req.end(more.rest);
    else if (more.dripMs) drip = setInterval(() => req.write('x'), more.dripMs);
  });
}

describe('receiveFile', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => ({ server, port } = await uploadServer()));
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const pdf = Buffer.from('%PDF-1.4 a small file');

  it('receives a file sent as the raw body', async () => {
    const headers = { 'content-type': 'application/pdf', 'content-length': String(pdf.length) };
    const answer = await send(port, headers, pdf.subarray(0, 5), { rest: pdf.subarray(5) });
    expect(answer).toMatchObject({ status: 200, closed: false });
    expect(JSON.parse(answer.body)).toEqual({ size: pdf.length, kind: 'pdf' });
  });

  it('answers 415 at once, naming the accepted types, for a body a parser consumed or not a file', async () => {
    const json = Buffer.from('{"file":"%PDF-"}');
    const jsonHeaders = { 'content-type': 'application/json', 'content-length': String(json.length) };
    const parsed = await send(port, jsonHeaders, json, { rest: Buffer.alloc(0) });
    expect(parsed.status).toBe(415);
    const accepted = 'one of these content types: application/pdf, application/octet-stream';
    expect(JSON.parse(parsed.body).message).toBe(`PDF only, sent as the request body itself with ${accepted}`);
    const formHeaders = { 'content-type': 'multipart/form-data; boundary=x', 'content-length': '100' };
    const form = await send(port, formHeaders, Buffer.from('--x'));
    expect(form.status).toBe(415);
    expect(form.ms).toBeLessThan(1000);
  });

  it('answers 413 and closes the connection when a body without a length grows past the limit', async () => {
    // Chunked: the size is known only while reading, and the rest is never read — the connection cannot go on.
    const big = Buffer.concat([pdf, Buffer.alloc(2_000)]);
    const answer = await send(port, { 'content-type': 'application/pdf' }, big.subarray(0, 100), {
      rest: big.subarray(100),
    });
    expect(answer).toMatchObject({ status: 413, closed: true });
  });

  it('answers 408 and closes the connection when the body stalls, or arrives too slowly', async () => {
    const stalled = await send(port, { 'content-type': 'application/pdf', 'content-length': '500' }, pdf);
    expect(stalled.status).toBe(408);
    expect(JSON.parse(stalled.body).message).toBe(UPLOAD_STALLED);
    expect(stalled.closed).toBe(true);
    expect(stalled.ms).toBeGreaterThanOrEqual(200);

    // A byte every 100 ms never trips the idle limit (250 ms), but the whole body must be in within 600 ms.
    const slow = await send(port, { 'content-type': 'application/pdf', 'content-length': '500' }, pdf, { dripMs: 100 });
    expect(slow).toMatchObject({ status: 408, closed: true });
    expect(JSON.parse(slow.body).message).toBe(UPLOAD_TOO_SLOW);
    expect(slow.ms).toBeGreaterThanOrEqual(550);
  });
});
