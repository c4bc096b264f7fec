import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'
import { afterEach, describe, expect, inject, it, vi } from 'vitest'
import { createDatabase, startDatabaseLink } from '../../tools/postgres-server.ts'
import { POSTGRES_MIGRATIONS, SQLITE_MIGRATIONS } from './__fixtures__/previous-migrations.ts'
import { isDatabaseUnavailable } from './database-unavailable.ts'
import { openLeadStore, type LeadStore } from './lead-store.ts'
import { LEAD_COLUMNS, leadValues, type NewLead } from './rows.ts'

const lead = (n: number, requestId: string | null = null): NewLead => ({
  name: `Lead ${n}`,
  email: 'dana@acme.com',
  phone: '4155550142',
  website: '',
  message: `message ${n}`,
  formName: 'Talk to Expert query',
  ipAddress: '203.0.113.7',
  location: n % 2 ? { city: 'Austin', region: 'Texas', country: 'US' } : null,
  remoteAddress: '127.0.0.1',
  requestId,
})

const opened: LeadStore[] = []
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close()
})

type Location = { databasePath: string; databaseUrl?: string }
/** A lead written by SQL of its own, around the store (PostgreSQL's placeholders). */
const insertLeadRow = `INSERT INTO leads (${LEAD_COLUMNS.join(', ')}) VALUES (${LEAD_COLUMNS.map((_, i) => `$${i + 1}`).join(', ')})`

/**
 * A database as the release before idempotency fingerprints left it: its first two migrations,
 * holding `leads` stored then.
 */
const previousRelease = {
  async SQLite(leads: NewLead[]): Promise<Location> {
    const databasePath = path.join(mkdtempSync(path.join(tmpdir(), 'store-')), 'leads.sqlite')
    const db = new Database(databasePath)
    for (const migration of SQLITE_MIGRATIONS.slice(0, 2)) db.exec(migration)
    db.pragma('user_version = 2')
    for (const old of leads) db.prepare(insertLeadRow.replace(/\$\d+/g, '?')).run(...leadValues(old))
    db.close()
    return { databasePath }
  },
  async PostgreSQL(leads: NewLead[]): Promise<Location> {
    const databaseUrl = await createDatabase(inject('postgresUrl'))
    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    await client.query('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY)')
    for (const [i, migration] of POSTGRES_MIGRATIONS.slice(0, 2).entries()) {
      await client.query(migration)
      await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [i + 1])
    }
    for (const old of leads) await client.query(insertLeadRow, leadValues(old))
    await client.end()
    return { databasePath: '', databaseUrl }
  },
}

/** The same behaviour on both databases: each test gets a fresh SQLite file or PostgreSQL database. */
const databases = [
  [
    'SQLite',
    async (): Promise<Location> => ({ databasePath: path.join(mkdtempSync(path.join(tmpdir(), 'store-')), 'leads.sqlite') }),
  ],
  ['PostgreSQL', async (): Promise<Location> => ({ databasePath: '', databaseUrl: await createDatabase(inject('postgresUrl')) })],
] as const

