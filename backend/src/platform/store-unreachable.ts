/** Node's network failures, and PostgreSQL's connection exceptions (class 08) and shutdowns (57P01–57P03). */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);
const UNREACHABLE_NAMES = new Set(['MongoNetworkError', 'MongoServerSelectionError', 'UnavailableError']);

/**
 * A store this replica cannot reach right now (a connection refused, cut or ended by the server, a failover): the
 * request did nothing and may be sent again, so 503 with Retry-After, not a 500 that reads as a bug. pg's own
 * texts for a connection it lost carry no code.
 */
export function storeUnreachable(error: unknown): boolean {
  // Read by shape, not `instanceof Error`: a driver's errors may come from another realm (Node's own, under a VM).
  if (typeof error !== 'object' || error === null) return false;
  const { code, name, message } = error as { code?: unknown; name?: unknown; message?: unknown };
  return (
    (typeof code === 'string' && (NETWORK_CODES.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code))) ||
    (typeof name === 'string' && UNREACHABLE_NAMES.has(name)) ||
    (typeof message === 'string' && /^Connection terminated|timeout exceeded when trying to connect/.test(message))
  );
}
