import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { createDatabase, startDatabaseLink } from '../tools/postgres-server.ts'
import { HONEYPOT_FIELD, leadMessages } from '../src/core/lead.ts'
import { testContent } from '../tests/support/content.ts'
import { loadConfig } from './config.ts'
import { createServer } from './create-server.ts'
import { openLeadStore, type LeadStore } from './store/lead-store.ts'

let running: FastifyInstance[] = []
let cleanups: (() => Promise<void>)[] = []

/** The API over real HTTP on a free port, with a fresh SQLite file in a temp folder unless given a store. */
async function start(env: Record<string, string> = {}, given?: { store: LeadStore; databasePath?: string }) {
  const databasePath = given?.databasePath ?? path.join(mkdtempSync(path.join(tmpdir(), 'api-test-')), 'leads.sqlite')
  const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_PATH: databasePath, ...env })
  const content = testContent()
  const { app, store } = await createServer({ config, content, store: given?.store, site: false })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  running.push(app)
  return { app, store, url }
}

/** A PostgreSQL store on a fresh database, reached through a link the test can break. */
async function postgresStore() {
  const databaseUrl = await createDatabase(inject('postgresUrl'))
  const link = await startDatabaseLink(databaseUrl)
  const store = await openLeadStore({ databasePath: '', databaseUrl: link.url })
  cleanups.push(async () => {
    await store.close()
    await link.close()
  })
  return { store, link, databaseUrl }
}

afterEach(async () => {
  for (const app of running) await app.close()
  for (const cleanup of cleanups) await cleanup()
  running = []
  cleanups = []
})

