import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../errors.js';
import { CONTENT_TYPES, notAFile, uploadContentTypes, uploadRulesOf } from '../uploads.js';
import { type HttpRequest, pathOf } from './http.js';
import type { KauriRequest } from './request-context.js';

/**
 * What a request may carry before any route sees it. Deeply nested JSON overflows the recursive code after
 * the parser (class-transformer, validators), and NUL characters or lone UTF-16 surrogates cannot be stored
 * by PostgreSQL or hashed canonically: both are refused at the edge with a 400, never met deeper as a 500. Bidi
 * overrides, embeddings and isolates are refused the same way: they spoof what staff read.
 */
export const MAX_JSON_DEPTH = 32;
export const MAX_JSON_BYTES = 100 * 1024;
export const INVALID_JSON = 'The request body is not valid JSON';
export const TOO_LARGE = 'The request is too large';
export const TOO_DEEP = `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`;
export const CHARACTERS_NOT_ALLOWED = 'The request contains characters that are not allowed';
export const NAME_NOT_ALLOWED = 'The request contains a property name that is not allowed';
export const MALFORMED_PATH = 'The request address is not valid';

/**
 * Property names that reach an object's prototype rather than a field: as a body or query key they could set
 * what a DTO then reads through its prototype. No request of this API has such a field.
 */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** The deepest nesting of arrays and objects in JSON text: one pass over the bytes, no recursion. */
export function jsonDepth(text: Buffer, stopAbove = Infinity): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next byte (\" or \\); \uXXXX has no quote or brace to skip
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > stopAbove) return deepest;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

// NUL; a bidi override, embedding or isolate (U+202A–U+202E, U+2066–U+2069), which makes what staff read differ
// from what was sent (`report\u202Efdp.exe` reads as "reportexe.pdf"); or a UTF-16 surrogate without its pair (matched on
// code units: no `u` flag). Right-to-left names need none of them, and the marks (U+200E, U+200F) stay allowed.
const NOT_ALLOWED =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is the point.
  /\u0000|[\u202A-\u202E\u2066-\u2069]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const NOT_ALLOWED_ALL = new RegExp(NOT_ALLOWED.source, 'g');

/** A string PostgreSQL can store, every layer can encode and staff read as sent: no NUL, bidi control, lone surrogate. */
export function isAllowedText(text: string): boolean {
  return !NOT_ALLOWED.test(text);
}

export interface Disallowed {
  /** Where, as validation errors name fields (`a.0.b`); '' for the whole value. */
  field: string;
  message: typeof CHARACTERS_NOT_ALLOWED | typeof NAME_NOT_ALLOWED;
}

/**
 * The first key or string in `value` that is not allowed text, or a prototype key; null when all is well.
 * Iterative, so no input nests it into a stack overflow.
 */
export function disallowedField(value: unknown, root = ''): Disallowed | null {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (!isAllowedText(current)) return { field: path, message: CHARACTERS_NOT_ALLOWED };
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        // A refused key is named with its bad characters replaced: the answer never echoes them.
        const name = isAllowedText(key) ? key : key.replace(NOT_ALLOWED_ALL, '\uFFFD');
        const childPath = path ? `${path}.${name}` : name;
        if (name !== key) return { field: childPath, message: CHARACTERS_NOT_ALLOWED };
        if (PROTOTYPE_KEYS.has(key)) return { field: childPath, message: NAME_NOT_ALLOWED };
        stack.push([child, childPath]);
      }
    }
  }
  return null;
}

export const SEND_JSON = 'Send the request body as JSON (Content-Type: application/json)';

/**
 * What a request body may be: JSON for the commands, the file itself for an upload (`TakesFile`). Not a form
 * (application/x-www-form-urlencoded): it has no booleans or numbers, so a complete form was answered with
 * misleading field errors ("You must agree to the terms"), and no route needs one (the OpenID callback is posted
 * as JSON by the app's own page). Refusing it also keeps a cross-site HTML form, which can send only a form, text
 * or multipart without a CORS preflight, from reaching any command.
 */
const FILE_TYPES = [...new Set(Object.values(CONTENT_TYPES)), 'application/octet-stream'];

const mediaTypeOf = (header: string | undefined) => (header ?? '').split(';')[0]!.trim().toLowerCase();

/**
 * For the edge hook, before any body is read: a body of any other type (a form, text/plain, XML, multipart) is
 * refused with a 415, rather than ignored and answered as if the fields were missing — on a route that takes a file
 * (`TakesFile`) naming the file types it takes, elsewhere asking for JSON.
 */
export function unsupportedBody(req: HttpRequest): DomainError | null {
  const { headers } = req;
  const hasBody = Number(headers['content-length'] ?? 0) > 0 || headers['transfer-encoding'] !== undefined;
  if (!hasBody) return null;
  const type = mediaTypeOf(headers['content-type']);
  const upload = uploadRulesOf(req);
  if (upload) return type === '' || uploadContentTypes(upload.kinds).includes(type) ? null : notAFile(upload);
  if (type === '' || type === 'application/json') return null;
  return new DomainError(SEND_JSON, 415, [{ field: 'body', message: SEND_JSON }]);
}

/**
 * For the edge hook: NUL and lone surrogates in the path and query, and prototype keys in the query. (The body's
 * are refused by its parser, below.)
 */
