import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { testContent } from '../../tests/support/content.ts'
import { startWebhookReceiver } from '../../tests/support/webhook-receiver.ts'
import { ConfigError, loadConfig } from '../config.ts'
import { createServer } from '../create-server.ts'
import type { LeadStore } from '../store/lead-store.ts'
import type { Delivery, StoredLead } from '../store/rows.ts'
import { slackEscape, slackMessage } from './slack.ts'

const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

const stored: StoredLead = {
  id: 7,
  createdAt: '2026-11-23T10:00:00.000Z',
  name: 'Dana <!channel>',
  email: 'dana@acme.com',
  phone: '4155550142',
  website: 'acme.com',
  message: 'Hi & welcome <https://evil.example|click here> <@U024BE7LH> @here',
  formName: 'Talk to Expert query',
  ipAddress: '',
  location: { city: 'Austin', country: 'US' },
  remoteAddress: '127.0.0.1',
  requestId: null,
}

describe('the Slack message', () => {
  it.each([
    ['<!channel>', '&lt;!channel&gt;'],
    ['<@U024BE7LH>', '&lt;@U024BE7LH&gt;'],
    ['<https://evil.example|click here>', '&lt;https://evil.example|click here&gt;'],
    ['Tom & Jerry', 'Tom &amp; Jerry'],
    ['&lt; already escaped', '&amp;lt; already escaped'],
    ['*bold* _plain_ @here', '*bold* _plain_ @here'],
  ])('shows %s as text: %s', (typed, sent) => {
    expect(slackEscape(typed)).toBe(sent)
  })

  it('holds every field in plain text, one per line, the message last and quoted', () => {
    expect(slackMessage(stored)).toEqual({
      text: [
        'New lead #7 from the website (2026-11-23T10:00:00.000Z)',
        'Name:     Dana &lt;!channel&gt;',
        'Email:    dana@acme.com',
        'Phone:    4155550142',
        'Website:  acme.com',
        'Form:     Talk to Expert query',
        'Location: Austin, US',
        'Message:',
        '&gt; Hi &amp; welcome &lt;https://evil.example|click here&gt; &lt;@U024BE7LH&gt; @here',
      ].join('\n'),
    })
  })
})

/** The API with the Slack channel on, over real HTTP, on a fresh SQLite file. */
async function startApi(slackUrl: string) {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATABASE_PATH: path.join(mkdtempSync(path.join(tmpdir(), 'slack-')), 'leads.sqlite'),
    RATE_LIMIT_MAX: '0',
    LEAD_DELIVERY_POLL_MS: '50',
    // Ten minutes at the earliest: a test sees the first attempt's record alone.
    LEAD_RETRY_BASE_MS: '1200000',
    SLACK_WEBHOOK_URL: slackUrl,
  })
  const { app, store } = await createServer({ config, content: testContent(), site: false })
  await app.listen({ port: 0, host: '127.0.0.1' })
  cleanups.push(() => app.close())
  const { port } = app.server.address() as { port: number }
  const response = await fetch(`http://127.0.0.1:${port}/api/appDev`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Dana', email: 'dana@acme.com', contact: '415 555 0142', message: 'Hello <!channel>' }),
  })
  expect(response.status).toBe(201)
  return store
}

async function firstAttempt(store: LeadStore): Promise<Delivery> {
  for (let waited = 0; waited < 15_000; waited += 50) {
    const [delivery] = await store.deliveries('all')
    if (delivery && delivery.attempts > 0) return delivery
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error('no attempt was recorded in 15 s')
}

describe('delivery to a Slack incoming webhook', () => {
  it('posts {"text": …} as JSON and counts 200 "ok" as delivered', async () => {
    const receiver = await startWebhookReceiver('', () => ({ status: 200, body: 'ok' }))
    cleanups.push(receiver.close)
    const store = await startApi(receiver.url)
    expect(await firstAttempt(store)).toMatchObject({ channel: 'slack', status: 'delivered', lastError: null })
    const [{ body, contentType }] = receiver.received
    expect(contentType).toBe('application/json')
    expect(Object.keys(JSON.parse(body))).toEqual(['text'])
    expect(JSON.parse(body).text).toContain('Message:\n&gt; Hello &lt;!channel&gt;')
  })

  it.each<[string, Parameters<typeof startWebhookReceiver>[1], 'dead' | 'pending', RegExp]>([
    [
      'a revoked URL (404 no_service)',
      () => ({ status: 404, body: 'no_service' }),
      'dead',
      /^Slack answered HTTP 404 Not Found \(no_service\); not retried, .*fix the receiver or SLACK_WEBHOOK_URL, then npm run leads:redeliver$/,
    ],
    [
      'an archived channel (410 channel_is_archived)',
      () => ({ status: 410, body: 'channel_is_archived' }),
      'dead',
      /^Slack answered HTTP 410 Gone \(channel_is_archived\); not retried/,
    ],
    [
      'a rate limit (429)',
      () => ({ status: 429, headers: { 'retry-after': '30' }, body: 'rate_limited' }),
      'pending',
      /^Slack answered HTTP 429 Too Many Requests \(rate_limited\)$/,
    ],
    [
      'a Slack outage (500)',
      () => ({ status: 500, body: 'rollup_error' }),
      'pending',
      /^Slack answered HTTP 500 .*\(rollup_error\)$/,
    ],
    [
      'a permanent redirect',
      () => ({ status: 301, headers: { location: 'https://hooks.example/elsewhere' } }),
      'dead',
      /^redirect to https:\/\/hooks\.example\/elsewhere not followed \(HTTP 301\); not retried: set SLACK_WEBHOOK_URL/,
    ],
  ])('%s: kept as %s with what Slack said', async (_name, plan, status, lastError) => {
    const receiver = await startWebhookReceiver('', plan)
    cleanups.push(receiver.close)
    const delivery = await firstAttempt(await startApi(receiver.url))
    expect(delivery).toMatchObject({ channel: 'slack', status, attempts: 1, lastError: expect.stringMatching(lastError) })
  })

  it('names the URL, never its token, when it is not a URL', () => {
    let problems: string[] = []
    try {
      loadConfig({ SLACK_WEBHOOK_URL: 'hooks.slack.com/services/T000/B000/secret-token-xyz' })
    } catch (error) {
      problems = (error as ConfigError).problems
    }
    expect(problems).toEqual([
      'SLACK_WEBHOOK_URL: expected the https://hooks.slack.com/services/… URL of a Slack incoming webhook',
    ])
  })
})
