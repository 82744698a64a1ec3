/**
 * A check job's round over many things (running plans, pending fundings): each one asked about in turn, one that
 * fails not stopping the others. Once all were tried, a failure fails the run, naming how many of how many (what
 * the job's status then shows), with the first error as its cause.
 */
export async function eachChecked<T>(
  items: readonly T[],
  what: string,
  check: (item: T) => Promise<void>,
): Promise<void> {
  let failed = 0;
  let first: unknown = null;
  for (const item of items) {
    try {
      await check(item);
    } catch (error) {
      failed++;
      first ??= error;
    }
  }
  if (failed > 0) throw new Error(`${failed} of ${items.length} ${what} could not be checked`, { cause: first });
}
