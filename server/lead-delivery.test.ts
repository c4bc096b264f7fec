import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { createDatabase } from '../tools/postgres-server.ts'
import { freePort } from '../tools/server-process.ts'
import { testContent } from '../tests/support/content.ts'
import { startSmtpReceiver } from '../tests/support/smtp-receiver.ts'
import { startWebhookReceiver } from '../tests/support/webhook-receiver.ts'
import { retryAfterMs } from './channels/delivery-failure.ts'
import { leadEmail } from './channels/email.ts'
import { leadPayload } from './channels/webhook.ts'
import { loadConfig } from './config.ts'
import { createServer } from './create-server.ts'
import { retryDelay } from './lead-delivery.ts'
import type { LeadStore } from './store/lead-store.ts'
import type { Delivery } from './store/rows.ts'

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
  const { app, store } = await createServer({ config, content: testContent(), site: false })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  cleanups.push(() => app.close())
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
    phone: '4155550142',
    website: '',
    message: '<b>Hi</b>\nSecond line',
    formName: 'Talk to Expert query',
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
    // The receiver verifies the signature over these bytes: names, order and escaping are fixed.
    expect(JSON.stringify(leadPayload({ ...stored, location: { city: 'Austin', country: 'US' } }))).toBe(
      '{"id":7,"created_at":"2026-11-23T10:00:00.000Z","fields":{"name":"Dana\\r\\nBcc: evil@example.com","email":"dana@acme.com",' +
        '"contact":"4155550142","url":"","message":"<b>Hi</b>\\nSecond line"},"query":"Talk to Expert query",' +
        '"location":{"city":"Austin","country":"US"}}',
    )
  })

  it('keeps visitor text out of headers and markup', () => {
    const { subject, text } = leadEmail(stored)
    expect(subject).toBe('New lead #7: Dana Bcc: evil@example.com')
    expect(text).toContain('Message:\n> <b>Hi</b>\n> Second line')
  })
})

