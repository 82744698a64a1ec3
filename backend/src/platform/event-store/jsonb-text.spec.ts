import type { PGlite } from '@electric-sql/pglite';
import fc from 'fast-check';
import { openPglite } from '../../testing/pglite.js';
import { jsonbText } from './jsonb-text.js';

/** jsonbText against PostgreSQL's own rendering, on values of every shape (through JSON, as appends send them). */
describe('jsonbText', () => {
  let pglite: PGlite;
  beforeAll(async () => {
    pglite = await openPglite();
  });
  afterAll(() => pglite.close());

  const rendered = async (json: string) =>
    (await pglite.query<{ text: string }>('select $1::jsonb::text as text', [json])).rows[0]!.text;

  const text = fc.oneof(
    fc.string({ unit: 'grapheme' }),
    fc.string({ unit: fc.constantFrom('a', 'é', '"', '\\', '\n', '\t', '\u0001', '\u001f', '\u007f', '\u2028', '🌿') }),
  );
  const value = fc.letrec((tie) => ({
    json: fc.oneof(
      { depthSize: 'small' },
      fc.constant(null),
      fc.boolean(),
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.constantFrom(0.1, -0, 2 ** 53, 1e20, 1e21, 1.5e-7, 123.456),
      text,
      fc.array(tie('json'), { maxLength: 4 }),
      fc.dictionary(fc.oneof(text, fc.constantFrom('a', 'bb', 'B', 'ab', 'é', 'zz', '__proto__')), tie('json'), {
        maxKeys: 5,
      }),
    ),
  })).json;

  it('renders what PostgreSQL renders, or null (a number with an exponent) for the database to do it', async () => {
    let compared = 0;
    await fc.assert(
      fc.asyncProperty(value, async (v) => {
        const json = JSON.stringify(v);
        const mine = jsonbText(JSON.parse(json));
        if (mine === null) {
          expect(json).toMatch(/\d[eE][+-]?\d/);
          return;
        }
        compared++;
        expect(mine).toBe(await rendered(json));
      }),
      { numRuns: 400 },
    );
    expect(compared).toBeGreaterThan(200);
  }, 120_000);

  it('orders keys by UTF-8 length, then bytewise, and writes numbers as given', async () => {
    const v = { bb: 1, a: [0.1, -0, 1e20, 'é'], é: true, B: null, ab: { z: {}, y: [] } };
    expect(jsonbText(v)).toBe(await rendered(JSON.stringify(v)));
    expect(jsonbText(v)).toBe(
      '{"B": null, "a": [0.1, 0, 100000000000000000000, "é"], "ab": {"y": [], "z": {}}, "bb": 1, "é": true}',
    );
    expect(jsonbText({ n: 1e21 })).toBeNull();
  });

  it('lays out objects of one shape alike, and objects whose keys join alike each by their own keys', () => {
    expect(jsonbText({ zz: 1, a: 2 })).toBe('{"a": 2, "zz": 1}');
    expect(jsonbText({ zz: 3, a: 4 })).toBe('{"a": 4, "zz": 3}');
    expect(jsonbText({ a: 5, zz: 6 })).toBe('{"a": 5, "zz": 6}');
    // Keys joined with the separator used to find a layout: the same joined text, other keys.
    expect(jsonbText({ 'b\u0000': 1, a: 2 })).toBe('{"a": 2, "b\\u0000": 1}');
    expect(jsonbText({ b: 1, '\u0000a': 2 })).toBe('{"b": 1, "\\u0000a": 2}');
  });

  it('renders a value JSON carries unchanged as it renders the value back from JSON, and refuses any other', () => {
    fc.assert(
      fc.property(
        fc.anything({
          withBoxedValues: true,
          withMap: true,
          withSet: true,
          withDate: true,
          withSparseArray: true,
          withNullPrototype: true,
          withObjectString: true,
        }),
        (v) => {
          const mine = jsonbText(v);
          if (mine !== null) expect(mine).toBe(jsonbText(JSON.parse(JSON.stringify(v))));
        },
      ),
      { numRuns: 2000 },
    );
    for (const refused of [
      undefined,
      Number.NaN,
      Infinity,
      new Date(0),
      new Array(3),
      { a: undefined },
      { toJSON: () => 1 },
      new Map(),
      () => 1,
    ])
      expect(jsonbText(refused)).toBeNull();
    expect(jsonbText(Object.assign(Object.create(null), { b: 1, a: [true] }))).toBe('{"a": [true], "b": 1}');
  });
});
