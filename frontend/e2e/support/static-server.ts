/**
 * Serves the built frontend (frontend/dist) the way the backend will: files by path, index.html for
 * every other non-API path so the client router decides. Only the two register-interest endpoints are
 * stubbed, in memory, so the real bundle can be tested before the backend exists on this branch.
 */
import { createReadStream } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EarlyAccess, ErrorBody, RegistrationReceipt } from '../../src/api/types.js';

export const distDir = fileURLToPath(new URL('../../dist/', import.meta.url));

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
};

const WAIVED_PLACES = 100;
const REQUIRED_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'dateOfBirth',
  'country',
  'city',
  'occupation',
  'investmentInterest',
  'investmentAmount',
  'experience',
  'agreeToTerms',
  'agreeToContact',
];

function sendJson(response: ServerResponse, status: number, body: EarlyAccess | RegistrationReceipt | ErrorBody): void {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return null;
  }
}

/**
 * The stubbed early-access register: records registrations and refuses a second one per e-mail. Places are
 * taken by confirming through the e-mailed link, which the stub has no mail for: they all stay free.
 */
function earlyAccessStub() {
  const emails = new Set<string>();

  async function register(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readJson(request);
    const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    const missing = REQUIRED_FIELDS.filter((field) => fields[field] === undefined || fields[field] === '');
    if (missing.length > 0) {
      sendJson(response, 400, {
        message: 'Validation failed',
        errors: missing.map((field) => ({ field, message: `${field} is required` })),
      });
      return;
    }
    const email = String(fields.email).toLowerCase();
    if (emails.has(email)) {
      sendJson(response, 409, { message: 'This email address is already registered' });
      return;
    }
    emails.add(email);
    sendJson(response, 201, { registrationId: `stub-${emails.size}`, position: emails.size });
  }

  return {
    async handle(request: IncomingMessage, response: ServerResponse, path: string): Promise<void> {
      if (request.method === 'GET' && path === '/api/early-access') {
        sendJson(response, 200, { waivedPlaces: WAIVED_PLACES, placesLeft: WAIVED_PLACES, registrations: 0 });
      } else if (request.method === 'POST' && path === '/api/register-interest') {
        await register(request, response);
      } else {
        sendJson(response, 404, { message: `No stub for ${request.method} ${path}` });
      }
    },
  };
}

async function fileFor(path: string): Promise<string> {
  // normalize() resolves '..' so a request cannot climb out of dist.
  const candidate = join(distDir, normalize(decodeURIComponent(path)));
  if (candidate.startsWith(distDir) && (await stat(candidate).catch(() => null))?.isFile()) return candidate;
  return join(distDir, 'index.html');
}

export async function startStaticServer(): Promise<RunningServer> {
  await access(join(distDir, 'index.html')).catch(() => {
    throw new Error(`${distDir}index.html is missing: run \`npm run build -w frontend\` first`);
  });
  const api = earlyAccessStub();

  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const handled = path.startsWith('/api/')
      ? api.handle(request, response, path)
      : fileFor(path).then((file) => {
          response.writeHead(200, { 'Content-Type': contentTypes[extname(file)] ?? 'application/octet-stream' });
          createReadStream(file).pipe(response);
        });
    handled.catch((error: unknown) => {
      response.writeHead(500, { 'Content-Type': 'text/plain' });
      response.end(String(error));
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
