import {
  CHARACTERS_NOT_ALLOWED,
  disallowedField,
  isAllowedText,
  jsonDepth,
  MAX_JSON_DEPTH,
  NAME_NOT_ALLOWED,
} from './input-limits.js';

describe('input limits', () => {
  it('measures JSON nesting in one pass, ignoring brackets inside strings', () => {
    expect(jsonDepth(Buffer.from('{"a":[1,{"b":[]}]}'))).toBe(4);
    expect(jsonDepth(Buffer.from('{"a":"[[[[{{{{\\"]]]"}'))).toBe(1);
    expect(jsonDepth(Buffer.from('"plain"'))).toBe(0);
    const deep = Buffer.from('['.repeat(100_000) + ']'.repeat(100_000));
    expect(jsonDepth(deep, MAX_JSON_DEPTH)).toBe(MAX_JSON_DEPTH + 1);
  });

  it('allows any well-formed text without NUL, including emoji (surrogate pairs)', () => {
    expect(isAllowedText('Kia ora 🌿 Ōtautahi')).toBe(true);
    expect(isAllowedText('a\u0000b')).toBe(false);
    expect(isAllowedText('\ud800')).toBe(false);
    expect(isAllowedText('x\udc00y')).toBe(false);
    expect(isAllowedText('\udc00\ud800')).toBe(false);
  });

  it('names the field (as validation errors do) of the first refused key or string', () => {
    const characters = (field: string) => ({ field, message: CHARACTERS_NOT_ALLOWED });
    const list = [{ name: 'ok' }, { name: 'bad\u0000' }];
    expect(disallowedField({ a: 'ok', list })).toEqual(characters('list.1.name'));
    // biome-ignore lint/complexity/useLiteralKeys: a key with a lone surrogate, written as the escape it is.
    expect(disallowedField({ nested: { ['k\ud800']: 1 } })).toEqual(characters('nested.k\uFFFD'));
    expect(disallowedField({ a: ['fine', 1, null, true] })).toBeNull();
    expect(disallowedField('top\u0000')).toEqual(characters(''));
    expect(disallowedField(undefined)).toBeNull();
  });

  it('refuses keys that reach a prototype: __proto__, constructor, prototype', () => {
    const name = (field: string) => ({ field, message: NAME_NOT_ALLOWED });
    expect(disallowedField(JSON.parse('{"a":{"__proto__":{"admin":true}}}'))).toEqual(name('a.__proto__'));
    expect(disallowedField({ list: [{ constructor: { prototype: 1 } }] })).toEqual(name('list.0.constructor'));
    expect(disallowedField({ name: 'constructor', id: '__proto__' })).toBeNull(); // as values they are only text
  });
});
