/**
 * A key from outside (an id, an e-mail, a name, a value in an event) never indexes a plain object directly:
 * `constructor`, `__proto__` and `toString` are found on every `{}`. Use a Map where the data is in memory;
 * where it must stay a plain object (a read-model document stored as JSON), read it through `own`.
 */
export function own<V>(record: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