describe.each(databases)('lead store on %s', (name, location) => {
  const open = async (where?: Location) => {
    const store = await openLeadStore(where ?? (await location()))
    opened.push(store)
    return store
  }
  const outbox = { channels: ['webhook', 'email'] as const, giveUpAt: Date.now() + 60_000 }

  it('stores a lead with one pending delivery per channel, in order, with its location', async () => {
    const store = await open()
    const first = await store.insert(lead(1), outbox)
    const second = await store.insert(lead(2), { channels: [], giveUpAt: 0 })
    expect([first, second]).toEqual([
      { id: 1, duplicate: false },
      { id: 2, duplicate: false },
    ])
    const all = await store.all()
    expect(all.map((l) => [l.id, l.name, l.location])).toEqual([
      [1, 'Lead 1', { city: 'Austin', region: 'Texas', country: 'US' }],
      [2, 'Lead 2', null],
    ])
    expect(all[0].createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/)
    expect(await store.count()).toBe(2)
    const deliveries = await store.deliveries('all')
    expect(deliveries.map((d) => [d.leadId, d.channel, d.status, d.attempts])).toEqual([
      [1, 'webhook', 'pending', 0],
      [1, 'email', 'pending', 0],
    ])
  })

  it('stores a retried request once and queues nothing for the retry', async () => {
    const store = await open()
    const results = await Promise.all([store.insert(lead(1, 'key-1'), outbox), store.insert(lead(1, 'key-1'), outbox)])
    expect(results.sort((a, b) => Number('duplicate' in a && a.duplicate) - Number('duplicate' in b && b.duplicate))).toEqual([
      { id: 1, duplicate: false },
      { id: 1, duplicate: true },
    ])
    expect(await store.count()).toBe(1)
    expect(await store.deliveries('all')).toHaveLength(2)
  })

  it('refuses a key already used for another lead, storing and queuing nothing', async () => {
    const store = await open()
    expect(await store.insert(lead(1, 'key-1'), outbox)).toEqual({ id: 1, duplicate: false })
    expect(await store.insert({ ...lead(1, 'key-1'), message: 'another message' }, outbox)).toEqual({ conflict: true })
    expect(await store.insert({ ...lead(1, 'key-1'), email: 'someone@else.com' }, outbox)).toEqual({ conflict: true })
    // The same submission sent again from elsewhere, with the page's look-ups failing this time, is a retry.
    const retried = { ...lead(1, 'key-1'), remoteAddress: '198.51.100.9', ipAddress: '', location: null }
    expect(await store.insert(retried, outbox)).toEqual({ id: 1, duplicate: true })
    expect(await store.count()).toBe(1)
    expect(await store.deliveries('all')).toHaveLength(2)
    // Keys are compared whole and exactly (ids skipped by refused inserts are not reused).
    expect(await store.insert(lead(2, 'KEY-1'), outbox)).toEqual({ id: expect.any(Number), duplicate: false })
    expect(await store.count()).toBe(2)
  })

  it('stores one of two different leads sent at once under one key and refuses the other', async () => {
    const store = await open()
    const results = await Promise.all([store.insert(lead(1, 'key-1'), outbox), store.insert(lead(2, 'key-1'), outbox)])
    expect(results).toContainEqual({ conflict: true })
    expect(results).toContainEqual({ id: 1, duplicate: false })
    expect(await store.count()).toBe(1)
    expect(await store.deliveries('all')).toHaveLength(2)
  })

  it('migrates a database of the previous release and checks its stored keys against their leads', async () => {
    const where = await previousRelease[name]([lead(1, 'old-key'), lead(2)])
    const store = await open(where)
    expect(await store.count()).toBe(2)
    expect(await store.insert(lead(1, 'old-key'), outbox)).toEqual({ id: 1, duplicate: true })
    expect(await store.insert(lead(3, 'old-key'), outbox)).toEqual({ conflict: true })
    expect(await store.insert(lead(3, 'new-key'), outbox)).toEqual({ id: expect.any(Number), duplicate: false })
    expect(await store.insert(lead(4, 'new-key'), outbox)).toEqual({ conflict: true })
    expect((await store.all()).map((l) => [l.message, l.requestId])).toEqual([
      ['message 1', 'old-key'],
      ['message 2', null],
      ['message 3', 'new-key'],
    ])
  })

  it('hands a due delivery to one claimer until its lease ends', async () => {
    const store = await open()
    await store.insert(lead(1), { channels: ['webhook'], giveUpAt: Date.now() + 60_000 })
    const now = Date.now()
    const [claimed] = await store.claimDue(now, 10, now + 5000)
    expect(claimed).toMatchObject({ leadId: 1, channel: 'webhook', lead: expect.objectContaining({ id: 1, name: 'Lead 1' }) })
    expect(await store.claimDue(now + 1000, 10, now + 6000)).toEqual([])
    // The claimer died: after its lease the delivery is due again.
    expect((await store.claimDue(now + 5000, 10, now + 10_000)).map((d) => d.id)).toEqual([claimed.id])
  })

  it('records failures for retry, keeps dead deliveries with their error, and requeues them', async () => {
    const store = await open()
    await store.insert(lead(1), outbox)
    const now = Date.now()
    const [webhook, email] = await store.claimDue(now, 10, now + 5000)
    await store.markFailed(webhook.id, 'webhook answered HTTP 500', now + 2000)
    await store.markFailed(email.id, 'connection refused', null)
    expect(await store.claimDue(now + 1000, 10, now + 6000)).toEqual([])
    const open_ = await store.deliveries('open')
    expect(open_.map((d) => [d.channel, d.status, d.attempts, d.lastError])).toEqual([
      ['webhook', 'pending', 1, 'webhook answered HTTP 500'],
      ['email', 'dead', 1, 'connection refused'],
    ])
    expect((await store.claimDue(now + 2000, 10, now + 7000)).map((d) => d.channel)).toEqual(['webhook'])
    await store.markDelivered(webhook.id, now + 2100)
    expect((await store.deliveries('open')).map((d) => d.channel)).toEqual(['email'])
    expect(await store.requeue({ dead: true }, now + 3000, now + 90_000)).toBe(1)
    const [again] = await store.claimDue(now + 3000, 10, now + 8000)
    expect(again).toMatchObject({ channel: 'email', status: 'pending', attempts: 1, giveUpAt: now + 90_000 })
    expect(await store.requeue({ ids: [webhook.id] }, now + 4000, now + 90_000)).toBe(1)
  })

  it('opens an existing database again without losing anything', async () => {
    const where = await location()
    const store = await open(where)
    await store.insert(lead(1), outbox)
    await store.close()
    opened.pop()
    const reopened = await open(where)
    expect(await reopened.count()).toBe(1)
    expect(await reopened.deliveries('all')).toHaveLength(2)
  })
})

