/**
 * Which PostgreSQL failures mean "the database cannot do this right now" (the request was fine and may
 * succeed in a moment) rather than a bug or a constraint. Those become an `unavailable` DatabaseError, which
 * the API answers with 503. See server/db/README.md.
 */

/** SQLSTATE codes and classes of a server that is going away, overloaded or holding a lock too long. */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, a fast shutdown, a failover
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '57014', // query_canceled: statement_timeout
  '40001', // serialization_failure
  '40P01', // deadlock_detected
  '55P03', // lock_not_available
]);
/** 08: connection exception; 53: insufficient resources (disk full, out of memory, too many connections). */
const UNAVAILABLE_CLASSES = ['08', '53'];

/** The socket's own failures. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** What node-postgres throws for a connection it lost or never had (it sets no code on these). */
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /is not queryable/,
  /timeout exceeded when trying to connect/i,
  /Cannot use a pool after calling end/,
  /^Query read timeout/,
];

export function isPostgresUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (UNAVAILABLE_SQLSTATES.has(code) || SOCKET_CODES.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code) && UNAVAILABLE_CLASSES.includes(code.slice(0, 2))) return true;
  }
  return DRIVER_MESSAGES.some((pattern) => pattern.test(error.message));
}
