/**
 * The one HTTP client of the app (docs/specification.md §7): every call sends the session cookie, adds a bearer token
 * while a usable one is stored, speaks JSON, and turns any non-OK response into an ApiError. Every read
 * carries `X-Read-After` once this tab has written something (./readYourWrites).
 */
import type { QueryFunction } from '@tanstack/react-query';
import { type Answer, type CallArgs, type CallParams, type Method, type PathOf, callUrl } from './contract';
import { writePositions } from './readYourWrites';
import { readUsableToken } from './storage';
import type { ErrorBody, FieldError } from './types';

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    /** `"<status>: <body text or status text>"`, as the spec's generic request helper words it. */
    message: string,
    /** The parsed `{ message, errors? }` body, when the server sent one. */
    readonly body: ErrorBody | null,
  ) {
    super(message);
  }

  /** Per-field errors of a refused request (empty when the server gave none). */
  get fieldErrors(): FieldError[] {
    return this.body?.errors ?? [];
  }
}

/** The toast title for a failed call: the server's own title when it named one, else `fallback`. */
export function errorTitle(error: Error, fallback: string): string {
  return error instanceof ApiError && error.body?.title ? error.body.title : fallback;
}

/** The text to show a person for a failed call: the server's own message when it sent one. */
export function describeError(error: Error): string {
  return error instanceof ApiError && error.body ? error.body.message : error.message;
}

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The session's CSRF token: the server sets it as a readable cookie and wants it echoed on every write. */
function csrfToken(): string | null {
  const match = document.cookie.match(/(?:^|;\s*)kauri\.csrf=([^;]+)/);
  return match ? decodeURIComponent(match[1]!) : null;
}

function headersFor(method: HttpMethod, hasBody: boolean): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  if (hasBody) headers.set('Content-Type', 'application/json');
  const token = readUsableToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  // Writes too: a sign-in's position lets the next call — whichever replica answers it — know the session, and a
  // role change's lets the next command see the role.
  const readAfter = writePositions.readAfter();
  if (readAfter) headers.set('X-Read-After', readAfter);
  if (method !== 'GET') {
    const csrf = csrfToken();
    if (csrf) headers.set('X-CSRF-Token', csrf);
  }
  return headers;
}

/** The headers of a read: JSON, the bearer token while one is usable, and read-your-writes. */
export function readHeaders(): Headers {
  return headersFor('GET', false);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';
}

async function errorFrom(response: Response): Promise<ApiError> {
  const text = await response.text();
  const body = parseJson(text);
  return new ApiError(
    response.status,
    `${response.status}: ${text || response.statusText}`,
    isErrorBody(body) ? body : null,
  );
}

/**
 * Calls the API and returns the JSON answer (null for an empty one). The position a write's answer carries
 * is remembered for the reads that follow. The response type is the server contract in ./types; it is not
 * checked at run time.
 */
export async function apiRequest<TResponse>(method: HttpMethod, url: string, body?: unknown): Promise<TResponse> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: headersFor(method, body !== undefined),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw await errorFrom(response);
  const text = await response.text();
  const answer: unknown = text ? JSON.parse(text) : null;
  if (method !== 'GET') writePositions.observe(answer);
  return answer as TResponse;
}

/**
 * A call of the contract (./contract): the method and the path as the OpenAPI document writes them, the path
 * parameters and the body checked against that operation, the answer typed by it. Sent by apiRequest.
 */
export function apiCall<M extends Method, P extends PathOf<M>>(
  method: M,
  path: P,
  ...[params]: CallArgs<M, P>
): Promise<Answer<M, P>> {
  const call = params as { body?: unknown } | undefined;
  return apiRequest<Answer<M, P>>(
    method.toUpperCase() as HttpMethod,
    callUrl(method, path, params as CallParams<M, P>),
    call?.body,
  );
}

/** A read of the contract (./contract), as getJson: the path as the OpenAPI document writes it, its parameters checked. */
export function apiGet<P extends PathOf<'get'>>(
  path: P,
  params: Omit<CallParams<'get', P>, 'body'>,
  signal?: AbortSignal,
): Promise<Answer<'get', P>> {
  return getJson<Answer<'get', P>>(callUrl('get', path, params), signal);
}

