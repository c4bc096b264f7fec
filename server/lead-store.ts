import { mkdirSync } from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'

/** A lead as stored: the form's fields, what the page added, and what the server saw. */
export interface NewLead {
  name: string
  email: string
  contact: string
  url: string
  message: string
  query: string
  ipAddress: string
  location: { city?: string; region?: string; country?: string } | null
  /** Address the request came from, as the server saw it (behind TRUST_PROXY, the client's). */
  remoteAddress: string
  /** A client's retry key: the same key stores the lead once. */
  requestId: string | null
}

export interface StoredLead extends NewLead {
  id: number
  createdAt: string
}

/** Schema migrations, applied in order on start; PRAGMA user_version records how far a file is. */
const MIGRATIONS = [
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
]

export interface LeadStore {
  /**
   * Stores a lead durably (synchronous=FULL); a repeated requestId gives the first lead's id. Leads
   * arriving in one turn of the event loop are committed in one transaction (one fsync), and each
   * promise settles only after that commit is on disk.
   */
  insert(lead: NewLead): Promise<{ id: number; duplicate: boolean }>
  all(): StoredLead[]
  count(): number
  close(): void
}

export function openLeadStore(file: string): LeadStore {
  mkdirSync(path.dirname(file), { recursive: true })
  const db = new Database(file)
  db.pragma('journal_mode = WAL')
  // FULL: a commit is on disk before the API answers, so an acknowledged lead survives a power cut.
  db.pragma('synchronous = FULL')
  db.pragma('busy_timeout = 5000')
  const version = db.pragma('user_version', { simple: true }) as number
  db.transaction(() => {
    for (let v = version; v < MIGRATIONS.length; v++) db.exec(MIGRATIONS[v])
    db.pragma(`user_version = ${MIGRATIONS.length}`)
  })()

  const insert = db.prepare(
    `INSERT INTO leads (name, email, contact, url, message, query, ip_address, city, region, country, remote_address, request_id)
     VALUES (@name, @email, @contact, @url, @message, @query, @ipAddress, @city, @region, @country, @remoteAddress, @requestId)
     ON CONFLICT (request_id) DO NOTHING`,
  )
  const byRequestId = db.prepare('SELECT id FROM leads WHERE request_id = ?').pluck()
  const all = db.prepare('SELECT * FROM leads ORDER BY id')
  const count = db.prepare('SELECT count(*) FROM leads').pluck()

  const insertOne = (lead: NewLead) => {
    const result = insert.run({
      ...lead,
      city: lead.location?.city ?? null,
      region: lead.location?.region ?? null,
      country: lead.location?.country ?? null,
    })
    if (result.changes === 1) return { id: Number(result.lastInsertRowid), duplicate: false }
    return { id: byRequestId.get(lead.requestId) as number, duplicate: true }
  }
  const insertMany = db.transaction((leads: NewLead[]) => leads.map(insertOne))
  type Pending = { lead: NewLead; resolve: (r: { id: number; duplicate: boolean }) => void; reject: (e: unknown) => void }
  let queue: Pending[] = []
  const flush = () => {
    const batch = queue
    queue = []
    try {
      const results = insertMany(batch.map((p) => p.lead))
      batch.forEach((p, i) => p.resolve(results[i]))
    } catch (error) {
      for (const p of batch) p.reject(error)
    }
  }

  return {
    insert(lead) {
      return new Promise((resolve, reject) => {
        if (queue.push({ lead, resolve, reject }) === 1) setImmediate(flush)
      })
    },
    all() {
      return (all.all() as Record<string, unknown>[]).map((row) => ({
        id: row.id as number,
        createdAt: row.created_at as string,
        name: row.name as string,
        email: row.email as string,
        contact: row.contact as string,
        url: row.url as string,
        message: row.message as string,
        query: row.query as string,
        ipAddress: row.ip_address as string,
        location: row.city || row.region || row.country ? { city: (row.city as string) ?? undefined, region: (row.region as string) ?? undefined, country: (row.country as string) ?? undefined } : null,
        remoteAddress: row.remote_address as string,
        requestId: (row.request_id as string) ?? null,
      }))
    },
    count: () => count.get() as number,
    close: () => db.close(),
  }
}