const lead = {
  name: 'Dana Reyes',
  email: 'dana@acme.com',
  contact: '415-555-0142',
  url: 'acme.com',
  message: 'Pilot please',
  ip_address: '203.0.113.7',
  query: 'Talk to Expert query',
}
const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${url}/api/appDev`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })

describe('POST /api/appDev', () => {
  it('stores a valid lead and answers 201', async () => {
    const { url, store } = await start()
    const response = await post(url, { ...lead, location: { city: 'Austin', region: 'Texas', country: 'US' } })
    expect(response.status).toBe(201)
    expect(await response.json()).toMatchObject({ ok: true, id: 1 })
    expect(await store.all()).toEqual([
      expect.objectContaining({
        name: 'Dana Reyes',
        // The request's contact, url and query, under the names of what they hold.
        phone: '4155550142',
        website: lead.url,
        formName: lead.query,
        ipAddress: '203.0.113.7',
        remoteAddress: '127.0.0.1',
        location: { city: 'Austin', region: 'Texas', country: 'US' },
      }),
    ])
  })

  it('answers 400 with the form messages by field', async () => {
    const { url, store } = await start()
    const response = await post(url, { name: ' ', email: 'nope', contact: '123', url: 'bad url', message: '' })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      errors: {
        name: leadMessages.nameRequired,
        email: leadMessages.emailInvalid,
        contact: leadMessages.contactInvalid,
        url: leadMessages.urlInvalid,
        message: leadMessages.messageRequired,
      },
    })
    expect(await store.count()).toBe(0)
  })

  it('drops unknown fields, trims and caps strings', async () => {
    const { url, store } = await start()
    const response = await post(url, { ...lead, name: '  Dana  ', message: 'x'.repeat(9000), admin: true, id: 99 })
    expect(response.status).toBe(201)
    const [stored] = await store.all()
    expect(stored.name).toBe('Dana')
    expect(stored.message).toHaveLength(5000)
    expect(stored).not.toHaveProperty('admin')
    expect(stored.id).toBe(1)
  })

  it.each([
    ['a body over 32 KiB', () => JSON.stringify({ ...lead, message: 'x'.repeat(40_000) }), 'application/json', 413],
    ['a body that is not JSON', () => 'name=Dana', 'application/x-www-form-urlencoded', 415],
    ['text/plain', () => JSON.stringify(lead), 'text/plain', 415],
    ['malformed JSON', () => '{"name": "Dana",', 'application/json', 400],
    ['a __proto__ key', () => '{"name":"Dana","__proto__":{"admin":true}}', 'application/json', 400],
    ['a constructor.prototype key', () => '{"constructor":{"prototype":{"admin":true}}}', 'application/json', 400],
    ['a JSON array', () => '[1,2]', 'application/json', 400],
  ])('answers %s with the right status', async (_name, body, type, status) => {
    const { url, store } = await start()
    const response = await fetch(`${url}/api/appDev`, { method: 'POST', headers: { 'content-type': type }, body: body() })
    expect(response.status).toBe(status)
    expect(await store.count()).toBe(0)
  })

  it('answers a filled honeypot 2xx and stores nothing', async () => {
    const { url, store } = await start()
    const response = await post(url, { ...lead, [HONEYPOT_FIELD]: 'http://spam.example' })
    expect(response.status).toBe(201)
    expect(await store.count()).toBe(0)
  })

  it('stores a retried lead once when it carries the same idempotency key', async () => {
    const { url, store } = await start()
    const first = await post(url, lead, { 'idempotency-key': 'abc-123' })
    const retry = await post(url, lead, { 'idempotency-key': 'abc-123' })
    expect([first.status, retry.status]).toEqual([201, 200])
    expect((await retry.json()).id).toBe((await first.json()).id)
    expect(await store.count()).toBe(1)
  })

  it('answers 400 naming the key for an over-long or malformed idempotency key, never merging two leads', async () => {
    const { url, store } = await start()
    const shared = 'k'.repeat(100)
    const tooLong = await post(url, lead, { 'idempotency-key': `${shared}-first` })
    const alsoTooLong = await post(url, { ...lead, message: 'another' }, { 'idempotency-key': `${shared}-second` })
    expect([tooLong.status, alsoTooLong.status]).toEqual([400, 400])
    expect(Object.keys((await tooLong.json()).errors)).toEqual(['Idempotency-Key'])
    const inBody = await post(url, { ...lead, request_id: 'has spaces' })
    expect(inBody.status).toBe(400)
    expect(Object.keys((await inBody.json()).errors)).toEqual(['request_id'])
    expect((await post(url, lead, { 'idempotency-key': shared })).status).toBe(201)
    expect(await store.count()).toBe(1)
  })

  it('answers the same key with another lead 409 naming the key, and stores nothing', async () => {
    const { url, store } = await start()
    const first = await post(url, lead, { 'idempotency-key': 'abc-123' })
    expect(first.status).toBe(201)
    const { id } = await first.json()
    const other = await post(url, { ...lead, message: 'Another project' }, { 'idempotency-key': 'abc-123' })
    expect(other.status).toBe(409)
    expect(other.headers.get('content-type')).toMatch(/^application\/json/)
    const body = await other.json()
    expect(Object.keys(body.errors)).toEqual(['Idempotency-Key'])
    expect(body.errors['Idempotency-Key']).toMatch(/^Idempotency-Key /)
    expect(JSON.stringify(body)).not.toContain(String(id))
    // The same lead as typed again (spacing, phone formatting) is a retry of the first.
    const retry = await post(url, { ...lead, name: ' Dana Reyes  ', contact: '(415) 555-0142' }, { 'idempotency-key': 'abc-123' })
    expect(retry.status).toBe(200)
    expect(await retry.json()).toEqual({ ok: true, id })
    expect((await post(url, { ...lead, request_id: 'form-1' })).status).toBe(201)
    const inBody = await post(url, { ...lead, name: 'Someone Else', request_id: 'form-1' })
    expect(inBody.status).toBe(409)
    expect(Object.keys((await inBody.json()).errors)).toEqual(['request_id'])
    expect((await store.all()).map((l) => [l.message, l.requestId])).toEqual([
      ['Pilot please', 'abc-123'],
      ['Pilot please', 'form-1'],
    ])
  })

  it('limits each address, answering 429 with Retry-After', async () => {
    const { url, store } = await start({ RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_MS: '60000' })
    const statuses = []
    for (let i = 0; i < 5; i++) statuses.push((await post(url, { ...lead, message: `m${i}` })).status)
    expect(statuses).toEqual([201, 201, 201, 429, 429])
    const limited = await post(url, lead)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60)
    expect(await store.count()).toBe(3)
  })

  it('counts addresses behind a trusted proxy separately', async () => {
    const { url, store } = await start({ RATE_LIMIT_MAX: '1', TRUST_PROXY: '127.0.0.1' })
    const a = await post(url, lead, { 'x-forwarded-for': '198.51.100.1' })
    const b = await post(url, lead, { 'x-forwarded-for': '198.51.100.2' })
    const a2 = await post(url, lead, { 'x-forwarded-for': '198.51.100.1' })
    expect([a.status, b.status, a2.status]).toEqual([201, 201, 429])
    expect((await store.all()).map((l) => l.remoteAddress)).toEqual(['198.51.100.1', '198.51.100.2'])
  })

  it('stores 200 concurrent valid posts exactly once each', async () => {
    const { url, store } = await start({ RATE_LIMIT_MAX: '0' })
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) => post(url, { ...lead, message: `lead ${i}` }, { 'idempotency-key': `k-${i}` })),
    )
    expect(responses.every((r) => r.status === 201)).toBe(true)
    const messages = (await store.all()).map((l) => l.message)
    expect(messages).toHaveLength(200)
    expect(new Set(messages).size).toBe(200)
  })
})

describe('when the database is unavailable', () => {
  const UNAVAILABLE = { statusCode: 503, error: 'The service is briefly unavailable. Please try again in a few seconds.' }
  /** A 503 a visitor may retry: Retry-After in seconds, and nothing of the server's insides. */
  const expectUnavailable = async (response: Response) => {
    expect(response.status).toBe(503)
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0)
    const text = await response.text()
    expect(JSON.parse(text)).toEqual(UNAVAILABLE)
  }

  it('answers 503 with Retry-After and no detail while PostgreSQL refuses connections, then recovers by itself', async () => {
    const { store, link } = await postgresStore()
    // One server counts its rate limit in PostgreSQL, the other has none, so each lead path meets the outage.
    const limited = await start({ RATE_LIMIT_MAX: '100' }, { store })
    const unlimited = await start({ RATE_LIMIT_MAX: '0' }, { store })
    await link.cut('refuse')
    await expectUnavailable(await post(limited.url, lead))
    await expectUnavailable(await post(unlimited.url, lead))
    await expectUnavailable(await fetch(`${unlimited.url}/api/health`))
    await link.restore()
    expect((await post(limited.url, lead)).status).toBe(201)
    expect((await post(unlimited.url, { ...lead, message: 'second' })).status).toBe(201)
    expect(await store.count()).toBe(2)
  })

  it('answers 503 within a few seconds when PostgreSQL stops answering', async () => {
    const { store, link } = await postgresStore()
    const { url } = await start({ RATE_LIMIT_MAX: '0' }, { store })
    await link.cut('hang')
    const started = Date.now()
    const responses = await Promise.all([post(url, lead), fetch(`${url}/api/health`)])
    expect(Date.now() - started).toBeLessThan(6000)
    for (const response of responses) await expectUnavailable(response)
  }, 15_000)

  it('answers 503 while another connection holds the SQLite file', async () => {
    const databasePath = path.join(mkdtempSync(path.join(tmpdir(), 'api-test-')), 'leads.sqlite')
    const store = await openLeadStore({ databasePath })
    cleanups.push(() => store.close())
    const { url } = await start({}, { store, databasePath })
    const holder = new Database(databasePath)
    holder.exec('BEGIN EXCLUSIVE')
    try {
      await expectUnavailable(await post(url, lead))
    } finally {
      holder.exec('ROLLBACK')
      holder.close()
    }
    expect((await post(url, lead)).status).toBe(201)
  }, 15_000)

  it('answers any other server failure 500 without its detail', async () => {
    const { store, databaseUrl } = await postgresStore()
    const { url } = await start({ RATE_LIMIT_MAX: '0' }, { store })
    const admin = new pg.Client({ connectionString: databaseUrl })
    await admin.connect()
    await admin.query('DROP TABLE deliveries, leads')
    await admin.end()
    const response = await post(url, lead)
    expect(response.status).toBe(500)
    expect(response.headers.get('retry-after')).toBeNull()
    expect(await response.json()).toEqual({ statusCode: 500, error: 'Something went wrong on our side. Please try again later.' })
  })
})

describe('POST /api/appDev bodies of the wrong shape, and health', () => {
  it.each([
    [{ ...lead, name: { first: 'Dana' } }, 'name'],
    [{ ...lead, location: 'Austin' }, 'location'],
    [{ ...lead, location: { city: { name: 'Austin' } } }, 'location.city'],
    [[lead], 'body'],
  ])('answers a lead body of the wrong shape with 400 naming the field (%#)', async (body, field) => {
    const { url, store } = await start()
    const response = await post(url, body)
    expect(response.status).toBe(400)
    const { errors } = await response.json()
    expect(Object.keys(errors)).toEqual([field])
    expect(errors[field]).toMatch(new RegExp(`^${field} must be`))
    expect(await store.count()).toBe(0)
  })

  it('reports health', async () => {
    const { url } = await start()
    const response = await fetch(`${url}/api/health`)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: 'ok' })
  })
})

describe('configuration', () => {
  it('names every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'eighty', RATE_LIMIT_MAX: '-1', TRUST_PROXY: 'maybe', LOG_LEVEL: 'loud' })).toThrow(
      /PORT=eighty[\s\S]*RATE_LIMIT_MAX=-1[\s\S]*TRUST_PROXY=maybe[\s\S]*LOG_LEVEL=loud|TRUST_PROXY=maybe/,
    )
    try {
      loadConfig({ PORT: 'eighty', RATE_LIMIT_MAX: '-1', TRUST_PROXY: 'maybe', LOG_LEVEL: 'loud' })
    } catch (error) {
      expect((error as { problems: string[] }).problems).toHaveLength(4)
    }
  })
})
