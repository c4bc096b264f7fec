/** SQLSTATEs of a database that is down, restarting, failing over or full of connections: worth a retry soon. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300'])
/** Socket errors of a database that cannot be reached. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])
/** node-postgres gives these no code: a lost connection, and its connect and query time-outs. */
const UNAVAILABLE_MESSAGES = new Set([
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  'timeout expired',
  'Query read timeout',
  'Client has encountered a connection error and is not queryable',
])

/** Whether an error means the database is unavailable for now, not a fault retrying cannot mend: what the API answers 503. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string') {
    if (UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true
    if (UNAVAILABLE_SOCKET_CODES.has(code) || code.startsWith('SQLITE_BUSY')) return true
  }
  if (UNAVAILABLE_MESSAGES.has(error.message)) return true
  // A host name with several addresses fails with every one of them.
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnavailable)
  return isDatabaseUnavailable(error.cause)
}

/** Whether a failed first connection may succeed soon: unavailable, and not an unknown host (a typo stays one). */
export function mayBecomeAvailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code
  return isDatabaseUnavailable(error) && code !== 'ENOTFOUND' && code !== 'EAI_FAIL'
}
