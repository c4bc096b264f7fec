import { createHash } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { createDatabase } from '../../tools/postgres-server.ts'
import { POSTGRES_MIGRATIONS, SQLITE_MIGRATIONS } from './__fixtures__/previous-migrations.ts'
import { openLeadStore, type LeadStore } from './lead-store.ts'

/** Leads as the previous release stored them: request names, its own fingerprint, one delivery in each state. */
const OLD_LEADS = [
  [
    'Dana',
    'dana@acme.com',
    '4155550142',
    'acme.com',
    'first',
    'Talk to Expert query',
    '203.0.113.7',
    'Austin',
    'Texas',
    'US',
    '127.0.0.1',
    'key-1',
  ],
  ['Lee', 'lee@acme.com', '4155550143', '', 'second', 'Footer form', '', null, null, null, '127.0.0.2', null],
] as const
/** The fingerprint as the previous release computed it, from the request's names in its order. */
const oldFingerprint = (l: (typeof OLD_LEADS)[number]) =>
  createHash('sha256')
    .update(JSON.stringify(l.slice(0, 6)))
    .digest('hex')
const COLUMNS =
  'name, email, contact, url, message, query, ip_address, city, region, country, remote_address, request_id, request_fingerprint'
const NOW = Date.now()
/** (lead, channel, status, attempts, next_attempt_at, give_up_at, last_error, delivered_at) */
const OLD_DELIVERIES = [
  [1, 'webhook', 'delivered', 1, NOW - 5000, NOW + 86_400_000, null, NOW - 4000],
  [1, 'email', 'dead', 3, NOW - 3000, NOW + 86_400_000, 'SMTP server refused the message at RCPT TO: 550 no such user', null],
  [2, 'webhook', 'pending', 2, NOW - 1000, NOW + 86_400_000, 'webhook answered HTTP 503 Service Unavailable', null],
] as const

type Location = { databasePath: string; databaseUrl?: string }
interface Kind {
  /** A database made by the previous release's migrations, holding OLD_LEADS and OLD_DELIVERIES. */
  previous(): Promise<Location>
  fresh(): Promise<Location>
  /** Each table's columns (name, type, not null, default) and the indexes, as the database describes them. */
  schema(where: Location): Promise<unknown>
  version(where: Location): Promise<number>
}

const sqliteFile = () => path.join(mkdtempSync(path.join(tmpdir(), 'migrate-')), 'leads.sqlite')
const sqlite: Kind = {
  async previous() {
    const databasePath = sqliteFile()
    const db = new Database(databasePath)
    db.transaction(() => {
      for (const migration of SQLITE_MIGRATIONS) db.exec(migration)
      db.pragma(`user_version = ${SQLITE_MIGRATIONS.length}`)
      const insertLead = db.prepare(
        `INSERT INTO leads (${COLUMNS}) VALUES (${COLUMNS.split(',')
          .map(() => '?')
          .join(', ')})`,
      )
      for (const l of OLD_LEADS) insertLead.run(...l, l[11] === null ? null : oldFingerprint(l))
      const insertDelivery = db.prepare(
        'INSERT INTO deliveries (lead_id, channel, status, attempts, next_attempt_at, give_up_at, last_error, delivered_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      )
      for (const d of OLD_DELIVERIES) insertDelivery.run(...d)
    })()
    db.close()
    return { databasePath }
  },
  fresh: async () => ({ databasePath: sqliteFile() }),
  async schema({ databasePath }) {
    const db = new Database(databasePath, { readonly: true })
    // Types as declared, in any letter case: SQLite compares them so.
    const tables = ['leads', 'deliveries'].map((t) => [
      t,
      db.prepare(`SELECT name, lower(type) AS type, "notnull", dflt_value, pk FROM pragma_table_info(?)`).all(t),
    ])
    const indexes = db.prepare("SELECT name, tbl_name FROM sqlite_master WHERE type = 'index' ORDER BY name").all()
    db.close()
    return { tables, indexes }
  },
  async version({ databasePath }) {
    const db = new Database(databasePath, { readonly: true })
    const version = db.pragma('user_version', { simple: true }) as number
    db.close()
    return version
  },
}

const withClient = async <T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}
const postgres: Kind = {
  async previous() {
    const databaseUrl = await createDatabase(inject('postgresUrl'))
    await withClient(databaseUrl, async (client) => {
      await client.query('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY)')
      for (const [i, migration] of POSTGRES_MIGRATIONS.entries()) {
        await client.query(migration)
        await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [i + 1])
      }
      const placeholders = COLUMNS.split(',').map((_, i) => `$${i + 1}`)
      for (const l of OLD_LEADS)
        await client.query(`INSERT INTO leads (${COLUMNS}) VALUES (${placeholders.join(', ')})`, [
          ...l,
          l[11] === null ? null : oldFingerprint(l),
        ])
      for (const d of OLD_DELIVERIES)
        await client.query(
          'INSERT INTO deliveries (lead_id, channel, status, attempts, next_attempt_at, give_up_at, last_error, delivered_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
          [...d],
        )
      await client.query("INSERT INTO rate_limits (key, window_start, count) VALUES ('203.0.113.7', $1, 4)", [NOW])
    })
    return { databasePath: '', databaseUrl }
  },
  fresh: async () => ({ databasePath: '', databaseUrl: await createDatabase(inject('postgresUrl')) }),
  schema: ({ databaseUrl }) =>
    withClient(databaseUrl!, async (client) => ({
      columns: (
        await client.query(
          `SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns
           WHERE table_schema = 'public' AND table_name <> 'schema_migrations' ORDER BY table_name, ordinal_position`,
        )
      ).rows,
      persistence: (await client.query("SELECT relname, relpersistence FROM pg_class WHERE relname = 'rate_limits'")).rows,
      // Constraint and index names differ only where PostgreSQL named them itself; their definitions must not.
      indexes: (
        await client.query(`SELECT regexp_replace(indexdef, 'INDEX \\S+ ON', 'INDEX ON') AS def FROM pg_indexes WHERE schemaname = 'public'
           AND tablename <> 'schema_migrations' ORDER BY def`)
      ).rows,
      checks: (
        await client.query(`SELECT conrelid::regclass::text AS t, contype, pg_get_constraintdef(oid) AS def FROM pg_constraint
           WHERE connamespace = 'public'::regnamespace AND conrelid::regclass::text <> 'schema_migrations' ORDER BY t, contype, def`)
      ).rows,
    })),
  version: ({ databaseUrl }) =>
    withClient(databaseUrl!, async (client) => (await client.query('SELECT max(version) AS v FROM schema_migrations')).rows[0].v),
}

