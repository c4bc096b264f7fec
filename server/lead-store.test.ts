import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { createDatabase } from '../scripts/postgres-server.ts'
import { openLeadStore, type LeadStore, type NewLead } from './lead-store.ts'

const lead = (n: number, requestId: string | null = null): NewLead => ({
  name: `Lead ${n}`,
  email: 'dana@acme.com',
  contact: '4155550142',
  url: '',
  message: `message ${n}`,
  query: 'Talk to Expert query',
  ipAddress: '203.0.113.7',
  location: n % 2 ? { city: 'Austin', region: 'Texas', country: 'US' } : null,
  remoteAddress: '127.0.0.1',
  requestId,
})

const opened: LeadStore[] = []
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close()
})

/** The same behaviour on both databases: each test gets a fresh SQLite file or PostgreSQL database. */
const databases = [
  ['SQLite', async () => ({ databasePath: path.join(mkdtempSync(path.join(tmpdir(), 'store-')), 'leads.sqlite') })],
  ['PostgreSQL', async () => ({ databasePath: '', databaseUrl: await createDatabase(inject('postgresUrl')) })],
] as const

describe.each(databases)('lead store on %s', (_name, location) => {
  const open = async (where?: { databasePath: string; databaseUrl?: string }) => {
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
    expect(results.map((r) => r.id)).toEqual([1, 1])
    expect(results.map((r) => r.duplicate).sort()).toEqual([false, true])
    expect(await store.count()).toBe(1)
    expect(await store.deliveries('all')).toHaveLength(2)
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
