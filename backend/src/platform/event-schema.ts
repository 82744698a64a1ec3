import type { DomainEvent } from './decider.js';
import { isCalendarDate } from './calendar-date.js';
import { DomainError, type FieldError } from './errors.js';

/**
 * Event schemas: the log is forever, so every event is checked against its type's schema before it is
 * appended (AggregateRepository). A tiny combinator set, no dependency, no copying: `check` walks the value
 * once and answers null, or the dotted path of the first value that does not fit ('' for the value itself).
 *
 * Each schema carries its TypeScript type invariantly, so `satisfies EventSchemas<SomeEvent>` fails to compile
 * when an event type has no schema, or when a schema and its event's `data` type disagree in any field.
 */
declare const TYPE: unique symbol;

export interface Schema<T> {
  check(value: unknown): string | null;
  /** Compile time only. */
  readonly [TYPE]?: (value: T) => T;
}

/** Any schema, whatever it accepts (the bound generics take). */
export interface AnySchema {
  check(value: unknown): string | null;
  readonly [TYPE]?: (value: never) => unknown;
}

/** A key of `object` that may be absent (or undefined). */
export interface Optional<T> {
  readonly optional: Schema<T>;
}

interface AnyOptional {
  readonly optional: AnySchema;
}

export type Infer<S> = S extends Schema<infer T> ? T : S extends Optional<infer T> ? T : never;

type Shape = Readonly<Record<string, AnySchema | AnyOptional>>;
type OptionalKeys<S extends Shape> = { [K in keyof S]: S[K] extends AnyOptional ? K : never }[keyof S];
type Simplify<T> = { [K in keyof T]: T[K] } & {};
type ObjectOf<S extends Shape> = Simplify<
  { [K in Exclude<keyof S, OptionalKeys<S>>]: Infer<S[K]> } & { [K in OptionalKeys<S>]?: Infer<S[K]> }
>;

/** Every event type of a union, each with the schema of its `data`. */
export type EventSchemas<E extends DomainEvent> = {
  readonly [K in E['type']]: Schema<Extract<E, { type: K }>['data']>;
};

/** The event types a domain's schemas cover: a list the compiler keeps complete, since the schemas must be. */
export const eventTypesOf = <S extends Readonly<Record<string, AnySchema>>>(
  schemas: S,
): readonly (keyof S & string)[] => Object.keys(schemas) as (keyof S & string)[];

/**
 * A list of every member of a union of event types (one spanning domains, where no one set of schemas covers it):
 * `everyType<U>()([...])` does not compile while a member is missing, and no other type fits in.
 */
export const everyType =
  <T extends string>() =>
  <const L extends readonly T[]>(list: L & ([Exclude<T, L[number]>] extends [never] ? unknown : never)): readonly T[] =>
    list;

const schema = <T>(check: (value: unknown) => string | null): Schema<T> => ({ check });
const FITS = null;
const MISFIT = '';

/** Lone surrogates and NUL cannot be stored as JSON text in PostgreSQL (jsonb refuses them). */
const SURROGATE = /[\ud800-\udfff]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const storable = (text: string) => !text.includes('\u0000') && !(SURROGATE.test(text) && LONE_SURROGATE.test(text));

export interface StringOptions {
  /** At least one character that is not white space. */
  nonEmpty?: boolean;
  min?: number;
  max: number;
  pattern?: RegExp;
}

/** A string of at most `max` characters (every string has a bound: an event is never unbounded). */
export const string = (options: StringOptions): Schema<string> =>
  schema((v) => {
    if (typeof v !== 'string' || v.length > options.max || v.length < (options.min ?? 0)) return MISFIT;
    if (options.nonEmpty && v.trim() === '') return MISFIT;
    if (options.pattern && !options.pattern.test(v)) return MISFIT;
    return storable(v) ? FITS : MISFIT;
  });

type Bounds = { min?: number; max?: number };

/** A safe integer (finite, exact in a double) within the bounds; at least 0 unless told. */
export const int = ({ min = 0, max = Number.MAX_SAFE_INTEGER }: Bounds = {}): Schema<number> =>
  schema((v) => (Number.isSafeInteger(v) && (v as number) >= min && (v as number) <= max ? FITS : MISFIT));

/** A finite number within the bounds (NaN and the infinities never fit). */
export const number = ({ min = -Number.MAX_VALUE, max = Number.MAX_VALUE }: Bounds = {}): Schema<number> =>
  schema((v) => (typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max ? FITS : MISFIT));

export const boolean = (): Schema<boolean> => schema((v) => (typeof v === 'boolean' ? FITS : MISFIT));

const ID_TEXT = /^[\w.:-]+$/;

/** An id as the app makes them (UUIDs, `doc_…`, hashes, a provider's references): word characters, `.:-`. */
export const id = (): Schema<string> => string({ min: 1, max: 200, pattern: ID_TEXT });

const DAY = '\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])';
const TIME = '([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(\\.\\d{1,9})?';
const DATE_TIME = new RegExp(`^${DAY}T${TIME}(Z|[+-]([01]\\d|2[0-3]):[0-5]\\d)$`);