/** The first attempt's outcome of the only delivery: waits until it is recorded. */
async function firstAttempt(store: LeadStore): Promise<Delivery> {
  for (let waited = 0; waited < 15_000; waited += 50) {
    const [delivery] = await store.deliveries('all')
    if (delivery && delivery.attempts > 0) return delivery
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error('no attempt was recorded in 15 s')
}

/** Retries ten minutes apart at the earliest, so a test sees the first attempt's record alone. */
const SLOW_RETRIES = { LEAD_RETRY_BASE_MS: '1200000' }

describe('a failed webhook attempt is recorded in plain words, and retried only when that can help', () => {
  const redirect = (status: number) => ({ status, headers: { location: '/elsewhere?token=abc123' } })
  it.each<[string, Parameters<typeof startWebhookReceiver>[1], 'dead' | 'pending', RegExp]>([
    ['410 Gone', () => 410, 'dead', /^webhook answered HTTP 410 Gone; not retried, the same request gets the same answer: fix /],
    ['400 Bad Request', () => 400, 'dead', /^webhook answered HTTP 400 Bad Request; not retried/],
    ['401 Unauthorized', () => 401, 'dead', /^webhook answered HTTP 401 Unauthorized; not retried/],
    ['403 Forbidden', () => 403, 'dead', /^webhook answered HTTP 403 Forbidden; not retried/],
    ['404 Not Found', () => 404, 'dead', /^webhook answered HTTP 404 Not Found; not retried/],
    ['405 Method Not Allowed', () => 405, 'dead', /^webhook answered HTTP 405 Method Not Allowed; not retried/],
    ['413 Payload Too Large', () => 413, 'dead', /^webhook answered HTTP 413 Payload Too Large; not retried/],
    ['422 Unprocessable Entity', () => 422, 'dead', /^webhook answered HTTP 422 Unprocessable Entity; not retried/],
    ['408 Request Timeout', () => 408, 'pending', /^webhook answered HTTP 408 Request Timeout$/],
    ['409 Conflict (same key still in progress)', () => 409, 'pending', /^webhook answered HTTP 409 Conflict$/],
    ['429 Too Many Requests', () => 429, 'pending', /^webhook answered HTTP 429 Too Many Requests$/],
    ['500 Internal Server Error', () => 500, 'pending', /^webhook answered HTTP 500 Internal Server Error$/],
    ['503 Service Unavailable', () => 503, 'pending', /^webhook answered HTTP 503 Service Unavailable$/],
    [
      'a socket closed unanswered',
      () => 'close',
      'pending',
      /^the receiver closed the connection before answering \(127\.0\.0\.1:\d+\)$/,
    ],
    [
      'a temporary redirect',
      () => redirect(302),
      'pending',
      /^redirect to http:\/\/127\.0\.0\.1:\d+\/elsewhere not followed \(HTTP 302\): set LEAD_WEBHOOK_URL/,
    ],
    [
      'a permanent redirect',
      () => redirect(308),
      'dead',
      /^redirect to http:\/\/127\.0\.0\.1:\d+\/elsewhere not followed \(HTTP 308\); not retried: set LEAD_WEBHOOK_URL/,
    ],
  ])('%s', async (_name, plan, status, lastError) => {
    const receiver = await startWebhookReceiver(SECRET, plan)
    cleanups.push(receiver.close)
    const { store, url } = await startApi({ LEAD_WEBHOOK_URL: receiver.url, LEAD_WEBHOOK_SECRET: SECRET, ...SLOW_RETRIES })
    await post(url, lead(1))
    const delivery = await firstAttempt(store)
    expect(delivery).toMatchObject({ status, attempts: 1, lastError: expect.stringMatching(lastError) })
    expect(delivery.lastError).not.toContain('token')
    if (status === 'pending') expect(delivery.nextAttemptAt).toBeGreaterThan(Date.now() + 60_000)
  })

  it.each<[string, () => Promise<string>, RegExp]>([
    [
      'a refused connection',
      async () => `http://127.0.0.1:${await freePort()}/leads`,
      /^connection refused by 127\.0\.0\.1:\d+$/,
    ],
    [
      'an unknown host',
      async () => 'http://leads.invalid/hook',
      /^host (not found: leads\.invalid|leads\.invalid could not be looked up \(no DNS answer\))$/,
    ],
    [
      'credentials in the URL, a refused connection',
      async () => `http://sales:url-pass-31@127.0.0.1:${await freePort()}/leads`,
      /^connection refused by 127\.0\.0\.1:\d+$/,
    ],
  ])('%s is retried, and named without secrets', async (_name, webhookUrl, lastError) => {
    const { store, url } = await startApi({ LEAD_WEBHOOK_URL: await webhookUrl(), LEAD_WEBHOOK_SECRET: SECRET, ...SLOW_RETRIES })
    await post(url, lead(1))
    const delivery = await firstAttempt(store)
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, lastError: expect.stringMatching(lastError) })
    for (const secret of [SECRET, 'url-pass-31', 'sales:']) expect(delivery.lastError).not.toContain(secret)
  })

  it('an answer with no reply in time is retried', async () => {
    const receiver = await startWebhookReceiver(SECRET, () => 'hang')
    cleanups.push(receiver.close)
    const { store, url } = await startApi({
      LEAD_WEBHOOK_URL: receiver.url,
      LEAD_DELIVERY_TIMEOUT_MS: '300',
      ...SLOW_RETRIES,
    })
    await post(url, lead(1))
    expect(await firstAttempt(store)).toMatchObject({ status: 'pending', lastError: 'no answer within 300 ms' })
  })

  it.each<[string, Record<string, string>, number]>([
    ['429 with Retry-After in seconds', { 'retry-after': '120' }, 120_000],
    ['429 with Retry-After beyond the hour cap', { 'retry-after': '86400' }, 3_600_000],
  ])('%s waits as asked', async (_name, headers, waitMs) => {
    const receiver = await startWebhookReceiver(SECRET, () => ({ status: 429, headers }))
    cleanups.push(receiver.close)
    // Without Retry-After the next try would come within 50 ms.
    const { store, url } = await startApi({ LEAD_WEBHOOK_URL: receiver.url, LEAD_RETRY_BASE_MS: '50' })
    const before = Date.now()
    await post(url, lead(1))
    const delivery = await firstAttempt(store)
    expect(delivery.status).toBe('pending')
    expect(delivery.nextAttemptAt - before).toBeGreaterThanOrEqual(waitMs)
    expect(delivery.nextAttemptAt - Date.now()).toBeLessThanOrEqual(waitMs)
  })

  it('sends credentials of the URL as Basic authentication', async () => {
    const receiver = await startWebhookReceiver(SECRET)
    cleanups.push(receiver.close)
    const { store, url } = await startApi({ LEAD_WEBHOOK_URL: receiver.url.replace('http://', 'http://sales%40corvane:p%3Ass@') })
    await post(url, lead(1))
    await allDelivered(store)
    expect(receiver.received[0].authorization).toBe(`Basic ${Buffer.from('sales@corvane:p:ss').toString('base64')}`)
  })
})

