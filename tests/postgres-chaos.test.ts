import type { ChildProcess } from 'node:child_process'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase, startPostgres, type PostgresServer } from '../tools/postgres-server.ts'
import { freePort, startServerProcess } from '../tools/server-process.ts'
import { startWebhookReceiver } from './support/webhook-receiver.ts'

/**
 * Two server processes on one PostgreSQL that restarts twice under a steady stream of leads, as
 * visitors' browsers send them: each lead retried with its Idempotency-Key until it is stored.
 * Its own PostgreSQL server, so the one other tests share is never restarted.
 */
const SECRET = 'chaos-test-secret-0123'
const CLIENTS = 10
/** Each client sends a lead, then waits this long: over a hundred leads a second, a few hundred in all. */
const PACE_MS = 60
const MAX_LEADS = 600
/** A client gives up on an answer after this long: a request that hangs fails the test. */
const CLIENT_TIMEOUT_MS = 5000
const RETRY_PAUSE_MS = 100
const UNAVAILABLE = { statusCode: 503, error: 'The service is briefly unavailable. Please try again in a few seconds.' }

type Answer = { status: number; retryAfter: string | null; body: string; ms: number } | { failed: string; ms: number }

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

let postgres: PostgresServer
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>
let databaseUrl: string
let ports: number[]
let servers: ChildProcess[] = []
const exits: string[] = []

beforeAll(async () => {
  postgres = await startPostgres()
  receiver = await startWebhookReceiver(SECRET)
  databaseUrl = await createDatabase(postgres.url)
  ports = [await freePort(), await freePort()]
  const starting = await Promise.allSettled(
    ports.map((port) =>
      startServerProcess({
        PORT: String(port),
        DATABASE_URL: databaseUrl,
        // On, and high: every lead passes the rate limit counted in PostgreSQL, and none is refused by it.
        RATE_LIMIT_MAX: '1000000',
        LEAD_WEBHOOK_URL: receiver.url,
        LEAD_WEBHOOK_SECRET: SECRET,
        LEAD_DELIVERY_TIMEOUT_MS: '1000',
        LEAD_RETRY_BASE_MS: '100',
        LEAD_DELIVERY_POLL_MS: '200',
        // The outage is expected: its warnings would only bury a real failure's output.
        LOG_LEVEL: 'fatal',
      }),
    ),
  )
  // Whichever started is stopped after the tests, even if the other did not.
  servers = starting.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []))
  for (const s of starting) if (s.status === 'rejected') throw s.reason
  servers.forEach((server, i) => server.on('exit', (code, signal) => exits.push(`server ${i} exited: ${code ?? signal}`)))
})

afterAll(async () => {
  for (const server of servers) {
    if (server.exitCode !== null || server.signalCode !== null) continue
    server.kill('SIGTERM')
    await new Promise((r) => server.once('exit', r))
  }
  await receiver?.close()
  await postgres?.stop()
})

describe('PostgreSQL restarting under load', () => {
  it('keeps both servers up, answers 503 with Retry-After during the outage, and stores and delivers every lead once', async () => {
    const answers: Answer[] = []
    const acknowledged = new Map<string, number>()
    const abandoned: string[] = []
    let sent = 0
    let stopping = false

    const sendLead = async (n: number) => {
      const key = `chaos-${n}`
      const body = JSON.stringify({
        name: `Lead ${n}`,
        email: 'chaos@acme.com',
        contact: '4155550142',
        message: `chaos lead ${n}`,
        query: 'Talk to Expert query',
      })
      const giveUpAt = Date.now() + 20_000
      for (let attempt = 0; Date.now() < giveUpAt; attempt++) {
        // A retry may land on the other server, as behind a load balancer.
        const port = ports[(n + attempt) % ports.length]
        const started = Date.now()
        try {
          const response = await fetch(`http://127.0.0.1:${port}/api/appDev`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'idempotency-key': key },
            body,
            signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
          })
          const text = await response.text()
          answers.push({
            status: response.status,
            retryAfter: response.headers.get('retry-after'),
            body: text,
            ms: Date.now() - started,
          })
          if (response.ok) return void acknowledged.set(key, (JSON.parse(text) as { id: number }).id)
        } catch (error) {
          answers.push({ failed: `${(error as Error).name}: ${(error as Error).message}`, ms: Date.now() - started })
        }
        await sleep(RETRY_PAUSE_MS)
      }
      abandoned.push(key)
    }
    const client = async () => {
      while (!stopping && sent < MAX_LEADS) {
        await sendLead(sent++)
        await sleep(PACE_MS)
      }
    }

    const started = Date.now()
    const load = Promise.all(Array.from({ length: CLIENTS }, client))
    await sleep(1000)
    await postgres.restart({ downMs: 1000 })
    await sleep(1000)
    await postgres.restart({ downMs: 1000 })
    // Long enough after the last restart for both servers' pools to be back in use.
    await sleep(1000)
    stopping = true
    await load
    const loadMs = Date.now() - started

    expect(exits).toEqual([])
    expect(servers.every((s) => s.exitCode === null && s.signalCode === null)).toBe(true)

    const failed = answers.filter((a) => 'failed' in a)
    expect(failed, 'requests that hung or found no server').toEqual([])
    expect(abandoned).toEqual([])
    expect(acknowledged.size).toBe(sent)
    const refused = answers.filter((a) => 'status' in a && !(a.status >= 200 && a.status < 300))
    // The outage was met, and met cleanly: no 500, no internal error text, a time to come back.
    expect(refused.length).toBeGreaterThan(0)
    for (const answer of refused) {
      expect(answer).toMatchObject({ status: 503, retryAfter: expect.stringMatching(/^[1-9]\d*$/) })
      expect(JSON.parse((answer as { body: string }).body)).toEqual(UNAVAILABLE)
    }

    // Stored exactly once each, under the id its answer gave.
    const db = new pg.Client({ connectionString: databaseUrl })
    await db.connect()
    const { rows } = await db.query<{ id: number; request_id: string }>('SELECT id::int AS id, request_id FROM leads ORDER BY id')
    await db.end()
    expect(rows).toHaveLength(sent)
    expect(new Map(rows.map((r) => [r.request_id, r.id]))).toEqual(acknowledged)

    // Delivered to the webhook, each lead at least once (its Idempotency-Key makes that once for the receiver).
    const ids = [...acknowledged.values()].sort((a, b) => a - b)
    const delivered = () =>
      receiver
        .uniqueKeys()
        .map(Number)
        .sort((a, b) => a - b)
    for (let waited = 0; waited < 20_000 && delivered().length < ids.length; waited += 100) await sleep(100)
    expect(delivered()).toEqual(ids)
    expect(receiver.received.every((r) => r.signatureValid)).toBe(true)

    for (const port of ports) expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200)
    console.info(
      `${sent} leads in ${loadMs} ms across two restarts: ${refused.length} answers 503, ` +
        `slowest answer ${Math.max(...answers.map((a) => a.ms))} ms, ${receiver.received.length} webhook deliveries`,
    )
  })
})