const opened: LeadStore[] = []
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close()
})
const open = async (where: Location) => {
  const store = await openLeadStore(where)
  opened.push(store)
  return store
}

describe.each([
  ['SQLite', sqlite],
  ['PostgreSQL', postgres],
] as const)('a %s database of the previous release', (_name, kind) => {
  it('opens with every lead, delivery and key it held, and goes on from there', async () => {
    const where = await kind.previous()
    const store = await open(where)
    const leads = await store.all()
    expect(leads.map(({ createdAt: _, ...lead }) => lead)).toEqual([
      {
        id: 1,
        name: 'Dana',
        email: 'dana@acme.com',
        phone: '4155550142',
        website: 'acme.com',
        message: 'first',
        formName: 'Talk to Expert query',
        ipAddress: '203.0.113.7',
        location: { city: 'Austin', region: 'Texas', country: 'US' },
        remoteAddress: '127.0.0.1',
        requestId: 'key-1',
      },
      {
        id: 2,
        name: 'Lee',
        email: 'lee@acme.com',
        phone: '4155550143',
        website: '',
        message: 'second',
        formName: 'Footer form',
        ipAddress: '',
        location: null,
        remoteAddress: '127.0.0.2',
        requestId: null,
      },
    ])
    expect(leads.every((l) => !Number.isNaN(Date.parse(l.createdAt)))).toBe(true)
    expect(
      (await store.deliveries('all')).map((d) => [d.leadId, d.channel, d.status, d.attempts, d.lastError, d.deliveredAt]),
    ).toEqual(
      OLD_DELIVERIES.map(([lead, channel, status, attempts, , , error, deliveredAt]) => [
        lead,
        channel,
        status,
        attempts,
        error,
        deliveredAt,
      ]),
    )
    // The pending delivery is due and carries its lead; the dead one waits for a requeue.
    const [due] = await store.claimDue(Date.now(), 10, Date.now() + 5000)
    expect(due).toMatchObject({ leadId: 2, channel: 'webhook', attempts: 2, lead: { name: 'Lee' } })
    expect(await store.requeue({ dead: true }, Date.now(), Date.now() + 60_000)).toBe(1)
    // The fingerprint the previous release stored tells a retry from another lead under its key.
    const retry = { ...leads[0], remoteAddress: '198.51.100.9' }
    expect(await store.insert(retry, { channels: ['webhook'], giveUpAt: NOW + 60_000 })).toEqual({ id: 1, duplicate: true })
    expect(await store.insert({ ...retry, message: 'other' }, { channels: ['webhook'], giveUpAt: NOW + 60_000 })).toEqual({
      conflict: true,
    })
    const added = await store.insert({ ...retry, requestId: 'key-2' }, { channels: ['webhook'], giveUpAt: NOW + 60_000 })
    expect(added).toEqual({ id: expect.any(Number), duplicate: false })
    expect((await store.all()).map((l) => l.id)).toEqual([1, 2, (added as { id: number }).id])
    expect((added as { id: number }).id).toBeGreaterThan(2)
    if (store.rateLimitCount) expect((await store.rateLimitCount('203.0.113.7', 60_000, NOW + 1)).count).toBe(5)
    expect(await kind.version(where)).toBe(3)
  })

  it('ends with the same schema as a database the store creates', async () => {
    const previous = await kind.previous()
    const fresh = await kind.fresh()
    await (await open(previous)).close()
    await (await open(fresh)).close()
    opened.splice(0)
    expect(await kind.schema(previous)).toEqual(await kind.schema(fresh))
  })
})