/** What a query does when the server answers 401: signed-out is a normal answer for some reads. */
type UnauthorizedBehavior = 'returnNull' | 'throw';

/** The query key's segments joined with `/` form the URL that is fetched with GET (docs/specification.md §7). */
function urlOf(queryKey: readonly unknown[]): string {
  return queryKey.join('/');
}

export function getQueryFn<TData>(options: { on401: 'returnNull' }): QueryFunction<TData | null>;
export function getQueryFn<TData>(options: { on401: 'throw' }): QueryFunction<TData>;
export function getQueryFn<TData>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<TData | null> {
  return async ({ queryKey, signal }) => {
    const response = await fetch(urlOf(queryKey), { credentials: 'include', headers: readHeaders(), signal });
    if (on401 === 'returnNull' && response.status === 401) return null;
    if (!response.ok) throw await errorFrom(response);
    return (await response.json()) as TData;
  };
}

/**
 * GET for an answer that also comes with an error status: `/api/health` answers 503 with the same body when the
 * replica is not ready, and the operations page must show why rather than fail.
 */
export async function getJsonAlsoOn<TData>(
  url: string,
  statuses: readonly number[],
  signal?: AbortSignal,
): Promise<TData> {
  const response = await fetch(url, { credentials: 'include', headers: readHeaders(), signal });
  if (!response.ok && !statuses.includes(response.status)) throw await errorFrom(response);
  return (await response.json()) as TData;
}

/** GET for a URL that is not simply the query key joined (query strings, encoded path segments). */
export async function getJson<TData>(url: string, signal?: AbortSignal): Promise<TData> {
  const response = await fetch(url, { credentials: 'include', headers: readHeaders(), signal });
  if (!response.ok) throw await errorFrom(response);
  return (await response.json()) as TData;
}

/**
 * Downloads a streamed response, reporting progress as it arrives: `progressOf` reads how far along a chunk
 * is (0–1) from the text received so far. Returns the whole body as a Blob for saving.
 */
export async function download(
  url: string,
  onProgress: (fraction: number) => void,
  progressOf: (text: string, response: Response) => number | null,
): Promise<{ blob: Blob; fileName: string }> {
  const response = await fetch(url, { credentials: 'include', headers: readHeaders() });
  if (!response.ok || !response.body) throw await errorFrom(response);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parts: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    const fraction = progressOf(decoder.decode(value, { stream: true }), response);
    if (fraction !== null) onProgress(Math.min(fraction, 1));
  }
  onProgress(1);
  const fileName = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'export';
  return {
    blob: new Blob(parts as BlobPart[], { type: response.headers.get('content-type') ?? 'application/octet-stream' }),
    fileName,
  };
}

/**
 * Sends a file as the raw request body and reports upload progress (0–100) — fetch cannot, so this one
 * call uses XMLHttpRequest, with the same cookie, bearer token, CSRF header and error shape as the rest.
 */
export function uploadFile<TResponse>(
  url: string,
  file: Blob & { name?: string },
  onProgress: (percent: number) => void,
  method: 'PUT' | 'POST' = 'PUT',
): Promise<TResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    for (const [key, value] of headersFor(method, false)) xhr.setRequestHeader(key, value);
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    if (file.name) xhr.setRequestHeader('X-File-Name', encodeURIComponent(file.name));
    xhr.upload.onprogress = (event) =>
      event.lengthComputable && onProgress(Math.round((event.loaded / event.total) * 100));
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        writePositions.observe(body);
        resolve(body as TResponse);
      } else
        reject(
          new ApiError(
            xhr.status,
            `${xhr.status}: ${xhr.responseText || xhr.statusText}`,
            isErrorBody(body) ? body : null,
          ),
        );
    };
    // A refused upload may be cut off by the server before the body is sent; that is still a refusal.
    xhr.onerror = () =>
      reject(
        new ApiError(0, 'Upload failed: the connection was closed', {
          message: 'The upload was refused. Documents must be PDF files of at most 10MB.',
        }),
      );
    xhr.send(file);
  });
}
