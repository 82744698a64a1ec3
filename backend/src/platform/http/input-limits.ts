import type { IncomingMessage } from 'node:http';
import express, { type NextFunction, type RequestHandler, type Response } from 'express';
import { DomainError } from '../errors.js';
import { CONTENT_TYPES } from '../uploads.js';
import type { KauriRequest } from './request-context.js';

/**
 * What a request may carry before any route sees it. Deeply nested JSON overflows the recursive code after
 * the parser (class-transformer, validators), and NUL characters or lone UTF-16 surrogates cannot be stored
 * by PostgreSQL or hashed canonically: both are refused at the edge with a 400, never met deeper as a 500.
 */
export const MAX_JSON_DEPTH = 32;
export const MAX_JSON_BYTES = '100kb';
export const TOO_DEEP = `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`;
export const CHARACTERS_NOT_ALLOWED = 'The request contains characters that are not allowed';
export const NAME_NOT_ALLOWED = 'The request contains a property name that is not allowed';

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

const refused = (message: string) => Object.assign(new Error(message), { status: 400, expose: true });

/** body-parser's `verify` hook: runs on the raw bytes before JSON.parse; keeps `req.rawBody` (Stripe signatures). */
function verifyBody(req: IncomingMessage & { rawBody?: Buffer }, _res: unknown, body: Buffer): void {
  req.rawBody = body;
  if (jsonDepth(body, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) throw refused(TOO_DEEP);
}

function verifyRawOnly(req: IncomingMessage & { rawBody?: Buffer }, _res: unknown, body: Buffer): void {
  req.rawBody = body;
}

/**
 * The JSON and form parsers, in place of Nest's defaults (Nest skips its own when these are registered: it
 * looks for middleware named jsonParser and urlencodedParser). body-parser refuses forms nested deeper than
 * 32 levels itself (its default, the same limit).
 */
export function bodyParsers(): RequestHandler[] {
  return [
    express.json({ limit: MAX_JSON_BYTES, verify: verifyBody }),
    express.urlencoded({ extended: true, limit: MAX_JSON_BYTES, parameterLimit: 1000, verify: verifyRawOnly }),
  ];
}

// NUL, or a UTF-16 surrogate without its pair (matched on code units: no `u` flag).
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is the point.
const NOT_ALLOWED = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const NOT_ALLOWED_ALL = new RegExp(NOT_ALLOWED.source, 'g');

/** A string PostgreSQL can store and every layer can encode: no NUL, no unpaired UTF-16 surrogate. */
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

/** What a request body may be: JSON or a form for the commands, the file itself for an upload. */
const BODY_TYPES = new Set([
  'application/json',
  'application/x-www-form-urlencoded',
  ...Object.values(CONTENT_TYPES),
  'application/octet-stream',
]);

/**
 * Express middleware, before the body parsers: a body of any other type (text/plain, XML, multipart) is refused
 * with a 415 before it is read, rather than ignored and answered as if the fields were missing. Whether a route
 * takes JSON or a file is its own check (an upload sent as JSON is a 415 there).
 */
export function refuseUnsupportedBody(req: IncomingMessage, _res: Response, next: NextFunction): void {
  const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (!hasBody || type === '' || BODY_TYPES.has(type)) {
    next();
    return;
  }
  next(new DomainError(SEND_JSON, 415, [{ field: 'body', message: SEND_JSON }]));
}

/**
 * Express middleware, after the body parsers: refuses NUL and lone surrogates in the path, query and body,
 * and prototype keys in the query and body.
 */
export function refuseDisallowedInput(req: KauriRequest, _res: Response, next: NextFunction): void {
  // Node's parser refuses raw NUL bytes in the request line and invalid UTF-8 escapes cannot decode to a lone
  // surrogate, so %00 is the only way either reaches a path segment.
  const path = req.originalUrl.split('?')[0] ?? '';
  const found = /%00/.test(path)
    ? { field: 'path', message: CHARACTERS_NOT_ALLOWED }
    : (disallowedField(req.query) ?? disallowedField(req.body));
  if (found === null) {
    next();
    return;
  }
  next(new DomainError(found.message, 400, [{ field: found.field || 'body', message: found.message }]));
}
