import pg from 'pg'
import {
  deliveryFromRow,
  isDatabaseUnavailable,
  isRetryOf,
  LEAD_COLUMNS,
  leadFromRow,
  leadValues,
  requestFingerprint,
  type LeadStore,
} from './lead-store.ts'

/**
 * Schema migrations, applied in order under an advisory lock, so several servers starting at once
 * migrate once. schema_migrations records how far a database is.
 */
export const MIGRATIONS = [
  `CREATE TABLE leads (
     id BIGSERIAL PRIMARY KEY,
     created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
     name TEXT NOT NULL,
     email TEXT NOT NULL,
     contact TEXT NOT NULL,
     url TEXT NOT NULL DEFAULT '',
     message TEXT NOT NULL,
     query TEXT NOT NULL DEFAULT '',
     ip_address TEXT NOT NULL DEFAULT '',
     city TEXT,
     region TEXT,
     country TEXT,
     remote_address TEXT NOT NULL DEFAULT '',
     request_id TEXT UNIQUE
   )`,
  `CREATE TABLE deliveries (
     id BIGSERIAL PRIMARY KEY,
     lead_id BIGINT NOT NULL REFERENCES leads (id),
     channel TEXT NOT NULL,
     status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'dead')),
     attempts INTEGER NOT NULL DEFAULT 0,
     next_attempt_at BIGINT NOT NULL,
     give_up_at BIGINT NOT NULL,
     lease_until BIGINT,
     last_error TEXT,
     delivered_at BIGINT,
     UNIQUE (lead_id, channel)
   );
   CREATE INDEX deliveries_due ON deliveries (next_attempt_at) WHERE status = 'pending';
   CREATE UNLOGGED TABLE rate_limits (key TEXT PRIMARY KEY, window_start BIGINT NOT NULL, count INTEGER NOT NULL)`,
  // What was submitted under a request_id, so the same key with another lead is told apart from a retry.
  `ALTER TABLE leads ADD COLUMN request_fingerprint TEXT`,
]
const MIGRATION_LOCK = 7_240_113

// BIGINT columns (ids, epoch milliseconds) fit a JS number; read them as numbers, not strings.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value))

/**
 * How long a request waits for a connection: a healthy server on the same network accepts one in
 * milliseconds, so waiting longer only keeps a visitor hanging while the database is down or the
 * pool is exhausted; well inside the 10 s request time-out, the visitor gets a 503 to retry.
 */
const CONNECT_TIMEOUT_MS = 3000
/**
 * How long one statement of a request or of the delivery worker may take: every such statement
 * takes milliseconds, so a longer one means a connection that went silent (a network partition,
 * a frozen server), which TCP alone would take many minutes to notice.
 */
const STATEMENT_TIMEOUT_MS = 5000

/** A statement with its time limit (node-postgres reads query_timeout per query too; its types omit it). */
const timed = (text: string, values?: unknown[]): pg.QueryConfig & { query_timeout: number } => ({
  text,
  values,
  query_timeout: STATEMENT_TIMEOUT_MS,
})

