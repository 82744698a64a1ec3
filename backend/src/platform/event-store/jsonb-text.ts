/**
 * The text PostgreSQL renders for a jsonb value (`value::text`), worked out in JavaScript so that an append can
 * hash what the database will store without asking it first. jsonb keeps one copy of each key, sorts an object's
 * keys by their length in UTF-8 bytes and then bytewise, writes `": "` after a key and `", "` between members,
 * escapes strings exactly as JSON.stringify does (", \, \b \f \n \r \t, other control characters as \u00xx) and
 * keeps a number's digits as given (numeric) — except that it writes an exponent out in full, which this does
 * not attempt: `null` is returned for a value holding a number JSON.stringify writes with one (1e21, 1e-7), and
 * the caller lets the database render it. `value` is what JSON.parse gives, or a value that JSON would carry
 * unchanged: anything else (undefined, a function, a non-finite number, a toJSON method, an object that is not
 * plain, a hole in an array) also gives `null`, so that the caller can take it through JSON first.
 */
export function jsonbText(value: unknown): string | null {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return JSON.stringify(value);
    case 'number': {
      if (!Number.isFinite(value)) return null;
      const text = JSON.stringify(value);
      return /[eE]/.test(text) ? null : text;
    }
    case 'object': {
      if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return null;
      if (Array.isArray(value)) {
        let out = '[';
        for (let i = 0; i < value.length; i++) {
          const text = jsonbText(value[i]);
          if (text === null) return null;
          out += i === 0 ? text : `, ${text}`;
        }
        return `${out}]`;
      }
      const prototype: unknown = Object.getPrototypeOf(value);
      if (prototype !== Object.prototype && prototype !== null) return null;
      const keys = Object.keys(value);
      if (keys.length === 0) return '{}';
      const { sorted, prefixes } = layoutOf(keys);
      let out = '';
      for (let i = 0; i < sorted.length; i++) {
        const text = jsonbText((value as Record<string, unknown>)[sorted[i]!]);
        if (text === null) return null;
        out += prefixes[i] + text;
      }
      return `${out}}`;
    }
    default:
      return null;
  }
}

/** An object's keys in jsonb's order, each with what goes before its value (`{"key": ` or `, "key": `). */
interface Layout {
  keys: readonly string[];
  sorted: readonly string[];
  prefixes: readonly string[];
}

/**
 * Layouts by the keys as Object.keys gives them: events of one type repeat a few shapes, so sorting and escaping
 * their keys once is enough. Bounded: emptied when full.
 */
const layouts = new Map<string, Layout>();
const MAX_LAYOUTS = 1000;

function layoutOf(keys: readonly string[]): Layout {
  const id = keys.join('\u0000');
  const known = layouts.get(id);
  // The same keys, not merely the same joined text (a key may hold the separator).
  if (known && known.keys.length === keys.length && known.keys.every((k, i) => k === keys[i])) return known;
  const sorted = [...keys].sort(byJsonbKeyOrder);
  const layout = { keys, sorted, prefixes: sorted.map((k, i) => `${i === 0 ? '{' : ', '}${JSON.stringify(k)}: `) };
  if (layouts.size >= MAX_LAYOUTS) layouts.clear();
  layouts.set(id, layout);
  return layout;
}

/** jsonb's key order: shorter first (in UTF-8 bytes), then bytewise. */
function byJsonbKeyOrder(a: string, b: string): number {
  if (isAscii(a) && isAscii(b)) return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length - y.length || Buffer.compare(x, y);
}

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}
