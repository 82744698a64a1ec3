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
});
