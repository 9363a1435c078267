/**
 * Which errors mean "the database is unreachable right now" (answered 503 SERVICE_UNAVAILABLE, see
 * docs/operations.md, "Database outage") rather than a defect (500). Drizzle wraps driver errors in
 * DrizzleQueryError, so the whole `cause` chain is checked.
 */

/** SQLSTATEs of a lost, refused or timed-out connection. */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, pg_ctl stop -m fast
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '57014', // query_canceled: statement_timeout
  '53300', // too_many_connections
  '55000', // the database is not accepting connections (ALLOW_CONNECTIONS false)
  '3D000', // the database does not exist (dropped or not yet restored)
  '25P03', // idle_in_transaction_session_timeout
]);

/** Node socket errors on the way to the database. */
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** Messages of node-postgres and pg-pool errors that carry no code. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
  'connection timeout',
];

export function isDatabaseUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08') || UNAVAILABLE_ERRNOS.has(code))
        return true;
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * An error the database answered (a SQLSTATE with its severity: pg's and PGlite's DatabaseError),
 * directly or as the cause of Drizzle's query error.
 */
export function isDatabaseError(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, severity } = e as { code?: unknown; severity?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