describe('PostgreSQL going away', () => {
  const outbox = { channels: ['webhook'] as const, giveUpAt: Date.now() + 60_000 }
  /** What a piece of work failed with; undefined if it succeeded. */
  const failure = (work: Promise<unknown>) =>
    work.then(
      () => undefined,
      (e: unknown) => e,
    )
  const waitFor = async (check: () => Promise<boolean>) => {
    for (let waited = 0; !(await check()); waited += 20) {
      if (waited > 5000) throw new Error('condition not met in 5 s')
      await new Promise((r) => setTimeout(r, 20))
    }
  }

  it('fails work in flight as unavailable when the server ends its sessions, never crashes, and recovers', async () => {
    const crashes: unknown[] = []
    const onCrash = (error: unknown) => crashes.push(error)
    process.on('uncaughtException', onCrash)
    const url = await createDatabase(inject('postgresUrl'))
    const store = await openLeadStore({ databasePath: '', databaseUrl: url })
    opened.push(store)
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    try {
      // Rows held by an open transaction make the store's transaction and its pool query wait on them.
      await admin.query('BEGIN')
      await admin.query(insertLeadRow, leadValues(lead(0, 'held')))
      await admin.query("INSERT INTO rate_limits (key, window_start, count) VALUES ('203.0.113.7', 0, 1)")
      const insert = failure(store.insert(lead(1, 'held'), outbox))
      const count = failure(store.rateLimitCount!('203.0.113.7', 60_000, Date.now()))
      const waiting =
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'"
      await waitFor(async () => {
        // Inside a transaction the activity view is a snapshot: drop it to see the waits as they are now.
        await admin.query('SELECT pg_stat_clear_snapshot()')
        return (await admin.query<{ n: number }>(waiting)).rows[0].n === 2
      })
      // What a restart, a failover or an operator does: 57P01 to every session but ours.
      await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      )
      expect(isDatabaseUnavailable(await insert)).toBe(true)
      expect(isDatabaseUnavailable(await count)).toBe(true)
      await admin.query('ROLLBACK')
      // Let the ended connections' last events arrive before looking for a crash.
      await new Promise((r) => setTimeout(r, 200))
      expect(await store.insert(lead(1, 'held'), outbox)).toEqual({ id: expect.any(Number), duplicate: false })
      expect((await store.rateLimitCount!('203.0.113.7', 60_000, Date.now())).count).toBe(1)
      expect(crashes).toEqual([])
    } finally {
      process.off('uncaughtException', onCrash)
      await admin.end()
    }
  })

  it('gives up on a database that stops answering within a few seconds', async () => {
    const link = await startDatabaseLink(await createDatabase(inject('postgresUrl')))
    const store = await openLeadStore({ databasePath: '', databaseUrl: link.url })
    opened.push(store)
    try {
      await link.cut('hang')
      const started = Date.now()
      // Both at once: one takes the frozen connection the pool holds, the other needs a new one.
      const errors = await Promise.all([store.insert(lead(1), outbox), store.count()].map(failure))
      expect(errors.map(isDatabaseUnavailable)).toEqual([true, true])
      expect(Date.now() - started).toBeLessThan(6000)
      await link.restore()
      expect(await store.count()).toBe(0)
    } finally {
      await link.close()
    }
  }, 15_000)
})