export function disallowedInPathOrQuery(req: HttpRequest): DomainError | null {
  // Node's parser refuses raw NUL bytes in the request line and invalid UTF-8 escapes cannot decode to a lone
  // surrogate, so %00 is the only way either reaches a path segment.
  const url = req.raw.url ?? '';
  const found =
    url.includes('%00') && /%00/.test(pathOf({ url }))
      ? ({ field: 'path', message: CHARACTERS_NOT_ALLOWED } as const)
      : disallowedField(req.query);
  return found && refusal(found);
}

const refusal = (found: Disallowed) =>
  new DomainError(found.message, 400, [{ field: found.field || 'body', message: found.message }]);

/** The body's bytes, inflated when sent compressed (gzip, deflate, br), at most MAX_JSON_BYTES either way. */
function inflated(req: HttpRequest, body: Buffer): Buffer {
  const encoding = (req.headers['content-encoding'] ?? 'identity').toLowerCase();
  const options = { maxOutputLength: MAX_JSON_BYTES };
  try {
    if (encoding === 'identity') return body;
    if (encoding === 'gzip' || encoding === 'x-gzip') return gunzipSync(body, options);
    if (encoding === 'deflate') return inflateSync(body, options);
    if (encoding === 'br') return brotliDecompressSync(body, options);
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new DomainError(TOO_LARGE, 413);
    throw new DomainError(INVALID_JSON, 400);
  }
  throw new DomainError(`unsupported content encoding "${encoding}"`, 415);
}

/** The charset a body declares (a UTF), lower-cased; 415 for another. */
function charsetOf(req: HttpRequest): string {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(req.headers['content-type'] ?? '');
  const charset = (match?.[1] ?? 'utf-8').toLowerCase();
  if (!charset.startsWith('utf-')) throw new DomainError(`unsupported charset "${charset.toUpperCase()}"`, 415);
  return charset;
}

const isUtf8 = (charset: string) => charset === 'utf-8' || charset === 'utf8';

/**
 * JSON's text, decoded strictly from the UTF it was sent in (UTF-8 unless it says another): bytes that are not
 * valid in it (a stray FF, an encoded surrogate ED A0 80) are refused, never read as U+FFFD and passed on. As
 * before, a UTF-8 byte order mark stays in the text (and is not JSON); another UTF's is dropped.
 */
function textOf(charset: string, body: Buffer): string {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charset, { fatal: true, ignoreBOM: isUtf8(charset) });
  } catch {
    throw new DomainError(`unsupported charset "${charset.toUpperCase()}"`, 415);
  }
  try {
    return decoder.decode(body);
  } catch {
    const message = `The request body is not valid ${decoder.encoding.toUpperCase()}`;
    throw new DomainError(message, 400, [{ field: 'body', message }]);
  }
}

/** Only a JSON object or array is a body (a bare string or number is a mistake), as before; empty means `{}`. */
function parseJson(req: HttpRequest, bytes: Buffer): unknown {
  const charset = charsetOf(req);
  const body = inflated(req, bytes);
  const text = textOf(charset, body);
  // The depth is counted on UTF-8 bytes: the body's own, or the text's when it came in another UTF.
  const utf8 = isUtf8(charset) ? body : Buffer.from(text);
  if (jsonDepth(utf8, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) throw new DomainError(TOO_DEEP, 400);
  const first = /^[ \t\n\r]*(.|$)/s.exec(text)?.[1] ?? '';
  if (first === '') return {};
  if (first !== '{' && first !== '[') throw new DomainError(INVALID_JSON, 400);
  try {
    return JSON.parse(text);
  } catch {
    throw new DomainError(INVALID_JSON, 400);
  }
}

/**
 * Bodies signed by their sender and read again from their bytes by the route (`rawBody`): Stripe's events. Their
 * text is not checked here: a customer may type a bidi override into a name at Stripe's checkout, and a refusal would
 * lose the event (Stripe retries a refused one for three days, then drops it). The signature decides.
 */
const SIGNED_WEBHOOKS: ReadonlySet<string> = new Set(['/api/stripe/webhook']);

/**
 * The app's own body parser, in place of Fastify's: JSON (a depth limit checked on the bytes before parsing), at
 * most 100 kB, keeping the exact bytes as `req.rawBody` (Stripe signs them), then a check of every key and string
 * that came in. A file upload's body is left unread for the route to stream (uploads.ts); any other type was
 * refused by the edge hook, and an empty body of another type is no body.
 */
export function registerBodyParsers(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  const limits = { parseAs: 'buffer', bodyLimit: MAX_JSON_BYTES } as const;
  app.addContentTypeParser('application/json', limits, (req, bytes: string | Buffer, done) => {
    try {
      const buffer = typeof bytes === 'string' ? Buffer.from(bytes) : bytes;
      (req as KauriRequest).rawBody = buffer;
      const body = parseJson(req, buffer);
      const found = SIGNED_WEBHOOKS.has(pathOf(req.raw as { url: string })) ? null : disallowedField(body);
      done(found && refusal(found), body);
    } catch (error) {
      done(error as Error);
    }
  });
  const unread = (_req: HttpRequest, _payload: unknown, done: (error: Error | null, body?: unknown) => void) =>
    done(null, undefined);
  app.addContentTypeParser(FILE_TYPES, unread);
  app.addContentTypeParser('*', unread);
}
