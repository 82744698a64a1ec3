/**
 * A reservation on the stream that decides a limit spanning aggregates (docs/design.md §6): reserve there, do the work in
 * the other stream, mark it filled; give it back on failure. One left by a crash between the two holds for a
 * bounded time, after which the next reservation settles it against the other stream (filled if the work is
 * there, released if not). Shared by asset slots (`owner-assets-…`) and investor limits (`investor-limit-…`).
 */
export type Reservation = { filled: true } | { filled: false; expiresAt: string };

/**
 * How long an unfilled reservation holds. The work follows the reservation within the same request
 * (milliseconds); the hold only matters after a crash between the two, when it bounds how long the limit waits.
 */
export const RESERVATION_HOLD_MS = 2 * 60_000;

/** When a reservation made at `at` stops holding by itself. */
export const holdUntil = (at: string): string => new Date(Date.parse(at) + RESERVATION_HOLD_MS).toISOString();

/** Reservations past their hold and not yet filled: the handler checks whether their work exists. */
export function expiredReservations<K>(reservations: ReadonlyMap<K, Reservation>, at: string): K[] {
  return [...reservations].filter(([, r]) => !r.filled && r.expiresAt <= at).map(([key]) => key);
}