describe('the first connection to PostgreSQL', () => {
  it('is tried again while the server is down, and opens the store once it is back', async () => {
    const link = await startDatabaseLink(await createDatabase(inject('postgresUrl')))
    await link.cut('refuse')
    const retries: { code: unknown; attempt: number; attempts: number; delayMs: number }[] = []
    try {
      const store = await openLeadStore({ databasePath: '', databaseUrl: link.url }, (error, next) => {
        retries.push({ code: (error as { code?: unknown }).code, ...next })
        // Back up while the store waits for its next attempt.
        if (retries.length === 1) void link.restore()
      })
      opened.push(store)
      expect(await store.count()).toBe(0)
      expect(retries[0]).toEqual({ code: 'ECONNREFUSED', attempt: 2, attempts: 5, delayMs: 500 })
    } finally {
      await link.close()
    }
  })

  it('is not tried again when the host name is unknown or the password is wrong', async () => {
    const onRetry = vi.fn()
    const wrongPassword = new URL(await createDatabase(inject('postgresUrl')))
    wrongPassword.username = 'no_such_role'
    const failures = await Promise.all(
      ['postgres://leads:pw@db.invalid/leads', wrongPassword.toString()].map((databaseUrl) =>
        openLeadStore({ databasePath: '', databaseUrl }, onRetry).then(
          () => undefined,
          (error: { code?: string }) => error.code,
        ),
      ),
    )
    expect(failures).toEqual(['ENOTFOUND', '28000'])
    expect(onRetry).not.toHaveBeenCalled()
  })
})

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }), true],
    ['a reset connection', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }), true],
    ['a session ended by an operator (57P01)', Object.assign(new Error('terminating connection'), { code: '57P01' }), true],
    ['a crashed server (57P02)', Object.assign(new Error('terminating connection'), { code: '57P02' }), true],
    [
      'a server starting or stopping (57P03)',
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      true,
    ],
    ['a connection exception (08006)', Object.assign(new Error('connection failure'), { code: '08006' }), true],
    ['too many connections (53300)', Object.assign(new Error('too many clients'), { code: '53300' }), true],
    ['a lost connection', new Error('Connection terminated unexpectedly'), true],
    ['a pool connect time-out', new Error('timeout exceeded when trying to connect'), true],
    ['a query time-out', new Error('Query read timeout'), true],
    ['a busy SQLite file', Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' }), true],
    ['a unique violation (23505)', Object.assign(new Error('duplicate key'), { code: '23505' }), false],
    ['a missing table (42P01)', Object.assign(new Error('relation "leads" does not exist'), { code: '42P01' }), false],
    ['a programming error', new TypeError('x is not a function'), false],
    ['not an error', 'ECONNREFUSED', false],
  ])('%s: %s', (_name, error, unavailable) => {
    expect(isDatabaseUnavailable(error)).toBe(unavailable)
  })
})

describe('rate limit shared through PostgreSQL', () => {
  it('counts hits from every server in one window per key', async () => {
    const url = await createDatabase(inject('postgresUrl'))
    const a = await openLeadStore({ databasePath: '', databaseUrl: url })
    const b = await openLeadStore({ databasePath: '', databaseUrl: url })
    opened.push(a, b)
    const now = Date.now()
    const hits = await Promise.all([a, b, a, b, a].map((s, i) => s.rateLimitCount!('203.0.113.7', 60_000, now + i)))
    expect(hits.map((h) => h.count).sort()).toEqual([1, 2, 3, 4, 5])
    expect(hits.every((h) => h.resetAt >= now + 60_000 && h.resetAt <= now + 60_004)).toBe(true)
    expect((await a.rateLimitCount!('198.51.100.1', 60_000, now)).count).toBe(1)
    // The window began at the first of the five hits (whichever arrived first), so it is over after now + 4 + 60 s.
    expect((await b.rateLimitCount!('203.0.113.7', 60_000, now + 60_005)).count).toBe(1)
  })
})
