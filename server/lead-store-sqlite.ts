import { mkdirSync } from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import {
  deliveryFromRow,
  isRetryOf,
  LEAD_COLUMNS,
  leadFromRow,
  leadValues,
  requestFingerprint,
  type ClaimedDelivery,
  type InsertResult,
  type LeadStore,
  type NewLead,
} from './lead-store.ts'

/** Schema migrations, applied in order on start; PRAGMA user_version records how far a file is. */
export const MIGRATIONS = [
  `CREATE TABLE leads (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
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
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     lead_id INTEGER NOT NULL REFERENCES leads (id),
     channel TEXT NOT NULL,
     status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'dead')),
     attempts INTEGER NOT NULL DEFAULT 0,
     next_attempt_at INTEGER NOT NULL,
     give_up_at INTEGER NOT NULL,
     lease_until INTEGER,
     last_error TEXT,
     delivered_at INTEGER,
     UNIQUE (lead_id, channel)
   );
   CREATE INDEX deliveries_due ON deliveries (next_attempt_at) WHERE status = 'pending'`,
  // What was submitted under a request_id, so the same key with another lead is told apart from a retry.
  `ALTER TABLE leads ADD COLUMN request_fingerprint TEXT`,
]

/** The SQLite lead store: one file, one server process (WAL, a commit is on disk before the answer). */
export function openSqliteLeadStore(file: string): LeadStore {
  mkdirSync(path.dirname(file), { recursive: true })
  const db = new Database(file)
  db.pragma('journal_mode = WAL')
  // FULL: a commit is on disk before the API answers, so an acknowledged lead survives a power cut.
  db.pragma('synchronous = FULL')
  db.pragma('busy_timeout = 5000')
  db.pragma('foreign_keys = ON')
  const version = db.pragma('user_version', { simple: true }) as number
  db.transaction(() => {
    for (let v = version; v < MIGRATIONS.length; v++) db.exec(MIGRATIONS[v])
    db.pragma(`user_version = ${MIGRATIONS.length}`)
  })()

  const columns = [...LEAD_COLUMNS, 'request_fingerprint']
  const insertLead = db.prepare(
    `INSERT INTO leads (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')}) ON CONFLICT (request_id) DO NOTHING`,
  )
  const insertDelivery = db.prepare('INSERT INTO deliveries (lead_id, channel, next_attempt_at, give_up_at) VALUES (?, ?, ?, ?)')
  const byRequestId = db.prepare('SELECT * FROM leads WHERE request_id = ?')
  const allLeads = db.prepare('SELECT * FROM leads ORDER BY id')
  const countLeads = db.prepare('SELECT count(*) FROM leads').pluck()
  const dueIds = db
    .prepare(
      `SELECT id FROM deliveries WHERE status = 'pending' AND next_attempt_at <= ? AND (lease_until IS NULL OR lease_until <= ?)
       ORDER BY next_attempt_at LIMIT ?`,
    )
    .pluck()
  const lease = db.prepare('UPDATE deliveries SET lease_until = ? WHERE id = ? RETURNING *')
  const leadById = db.prepare('SELECT * FROM leads WHERE id = ?')
  const delivered = db.prepare(
    `UPDATE deliveries SET status = 'delivered', attempts = attempts + 1, delivered_at = ?, lease_until = NULL, last_error = NULL WHERE id = ?`,
  )
  const failed = db.prepare(
    `UPDATE deliveries SET status = ?, attempts = attempts + 1, next_attempt_at = coalesce(?, next_attempt_at), lease_until = NULL, last_error = ? WHERE id = ?`,
  )

  type Pending = {
    lead: NewLead
    outbox: Parameters<LeadStore['insert']>[1]
    resolve: (r: InsertResult) => void
    reject: (e: unknown) => void
  }
  const insertOne = ({ lead, outbox }: Pending): InsertResult => {
    const fingerprint = lead.requestId === null ? null : requestFingerprint(lead)
    const result = insertLead.run(...leadValues(lead), fingerprint)
    if (result.changes !== 1) {
      const row = byRequestId.get(lead.requestId) as Record<string, unknown>
      return isRetryOf(row, lead) ? { id: Number(row.id), duplicate: true } : { conflict: true }
    }
    const id = Number(result.lastInsertRowid)
    const now = Date.now()
    for (const channel of outbox.channels) insertDelivery.run(id, channel, now, outbox.giveUpAt)
    return { id, duplicate: false }
  }
  const insertMany = db.transaction((batch: Pending[]) => batch.map(insertOne))
  // Leads arriving in one turn of the event loop share one transaction, so one fsync.
  let queue: Pending[] = []
  const flush = () => {
    const batch = queue
    queue = []
    try {
      const results = insertMany(batch)
      batch.forEach((p, i) => p.resolve(results[i]))
    } catch (error) {
      for (const p of batch) p.reject(error)
    }
  }
  const claim = db.transaction((now: number, limit: number, leaseUntil: number): ClaimedDelivery[] =>
    (dueIds.all(now, now, limit) as number[]).map((id) => {
      const delivery = deliveryFromRow(lease.get(leaseUntil, id) as Record<string, unknown>)
      return { ...delivery, lead: leadFromRow(leadById.get(delivery.leadId) as Record<string, unknown>) }
    }),
  )

  return {
    insert(lead, outbox) {
      return new Promise((resolve, reject) => {
        if (queue.push({ lead, outbox, resolve, reject }) === 1) setImmediate(flush)
      })
    },
    all: async () => (allLeads.all() as Record<string, unknown>[]).map(leadFromRow),
    count: async () => countLeads.get() as number,
    claimDue: async (now, limit, leaseUntil) => claim(now, limit, leaseUntil),
    async markDelivered(id, now) {
      delivered.run(now, id)
    },
    async markFailed(id, error, nextAttemptAt) {
      failed.run(nextAttemptAt === null ? 'dead' : 'pending', nextAttemptAt, error, id)
    },
    async deliveries(filter) {
      const where = filter === 'open' ? "WHERE status != 'delivered'" : ''
      return (db.prepare(`SELECT * FROM deliveries ${where} ORDER BY id`).all() as Record<string, unknown>[]).map(deliveryFromRow)
    },
    async requeue(target, now, giveUpAt) {
      const set = `UPDATE deliveries SET status = 'pending', next_attempt_at = ?, give_up_at = ?, lease_until = NULL, delivered_at = NULL`
      if ('dead' in target) return db.prepare(`${set} WHERE status = 'dead'`).run(now, giveUpAt).changes
      const requeueOne = db.prepare(`${set} WHERE id = ?`)
      return db.transaction(() => target.ids.reduce((n, id) => n + requeueOne.run(now, giveUpAt, id).changes, 0))()
    },
    async close() {
      db.close()
    },
  }
}
