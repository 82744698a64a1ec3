/**
 * The API's calls as the generated contract (schema.d.ts, `npm run api-types`) states them: a call names its
 * method and its path as the OpenAPI document writes it (`/api/assets/{id}/valuation`), and the compiler checks the
 * path parameters and the JSON body against that operation and types its answer. A call that the backend does
 * not have, or a body of the wrong shape, does not compile.
 */
// '.js': the browser tests compile this file under NodeNext resolution too.
import type { paths } from './schema.js';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The paths that have an operation for `method`. */
export type PathOf<M extends Method> = {
  [P in keyof paths]: paths[P][M] extends undefined ? never : P;
}[keyof paths];

type Operation<M extends Method, P extends PathOf<M>> = NonNullable<paths[P][M]>;

/** The path parameters of a call (`never` when its path has none). */
export type PathParams<M extends Method, P extends PathOf<M>> =
  Operation<M, P> extends { parameters: { path: infer T } } ? T : never;

/** The query parameters of a call (`never` when it takes none). */
export type QueryParams<M extends Method, P extends PathOf<M>> =
  Operation<M, P> extends { parameters: { query?: infer T } } ? ([T] extends [undefined] ? never : T) : never;

/** The JSON body of a call (`never` when it takes none). */
export type RequestBody<M extends Method, P extends PathOf<M>> =
  Operation<M, P> extends { requestBody: { content: { 'application/json': infer B } } } ? B : never;

type Success<R> = { [S in keyof R]: S extends 200 | 201 | 202 | 204 ? R[S] : never }[keyof R];
type JsonOf<R> = R extends { content: { 'application/json': infer A } } ? A : null;

/** The JSON answer of a call (null for an answer without one). */
export type Answer<M extends Method, P extends PathOf<M>> =
  Operation<M, P> extends { responses: infer R } ? JsonOf<Success<R>> : never;

/**
 * What a call passes besides its method and path: `path` when its path has parameters, `body` when it takes a JSON
 * body. A call that takes no body may still send `{}` (an empty JSON object), as some always have.
 */
export type CallParams<M extends Method, P extends PathOf<M>> = ([PathParams<M, P>] extends [never]
  ? { path?: never }
  : { path: PathParams<M, P> }) &
  ([QueryParams<M, P>] extends [never] ? { query?: never } : { query?: QueryParams<M, P> }) &
  ([RequestBody<M, P>] extends [never] ? { body?: Record<string, never> } : { body: RequestBody<M, P> });

/** The rest of a call's arguments: optional when it needs neither path parameters nor a body. */
export type CallArgs<M extends Method, P extends PathOf<M>> =
  Record<string, never> extends CallParams<M, P> ? [params?: CallParams<M, P>] : [params: CallParams<M, P>];

/**
 * The URL of a call: each `{name}` of the path replaced by its parameter, encoded as a path segment, and the query
 * string of the defined query parameters.
 */
export function callUrl<M extends Method, P extends PathOf<M>>(
  _method: M,
  path: P,
  params?: Omit<CallParams<M, P>, 'body'>,
): string {
  const { path: values, query } = (params ?? {}) as { path?: Record<string, unknown>; query?: Record<string, unknown> };
  const url = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values?.[name];
    if (value === undefined) throw new Error(`${path}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams(
    Object.entries(query ?? {})
      .filter(([, value]) => value !== undefined && value !== null && value !== '')
      .map(([key, value]) => [key, String(value)]),
  );
  return search.size ? `${url}?${search}` : url;
}