/** An ISO-8601 date and time with its offset, e.g. `2026-11-23T09:30:00.000Z`. */
export const isoDateTime = (): Schema<string> =>
  schema((v) => (typeof v === 'string' && DATE_TIME.test(v) && Number.isFinite(Date.parse(v)) ? FITS : MISFIT));

/** An ISO-8601 calendar date that exists (`2027-06-30`; never `2027-02-30`). */
export const isoDate = (): Schema<string> =>
  schema((v) => (typeof v === 'string' && isCalendarDate(v) ? FITS : MISFIT));

/** One of these values, exactly. */
export const literal = <const T extends string | number | boolean>(...values: readonly T[]): Schema<T> =>
  schema((v) => (values.includes(v as T) ? FITS : MISFIT));

/** One of a list of values (a domain's `readonly X[]` constant). */
export const oneOf = <const T extends string>(values: readonly T[]): Schema<T> => literal(...values);

export const nullable = <T>(inner: Schema<T>): Schema<T | null> => schema((v) => (v === null ? FITS : inner.check(v)));

export const optional = <T>(inner: Schema<T>): Optional<T> => ({ optional: inner });

const isPlainObject = (v: unknown): v is Record<string, unknown> => {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

const below = (key: string, path: string) => (path === MISFIT ? key : `${key}.${path}`);

/** A plain object with exactly these keys: a missing required key or any other key does not fit. */
export const object = <const S extends Shape>(shape: S): Schema<ObjectOf<S>> => {
  const fields = Object.entries(shape).map(([key, field]) =>
    'optional' in field ? { key, inner: field.optional, required: false } : { key, inner: field, required: true },
  );
  const known = new Set(fields.map((f) => f.key));
  return schema((v) => {
    if (!isPlainObject(v)) return MISFIT;
    for (const key of Object.keys(v)) if (!known.has(key)) return key;
    for (const { key, inner, required } of fields) {
      const value = Object.hasOwn(v, key) ? v[key] : undefined;
      if (value === undefined) {
        if (required) return key;
        continue;
      }
      const misfit = inner.check(value);
      if (misfit !== FITS) return below(key, misfit);
    }
    return FITS;
  });
};

/** An array of at most `max` items, each fitting `item`. */
export const array = <T>(item: Schema<T>, { min = 0, max }: { min?: number; max: number }): Schema<T[]> =>
  schema((v) => {
    if (!Array.isArray(v) || v.length < min || v.length > max) return MISFIT;
    for (let i = 0; i < v.length; i++) {
      const misfit = item.check(v[i]);
      if (misfit !== FITS) return below(String(i), misfit);
    }
    return FITS;
  });

/** A plain object used as a small map: at most `maxKeys` keys, each fitting `key`, each value fitting `value`. */
export const record = <T>(
  value: Schema<T>,
  { key, maxKeys }: { key: Schema<string>; maxKeys: number },
): Schema<Record<string, T>> =>
  schema((v) => {
    if (!isPlainObject(v)) return MISFIT;
    const keys = Object.keys(v);
    if (keys.length > maxKeys) return MISFIT;
    for (const k of keys) {
      if (key.check(k) !== FITS) return k;
      const misfit = value.check(v[k]);
      if (misfit !== FITS) return below(k, misfit);
    }
    return FITS;
  });

/** Fits when any one of the schemas does (for small tagged unions such as who changed a role). */
export const union = <const S extends readonly AnySchema[]>(...schemas: S): Schema<Infer<S[number]>> =>
  schema((v) => (schemas.some((s) => s.check(v) === FITS) ? FITS : MISFIT));

/**
 * Where an event does not fit its type's schema: `<type>.<field>` (`<type>` alone when the type is unknown or
 * its data is not an object), or null when it fits.
 */
export function eventMisfit(
  schemas: Readonly<Record<string, AnySchema>>,
  event: { type: string; data: unknown },
): string | null {
  const found = Object.hasOwn(schemas, event.type) ? schemas[event.type] : undefined;
  if (!found) return event.type;
  const misfit = found.check(event.data);
  return misfit === FITS ? null : misfit === MISFIT ? event.type : `${event.type}.${misfit}`;
}

/** The refusal for an event that does not fit: nothing is recorded. */
export const unrecordable = (misfit: string) =>
  new DomainError(`This request could not be recorded: ${misfit} is invalid`, 422);

/**
 * For deciders that list every wrong field at once: the field's error when the event schema would refuse the
 * value, or null. Gather several with `requireValidFields([misfit(...), misfit(...), other && {...}])`, which
 * throws one 400 naming them all.
 */
export function misfit(inner: AnySchema, value: unknown, field: string, message: string): FieldError | null {
  return inner.check(value) === FITS ? null : { field, message };
}

/**
 * For deciders: refuses a command's value with the form's own message when the event schema would refuse it,
 * so a rule reads "valid as the log needs it" in one place (the schema) and the person sees a 4xx that names
 * the field, never a 422 from the log. Throws on this one field; `misfit` collects several.
 */
export function ensure<S extends AnySchema>(
  inner: S,
  value: unknown,
  field: string,
  message: string,
  status: DomainError['status'] = 400,
): asserts value is Infer<S> {
  const error = misfit(inner, value, field, message);
  if (error) throw new DomainError(message, status, [error]);
}