/** The PostgreSQL lead store: several server instances may share one database. */
export async function openPostgresLeadStore(connectionString: string): Promise<LeadStore> {
  const pool = new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS })
  // An idle client that loses its server is dropped and replaced; it must not crash the process.
  pool.on('error', () => undefined)

  /**
   * A client of the pool for one transaction. A client whose connection breaks while checked out
   * emits 'error', which kills the process unless someone listens; so it is listened to from the
   * moment it leaves the pool until it is back, and released with the error that broke it, so the
   * pool discards it instead of handing the broken connection to the next request.
   */
  const checkOut = () =>
    new Promise<{ client: pg.PoolClient; lost: () => Error | undefined; release: (error?: Error) => void }>((resolve, reject) => {
      pool.connect((error, client) => {
        if (error || !client) return reject(error)
        let lost: Error | undefined
        const onError = (e: Error) => (lost ??= e)
        client.on('error', onError)
        resolve({
          client,
          lost: () => lost,
          release(broken) {
            client.release(broken ?? lost)
            client.off('error', onError)
          },
        })
      })
    })

  const transaction = async <T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
    const { client, lost, release } = await checkOut()
    let broken: Error | undefined
    try {
      await client.query(timed('BEGIN'))
      const result = await work(client)
      await client.query(timed('COMMIT'))
      return result
    } catch (error) {
      broken = lost() ?? (isDatabaseUnavailable(error) ? (error as Error) : undefined)
      // A broken connection ends its transaction on the server; a sound one is rolled back for reuse.
      if (!broken) await client.query(timed('ROLLBACK')).catch((e: Error) => (broken = e))
      throw isDatabaseUnavailable(error) ? error : (lost() ?? error)
    } finally {
      release(broken)
    }
  }

  await transaction(async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
    await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY)')
    const { rows } = await client.query<{ version: number | null }>('SELECT max(version) AS version FROM schema_migrations')
    for (let v = rows[0].version ?? 0; v < MIGRATIONS.length; v++) {
      await client.query(MIGRATIONS[v])
      await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [v + 1])
    }
  })

  const columns = [...LEAD_COLUMNS, 'request_fingerprint']
  const insertLead = `INSERT INTO leads (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})
    ON CONFLICT (request_id) DO NOTHING RETURNING id`
  let lastPrune = 0

  return {
    insert: (lead, outbox) =>
      transaction(async (client) => {
        const fingerprint = lead.requestId === null ? null : requestFingerprint(lead)
        const inserted = await client.query<{ id: number }>(timed(insertLead, [...leadValues(lead), fingerprint]))
        if (inserted.rowCount === 0) {
          const existing = await client.query(timed('SELECT * FROM leads WHERE request_id = $1', [lead.requestId]))
          const [row] = existing.rows
          return isRetryOf(row, lead) ? { id: Number(row.id), duplicate: true } : { conflict: true as const }
        }
        const id = inserted.rows[0].id
        const now = Date.now()
        for (const channel of outbox.channels) {
          await client.query(
            timed('INSERT INTO deliveries (lead_id, channel, next_attempt_at, give_up_at) VALUES ($1, $2, $3, $4)', [
              id,
              channel,
              now,
              outbox.giveUpAt,
            ]),
          )
        }
        return { id, duplicate: false }
      }),
    all: async () => (await pool.query('SELECT * FROM leads ORDER BY id')).rows.map(leadFromRow),
    count: async () => Number((await pool.query(timed('SELECT count(*) AS n FROM leads'))).rows[0].n),
    async claimDue(now, limit, leaseUntil) {
      // SKIP LOCKED: two servers polling at once take different deliveries instead of waiting or doubling.
      const { rows } = await pool.query(
        timed(
          `WITH due AS (
           SELECT id FROM deliveries
           WHERE status = 'pending' AND next_attempt_at <= $1 AND (lease_until IS NULL OR lease_until <= $1)
           ORDER BY next_attempt_at LIMIT $2 FOR UPDATE SKIP LOCKED
         ), claimed AS (
           UPDATE deliveries d SET lease_until = $3 FROM due WHERE d.id = due.id RETURNING d.*
         )
         SELECT claimed.*, row_to_json(l) AS lead FROM claimed JOIN leads l ON l.id = claimed.lead_id ORDER BY claimed.id`,
          [now, limit, leaseUntil],
        ),
      )
      return rows.map((row) => ({ ...deliveryFromRow(row), lead: leadFromRow(row.lead) }))
    },
    async markDelivered(id, now) {
      await pool.query(
        timed(
          `UPDATE deliveries SET status = 'delivered', attempts = attempts + 1, delivered_at = $1, lease_until = NULL, last_error = NULL WHERE id = $2`,
          [now, id],
        ),
      )
    },
    async markFailed(id, error, nextAttemptAt) {
      await pool.query(
        timed(
          `UPDATE deliveries SET status = $1, attempts = attempts + 1, next_attempt_at = coalesce($2, next_attempt_at), lease_until = NULL, last_error = $3 WHERE id = $4`,
          [nextAttemptAt === null ? 'dead' : 'pending', nextAttemptAt, error, id],
        ),
      )
    },
    async deliveries(filter) {
      const where = filter === 'open' ? "WHERE status != 'delivered'" : ''
      return (await pool.query(`SELECT * FROM deliveries ${where} ORDER BY id`)).rows.map(deliveryFromRow)
    },
    async requeue(target, now, giveUpAt) {
      const set = `UPDATE deliveries SET status = 'pending', next_attempt_at = $1, give_up_at = $2, lease_until = NULL, delivered_at = NULL`
      const result =
        'dead' in target
          ? await pool.query(`${set} WHERE status = 'dead'`, [now, giveUpAt])
          : await pool.query(`${set} WHERE id = ANY($3::bigint[])`, [now, giveUpAt, target.ids])
      return result.rowCount ?? 0
    },
    async rateLimitCount(key, windowMs, now) {
      const { rows } = await pool.query<{ count: number; window_start: number }>(
        timed(
          `INSERT INTO rate_limits AS r (key, window_start, count) VALUES ($1, $2, 1)
           ON CONFLICT (key) DO UPDATE SET
             count = CASE WHEN r.window_start <= $2 - $3 THEN 1 ELSE r.count + 1 END,
             window_start = CASE WHEN r.window_start <= $2 - $3 THEN $2 ELSE r.window_start END
           RETURNING count, window_start`,
          [key, now, windowMs],
        ),
      )
      if (now - lastPrune > windowMs) {
        lastPrune = now
        await pool.query(timed('DELETE FROM rate_limits WHERE window_start <= $1', [now - windowMs]))
      }
      const { count, window_start } = rows[0]
      return { count: Number(count), resetAt: Number(window_start) + windowMs }
    },
    close: () => pool.end(),
  }
}
