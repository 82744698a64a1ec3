/**
 * Where a value holds a key starting with `_` (`_id`, `_position`: the read store's and the projection engine's
 * bookkeeping), as paths like `verification._position` or `items[0]._id`; empty when none does. No answer of
 * the API carries such a field.
 */
export function internalKeys(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => internalKeys(item, `${path}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => {
    const at = path ? `${path}.${key}` : key;
    return key.startsWith('_') ? [at] : internalKeys(child, at);
  });
}
