import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { createDatabase } from '../scripts/postgres-server.ts'
import { buildApp } from './app.ts'
import { loadConfig } from './config.ts'
import { leadEmail, leadPayload } from './lead-channels.ts'
import { retryDelay } from './lead-delivery.ts'
import { openLeadStore, type LeadStore } from './lead-store.ts'
import { startSmtpReceiver, startWebhookReceiver } from './test-receivers.ts'

const SECRET = 'test-secret-0123456789'
const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** The API with delivery on, over real HTTP, on a fresh SQLite file or PostgreSQL database. */
async function startApi(env: Record<string, string>, databaseUrl?: string) {
  const databasePath = path.join(mkdtempSync(path.join(tmpdir(), 'delivery-')), 'leads.sqlite')
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATABASE_PATH: databasePath,
    RATE_LIMIT_MAX: '0',
    LEAD_RETRY_BASE_MS: '50',
    LEAD_DELIVERY_POLL_MS: '50',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  })
  const store = await openLeadStore(config)
  const app = await buildApp(config, { store, blogs: [], projects: [] }, { site: false })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  cleanups.push(async () => {
    await app.close()
    await store.close()
  })
  return { app, store, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` }
}

const post = (url: string, body: Record<string, unknown>) =>
  fetch(`${url}/api/appDev`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
const lead = (i: number) => ({
  name: `Lead ${i}`,
  email: `lead${i}@acme.com`,
  contact: '4155550142',
  message: `Message ${i}`,
  query: 'Talk to Expert query',
})

/** Waits until every delivery is made, or fails naming what is still open. */
async function allDelivered(store: LeadStore, limitMs = 20_000) {
  for (let waited = 0; waited < limitMs; waited += 50) {
    if ((await store.deliveries('open')).length === 0) return
    await new Promise((r) => setTimeout(r, 50))
  }
  expect(await store.deliveries('open')).toEqual([])
}

describe('retry delay', () => {
  it.each([
    [1, 1000, 2000],
    [2, 2000, 4000],
    [5, 16_000, 32_000],
    [30, 1_800_000, 3_600_000],
  ])('attempt %i waits between %i and %i ms (base 2 s, capped at an hour)', (attempt, low, high) => {
    expect(retryDelay(attempt, 2000, () => 0)).toBe(low)
    expect(retryDelay(attempt, 2000, () => 1)).toBe(high)
  })
})

describe('lead payload and email', () => {
  const stored = {
    id: 7,
    createdAt: '2026-11-23T10:00:00.000Z',
    name: 'Dana\r\nBcc: evil@example.com',
    email: 'dana@acme.com',
    contact: '4155550142',
    url: '',
    message: '<b>Hi</b>\nSecond line',
    query: 'Talk to Expert query',
    ipAddress: '',
    location: null,
    remoteAddress: '127.0.0.1',
    requestId: null,
  }

  it('sends id, created_at, fields, query and location', () => {
    expect(leadPayload(stored)).toEqual({
      id: 7,
      created_at: '2026-11-23T10:00:00.000Z',
      fields: { name: stored.name, email: 'dana@acme.com', contact: '4155550142', url: '', message: stored.message },
      query: 'Talk to Expert query',
      location: null,
    })
  })

  it('keeps visitor text out of headers and markup', () => {
    const { subject, text } = leadEmail(stored)
    expect(subject).toBe('New lead #7: Dana Bcc: evil@example.com')
    expect(text).toContain('<b>Hi</b>\nSecond line')
  })
})

const databases = [
  ['SQLite', async () => undefined],
  ['PostgreSQL', async () => createDatabase(inject('postgresUrl'))],
] as const

describe.each(databases)('delivery on %s', (_name, database) => {
  it('delivers every lead through failures and a hanging receiver, each signed, each once after de-duplication', async () => {
    // Fail the first two attempts, hang on the third and fourth, then accept.
    const receiver = await startWebhookReceiver(SECRET, (n) => (n <= 2 ? 500 : n <= 4 ? 'hang' : 200))
    cleanups.push(receiver.close)
    const smtp = await startSmtpReceiver()
    cleanups.push(smtp.close)
    const { store, url } = await startApi(
      {
        LEAD_WEBHOOK_URL: receiver.url,
        LEAD_WEBHOOK_SECRET: SECRET,
        SMTP_URL: smtp.url,
        LEAD_EMAIL_TO: 'sales@corvane.example',
        LEAD_DELIVERY_TIMEOUT_MS: '300',
      },
      await database(),
    )
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => post(url, lead(i))))
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201))
    await allDelivered(store)

    const ids = (await store.all()).map((l) => String(l.id)).sort()
    expect(receiver.uniqueKeys().sort()).toEqual(ids)
    expect(receiver.requests()).toBeGreaterThanOrEqual(24)
    expect(receiver.received.every((r) => r.signatureValid)).toBe(true)
    const first = JSON.parse(receiver.received.find((r) => r.key === ids[0])!.body)
    expect(first).toMatchObject({
      id: Number(ids[0]),
      fields: { name: expect.stringMatching(/^Lead \d+$/), contact: '4155550142' },
      query: 'Talk to Expert query',
    })

    expect(smtp.mails).toHaveLength(20)
    expect(smtp.mails.every((m) => m.to.join() === 'sales@corvane.example')).toBe(true)
    expect(smtp.mails[0].raw).toMatch(/^Subject: New lead #\d+: Lead \d+$/m)
    expect(smtp.mails[0].raw).toMatch(/^Reply-To: .*lead\d+@acme\.com/m)
    const deliveries = await store.deliveries('all')
    expect(deliveries.filter((d) => d.channel === 'webhook').some((d) => d.attempts > 1)).toBe(true)
  })

  it('answers the visitor at once while the receiver hangs', async () => {
    const receiver = await startWebhookReceiver(SECRET, () => 'hang')
    cleanups.push(receiver.close)
    const { url, store } = await startApi(
      { LEAD_WEBHOOK_URL: receiver.url, LEAD_WEBHOOK_SECRET: SECRET, LEAD_DELIVERY_TIMEOUT_MS: '60000' },
      await database(),
    )
    const statuses = await Promise.all(Array.from({ length: 30 }, (_, i) => post(url, lead(i)).then((r) => r.status)))
    // Every visitor has its answer while no delivery has finished: the receiver never answered.
    expect(statuses).toEqual(Array(30).fill(201))
    expect(receiver.received).toHaveLength(0)
    expect(await store.count()).toBe(30)
  })

  it('keeps a delivery that keeps failing as dead with its error, and redelivers it on request', async () => {
    let accept = false
    const receiver = await startWebhookReceiver(SECRET, () => (accept ? 200 : 503))
    cleanups.push(receiver.close)
    const { store, url } = await startApi(
      { LEAD_WEBHOOK_URL: receiver.url, LEAD_WEBHOOK_SECRET: SECRET, LEAD_DELIVERY_GIVE_UP_MS: '1000' },
      await database(),
    )
    await post(url, lead(1))
    for (let waited = 0; waited < 10_000 && (await store.deliveries('open'))[0]?.status !== 'dead'; waited += 50)
      await new Promise((r) => setTimeout(r, 50))
    const [dead] = await store.deliveries('open')
    expect(dead).toMatchObject({ status: 'dead', lastError: 'Error: webhook answered HTTP 503' })
    expect(dead.attempts).toBeGreaterThan(1)
    accept = true
    expect(await store.requeue({ dead: true }, Date.now(), Date.now() + 60_000)).toBe(1)
    await allDelivered(store)
    expect(receiver.uniqueKeys()).toEqual([String(dead.leadId)])
  })
})

describe('two servers on one PostgreSQL database', () => {
  it('store every lead once, deliver every lead once, and share one rate limit', async () => {
    const receiver = await startWebhookReceiver(SECRET, (n) => (n % 7 === 0 ? 500 : 200))
    cleanups.push(receiver.close)
    const databaseUrl = await createDatabase(inject('postgresUrl'))
    const env = { LEAD_WEBHOOK_URL: receiver.url, LEAD_WEBHOOK_SECRET: SECRET, LEAD_DELIVERY_TIMEOUT_MS: '2000' }
    const a = await startApi(env, databaseUrl)
    const b = await startApi(env, databaseUrl)
    // Under load: 200 leads, alternating servers, each retried once with the same key as a flaky network would.
    const sends = Array.from({ length: 200 }, async (_, i) => {
      const body = JSON.stringify(lead(i))
      const headers = { 'content-type': 'application/json', 'idempotency-key': `lead-${i}` }
      const first = await fetch(`${(i % 2 ? a : b).url}/api/appDev`, { method: 'POST', headers, body })
      const retry = await fetch(`${(i % 2 ? b : a).url}/api/appDev`, { method: 'POST', headers, body })
      return [first.status, retry.status, (await first.json()).id, (await retry.json()).id]
    })
    const results = await Promise.all(sends)
    expect(results.every(([s1, s2, id1, id2]) => s1 === 201 && s2 === 200 && id1 === id2)).toBe(true)
    expect(await a.store.count()).toBe(200)
    await allDelivered(a.store, 30_000)
    const received = receiver.received.map((r) => r.key)
    // SKIP LOCKED: no lead was sent twice at once by the two workers; only a failed attempt is ever repeated.
    expect(new Set(received).size).toBe(200)
    expect(received).toHaveLength(200)

    const shared = await createDatabase(inject('postgresUrl'))
    const limits = { RATE_LIMIT_MAX: '5', RATE_LIMIT_WINDOW_MS: '60000' }
    const [c, d] = [await startApi(limits, shared), await startApi(limits, shared)]
    const statuses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => post((i % 2 ? c : d).url, lead(i)).then((r) => r.status)),
    )
    expect(statuses.filter((s) => s === 201)).toHaveLength(5)
    expect(statuses.filter((s) => s === 429)).toHaveLength(5)
  })
})
