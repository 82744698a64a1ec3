/**
 * A test's wait for something the app does in the background (a chain settlement, a read model, health): `read`
 * every `everyMs` until `done` says so, answering what it read, or failing after `ms` with what it read last.
 *
 *   const until = untilWithin(90_000);
 *   const settled = await until('the transfer settled', () => seller.get(url), (r) => r.body.status === 'settled');
 */
export function untilWithin(ms: number, everyMs = 100) {
  return async <T>(what: string, read: () => Promise<T>, done: (value: T) => boolean): Promise<T> => {
    const end = Date.now() + ms;
    for (;;) {
      const value = await read();
      if (done(value)) return value;
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
      await new Promise((r) => setTimeout(r, everyMs));
    }
  };
}
