import { DomainError } from './errors.js';
import {
  array,
  boolean,
  ensure,
  eventMisfit,
  id,
  int,
  isoDate,
  isoDateTime,
  literal,
  nullable,
  number,
  object,
  optional,
  record,
  string,
  union,
} from './event-schema.js';

const misfits = (check: (v: unknown) => string | null, values: unknown[]) => values.map((v) => check(v));
const all = (n: number, value: string | null) => Array<string | null>(n).fill(value);

describe('event schemas', () => {
  it('numbers: an int is a safe integer within its bounds; a number is finite', () => {
    const whole = int({ min: 1, max: 10 });
    expect(misfits(whole.check, [1, 10])).toEqual(all(2, null));
    const odd = [0, 11, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '3', null, 2 ** 53];
    expect(misfits(whole.check, odd)).toEqual(all(8, ''));
    expect(int().check(-1)).toBe(''); // at least 0 unless told
    const amount = number({ min: 0 });
    expect(misfits(amount.check, [0, 1e308, 0.5])).toEqual(all(3, null));
    expect(misfits(amount.check, [Number.NaN, Number.POSITIVE_INFINITY, -1, '1'])).toEqual(all(4, ''));
  });

  it('strings: bounded, optionally non-blank or patterned, and storable as JSON text in PostgreSQL', () => {
    const name = string({ nonEmpty: true, max: 5 });
    expect(name.check('Mere')).toBeNull();
    expect(misfits(name.check, ['', '   ', 'toolong', 3, 'a\u0000b', 'a\ud800b'])).toEqual(all(6, ''));
    expect(name.check('😀')).toBeNull(); // a whole surrogate pair is fine
    expect(id().check('__proto__')).toBeNull();
    expect(misfits(id().check, ['', 'has space', 'a/b', 'x'.repeat(201)])).toEqual(all(4, ''));
  });

  it('dates: a real calendar date; a date-time with its offset', () => {
    expect(misfits(isoDate().check, ['2027-06-30', '2024-02-29'])).toEqual(all(2, null));
    const notDates = ['2027-02-30', '2023-02-29', '2027-13-01', '2027-06-30T00:00:00Z', 'soon'];
    expect(misfits(isoDate().check, notDates)).toEqual(all(5, ''));
    const times = ['2026-11-23T09:30:00.000Z', '2026-11-23T09:30:00+13:00'];
    expect(misfits(isoDateTime().check, times)).toEqual(all(2, null));
    const notTimes = ['2026-11-23', '2026-11-23T24:00:00Z', '2026-11-23T09:30:00', 'Invalid Date'];
    expect(misfits(isoDateTime().check, notTimes)).toEqual(all(4, ''));
  });

  it('objects: exact keys, own properties only, the path of the first misfit', () => {
    const person = object({
      name: string({ max: 10 }),
      age: nullable(int()),
      nick: optional(string({ max: 5 })),
      tags: array(literal('a', 'b'), { max: 2 }),
    });
    expect(person.check({ name: 'Hine', age: null, tags: ['a'] })).toBeNull();
    expect(person.check({ name: 'Hine', age: 3, nick: 'H', tags: [] })).toBeNull();
    expect(person.check({ name: 'Hine', age: 3, nick: undefined, tags: [] })).toBeNull();
    expect(person.check({ age: 3, tags: [] })).toBe('name');
    expect(person.check({ name: 'Hine', age: Number.NaN, tags: [] })).toBe('age');
    expect(person.check({ name: 'Hine', age: 1, tags: ['a', 'c'] })).toBe('tags.1');
    expect(person.check({ name: 'Hine', age: 1, tags: [], extra: true })).toBe('extra');
    expect(person.check(JSON.parse('{"name":"Hine","age":1,"tags":[],"__proto__":{}}'))).toBe('__proto__');
    // Inherited values are not the object's own: a prototype that answers `name` does not make one.
    expect(person.check(Object.assign(Object.create({ name: 'x' }) as object, { age: 1, tags: [] }))).toBe('');
    expect(misfits(person.check, ['x', null, [], new Date()])).toEqual(all(4, ''));
    const nested = object({ inner: object({ ok: boolean() }) });
    expect(nested.check({ inner: { ok: 'yes' } })).toBe('inner.ok');
  });

  it('records and unions', () => {
    const query = record(string({ max: 3 }), { key: string({ max: 5, pattern: /^[a-z]+$/ }), maxKeys: 2 });
    expect(query.check({ a: 'x', b: 'yyy' })).toBeNull();
    expect(query.check({ a: 'toolong' })).toBe('a');
    expect(query.check({ 'A-B': 'x' })).toBe('A-B');
    expect(query.check({ a: 'x', b: 'y', c: 'z' })).toBe('');
    const changer = union(
      object({ kind: literal('user'), userId: id() }),
      object({ kind: literal('system'), name: id() }),
    );
    expect(changer.check({ kind: 'system', name: 'ADMIN_EMAILS' })).toBeNull();
    expect(changer.check({ kind: 'system', userId: 'u1' })).toBe('');
  });

  it('names where an event does not fit: <type>.<field>, or the type alone when unknown or not an object', () => {
    const schemas = { Taken: object({ n: int() }) };
    expect(eventMisfit(schemas, { type: 'Taken', data: { n: 1 } })).toBeNull();
    expect(eventMisfit(schemas, { type: 'Taken', data: { n: -1 } })).toBe('Taken.n');
    expect(eventMisfit(schemas, { type: 'Taken', data: null })).toBe('Taken');
    expect(eventMisfit(schemas, { type: 'Grabbed', data: { n: 1 } })).toBe('Grabbed');
    expect(eventMisfit(schemas, { type: 'constructor', data: {} })).toBe('constructor');
    expect(eventMisfit(schemas, { type: 'toString', data: {} })).toBe('toString');
  });

  it('ensure: a decider refuses what the schema would, with the form’s message and field', () => {
    const message = 'Tokens must be at least 1';
    expect(() => ensure(int({ min: 1 }), 0, 'tokens', message)).toThrow(DomainError);
    let refusal: unknown = null;
    try {
      ensure(int({ min: 1 }), Number.NaN, 'tokens', message, 422);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toMatchObject({ status: 422, message, errors: [{ field: 'tokens', message }] });
    expect(() => ensure(int({ min: 1 }), 2, 'tokens', 'never')).not.toThrow();
  });
});
