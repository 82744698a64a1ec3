import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import type { Decider, DomainEvent } from '../platform/decider.js';
import { DomainError } from '../platform/errors.js';
import { eventMisfit } from '../platform/event-schema.js';

/**
 * Property tests for deciders: random sequences of commands — with ids such as `constructor` and `__proto__`,
 * reused ids, NaN, the infinities, -1, 1.5, 1e308 and huge strings — are decided and the accepted events
 * folded, and after every step:
 *   - a refusal is a DomainError (a 4xx, or 502 for a payment provider's answer), never a TypeError;
 *   - every event fits its schema, as stored (after a JSON round trip) too, and folding the stored form gives
 *     the same state;
 *   - every number in the state and the events is finite and not negative, and the whole ones are safe integers;
 *   - the decider's own invariant holds (e.g. an offering never sells more tokens than it has).
 */

/** Names every plain object answers to; a decider must treat them as ordinary ids. */
export const PROTOTYPE_NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'] as const;
export const REUSED_IDS = ['2c9c3c1e-6f8e-4a43-9a55-0f4a3f1e9b01', '7d1a6c52-3b1f-4c7e-8d2a-5e6f7a8b9c02'] as const;

/** An id as a request might name it: a prototype name, one of two ids used again and again, or a fresh UUID. */
export const anyId = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...PROTOTYPE_NAMES) },
  { weight: 3, arbitrary: fc.constantFrom(...REUSED_IDS) },
  { weight: 1, arbitrary: fc.uuid({ version: 4 }) },
);

export const ODD_NUMBERS = [
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  -1,
  -0,
  0,
  1.5,
  1e308,
  2 ** 53 + 2,
];

/** Mostly `usual` (six times in seven), sometimes `odd`. */
export const often = <T>(usual: fc.Arbitrary<T>, odd: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 6, arbitrary: usual }, { weight: 1, arbitrary: odd });

/** Mostly one of `values` (a union's members), sometimes a prototype name posing as one. */
export const choiceOf = <T extends string>(values: readonly T[]): fc.Arbitrary<T> =>
  often(fc.constantFrom(...values), fc.constantFrom(...PROTOTYPE_NAMES) as fc.Arbitrary<string> as fc.Arbitrary<T>);

/** Mostly `usual`, sometimes a number no form should let through. */
export const someNumber = (usual: fc.Arbitrary<number>) => often(usual, fc.constantFrom(...ODD_NUMBERS));

export const HUGE = 'x'.repeat(100_000);

/** Mostly `usual`, sometimes empty, blank, huge, a prototype name or any short text. */
export const someText = (usual: fc.Arbitrary<string>) =>
  fc.oneof(
    { weight: 10, arbitrary: usual },
    { weight: 1, arbitrary: fc.constantFrom('', '   ', HUGE, ...PROTOTYPE_NAMES) },
    { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
  );

/** Instants in ISO-8601, in order, for the times commands carry. */
export const TIMES = [
  '2026-11-22T09:00:00.000Z',
  '2026-11-23T09:00:00.000Z',
  '2027-06-01T00:00:00.000Z',
  '2029-01-01T00:00:00.000Z',
];
export const anyTime = fc.constantFrom(...TIMES);

/**
 * A run's commands: the `opening` (if given: an aggregate's usual first steps, mostly well-formed, which the
 * rest needs to get anywhere), then `max / 2` to `max` of `next`.
 */
export function commandsOf<C>(
  next: fc.Arbitrary<C>,
  { opening = [], max = 20 }: { opening?: fc.Arbitrary<C>[]; max?: number } = {},
): fc.Arbitrary<C[]> {
  const rest = fc.array(next, { minLength: Math.floor(max / 2), maxLength: max });
  return fc.tuple(fc.tuple(...opening), rest).map(([head, tail]): C[] => [...head, ...tail]);
}

export interface DeciderProperty<C, E extends DomainEvent, S> {
  commands: fc.Arbitrary<C[]>;
  /** Numbers of the state that must be whole. */
  wholeNumbers?(state: S): number[];
  /** Holds after every step; `history` is every event accepted so far. */
  invariant?(state: S, history: readonly E[]): void;
  runs?: number;
}

/** Every number reachable in a value (through objects, arrays, Maps and Sets). */
function numbersIn(value: unknown, found: number[] = []): number[] {
  if (typeof value === 'number') found.push(value);
  else if (value instanceof Map) for (const [k, v] of value) numbersIn(v, numbersIn(k, found));
  else if (value instanceof Set || Array.isArray(value)) for (const v of value) numbersIn(v, found);
  else if (typeof value === 'object' && value !== null) for (const v of Object.values(value)) numbersIn(v, found);
  return found;
}

const sane = (n: number) => Number.isFinite(n) && n >= 0;

/** A value as JSON would keep it (-0 is 0), with Maps and Sets as arrays: to compare folded states. */
function comparable(value: unknown): unknown {
  if (typeof value === 'number') return value === 0 ? 0 : value;
  if (value instanceof Map) return [...value].map(([k, v]) => [comparable(k), comparable(v)]);
  if (value instanceof Set || Array.isArray(value)) return [...value].map(comparable);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, comparable(v)]));
  }
  return value;
}

/** Plain checks on the hot path (jest's expect costs more than the deciding); fast-check reports the commands. */
function fail(what: string, command: unknown): never {
  const short = (_: string, v: unknown) => (typeof v === 'string' && v.length > 80 ? `${v.slice(0, 20)}…` : v);
  throw new Error(`${what}, after ${JSON.stringify(command, short)}`);
}

export function checkDecider<C, E extends DomainEvent, S>(
  decider: Decider<C, E, S>,
  property: DeciderProperty<C, E, S>,
): void {
  const { wholeNumbers, invariant, runs = 300 } = property;
  const schemas = decider.eventSchemas;
  fc.assert(
    fc.property(property.commands, (commands) => {
      let state = decider.initialState;
      let replayed = decider.initialState;
      const history: E[] = [];
      for (const c of commands) {
        let events: E[];
        try {
          events = decider.decide(c, state);
        } catch (error) {
          if (error instanceof DomainError) continue;
          throw error;
        }
        for (const event of events) {
          const stored = JSON.parse(JSON.stringify(event)) as E;
          const misfit = eventMisfit(schemas, event) ?? eventMisfit(schemas, stored);
          if (misfit) fail(`decided an event that does not fit its schema: ${misfit}`, c);
          if (numbersIn(event.data).some((n) => !sane(n))) fail(`decided ${event.type} with a bad number`, c);
          state = decider.evolve(state, event);
          replayed = decider.evolve(replayed, stored);
          history.push(event);
        }
        if (!isDeepStrictEqual(comparable(replayed), comparable(state))) fail('folds stored events otherwise', c);
        if (numbersIn(state).some((n) => !sane(n))) fail('holds a number below 0 or not finite', c);
        if (wholeNumbers?.(state).some((n) => !Number.isSafeInteger(n))) fail('holds a count that is not whole', c);
        invariant?.(state, history);
      }
    }),
    { numRuns: runs },
  );
}
