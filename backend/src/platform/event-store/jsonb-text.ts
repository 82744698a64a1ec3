/**
 * The text PostgreSQL renders for a jsonb value (`value::text`), worked out in JavaScript so that an append can
 * hash what the database will store without asking it first. jsonb keeps one copy of each key, sorts an object's
 * keys by their length in UTF-8 bytes and then bytewise, writes `": "` after a key and `", "` between members,
 * escapes strings exactly as JSON.stringify does (", \, \b \f \n \r \t, other control characters as \u00xx) and
 * keeps a number's digits as given (numeric) — except that it writes an exponent out in full, which this does
 * not attempt: `null` is returned for a value holding a number JSON.stringify writes with one (1e21, 1e-7), and
 * the caller lets the database render it. `value` is what JSON.parse gives (no undefined, no toJSON).
 */
export function jsonbText(value: unknown): string | null {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return JSON.stringify(value);
    case 'number': {
      const text = JSON.stringify(value);
      return /[eE]/.test(text) ? null : text;
    }
    case 'object': {
      if (Array.isArray(value)) {
        const items: string[] = [];
        for (const item of value) {
          const text = jsonbText(item);
          if (text === null) return null;
          items.push(text);
        }
        return `[${items.join(', ')}]`;
      }
      const members: string[] = [];
      for (const key of Object.keys(value).sort(byJsonbKeyOrder)) {
        const text = jsonbText((value as Record<string, unknown>)[key]);
        if (text === null) return null;
        members.push(`${JSON.stringify(key)}: ${text}`);
      }
      return `{${members.join(', ')}}`;
    }
    default:
      return null;
  }
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