describe('Retry-After', () => {
  const now = Date.parse('2026-11-23T10:00:00Z')
  it.each<[string | null, number | undefined]>([
    ['120', 120_000],
    [' 0 ', 0],
    ['Mon, 23 Nov 2026 10:02:00 GMT', 120_000],
    ['Mon, 23 Nov 2026 09:00:00 GMT', 0],
    ['soon', undefined],
    [null, undefined],
  ])('%s means %s ms', (header, ms) => {
    expect(retryAfterMs(header, now)).toBe(ms)
  })
})

describe('a failed email attempt', () => {
  it.each<[string, number, string, 'dead' | 'pending', RegExp]>([
    [
      'a mailbox that does not exist (550)',
      550,
      '5.1.1 mailbox unavailable',
      'dead',
      /^SMTP server refused the message at RCPT TO: 550 5\.1\.1 mailbox unavailable; not retried: fix SMTP_URL or LEAD_EMAIL_TO$/,
    ],
    [
      'a server busy for now (451)',
      451,
      '4.3.0 try again later',
      'pending',
      /^SMTP server deferred the message at RCPT TO: 451 4\.3\.0 try again later$/,
    ],
  ])('%s', async (_name, code, text, status, lastError) => {
    const smtp = await startSmtpReceiver(() => ({ code, text }))
    cleanups.push(smtp.close)
    const { store, url } = await startApi({ SMTP_URL: smtp.url, LEAD_EMAIL_TO: 'sales@corvane.example', ...SLOW_RETRIES })
    await post(url, lead(1))
    expect(await firstAttempt(store)).toMatchObject({ status, attempts: 1, lastError: expect.stringMatching(lastError) })
  })

  it('a refused connection is retried, and named without the password', async () => {
    const { store, url } = await startApi({
      SMTP_URL: `smtp://sales:smtp-pass-77@127.0.0.1:${await freePort()}`,
      LEAD_EMAIL_TO: 'sales@corvane.example',
      ...SLOW_RETRIES,
    })
    await post(url, lead(1))
    const delivery = await firstAttempt(store)
    expect(delivery).toMatchObject({
      status: 'pending',
      lastError: expect.stringMatching(/^connection refused by 127\.0\.0\.1:\d+$/),
    })
    expect(delivery.lastError).not.toContain('smtp-pass-77')
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

    // At least once: a message accepted just as its attempt timed out is sent again, with the same X-Lead-Id.
    const mailedLeads = smtp.mails.map((m) => /^x-lead-id: *(\d+)/im.exec(m.raw)?.[1])
    expect([...new Set(mailedLeads)].sort()).toEqual(ids)
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
    expect(dead).toMatchObject({ status: 'dead', lastError: 'webhook answered HTTP 503 Service Unavailable' })
    expect(dead.attempts).toBeGreaterThan(1)
    accept = true
    expect(await store.requeue({ dead: true }, Date.now(), Date.now() + 60_000)).toBe(1)
    await allDelivered(store)
    expect(receiver.uniqueKeys()).toEqual([String(dead.leadId)])
  })
})

describe('two servers on one PostgreSQL database', () => {
  // 400 requests and 200 deliveries through PostgreSQL: seconds on a busy two-core machine, more than the default 5.
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
  }, 30_000)
})
