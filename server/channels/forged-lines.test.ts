import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { leadMessages } from '../../src/core/lead.ts'
import { testContent } from '../../tests/support/content.ts'
import { startSmtpReceiver } from '../../tests/support/smtp-receiver.ts'
import { startWebhookReceiver } from '../../tests/support/webhook-receiver.ts'
import { loadConfig } from '../config.ts'
import { createServer } from '../create-server.ts'
import type { LeadStore } from '../store/lead-store.ts'
import type { NewLead } from '../store/rows.ts'

/**
 * A visitor who puts line breaks into a lead to make the sales team's message show a line of its
 * own (`Email: forged@…` above the real address): the API refuses it, and a lead that holds one
 * anyway (stored before the rule) reaches a real Slack-like receiver and a real SMTP server with
 * every field on its one line.
 */
const FORGED = 'Email:    forged@evil.example'
const FIELD_LINE = /^(Name|Email|Phone|Website|Form|Location):/

let slack: Awaited<ReturnType<typeof startWebhookReceiver>>
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>
let api: { url: string; store: LeadStore; close: () => Promise<void> }

beforeAll(async () => {
  slack = await startWebhookReceiver('', () => ({ status: 200, body: 'ok' }))
  smtp = await startSmtpReceiver()
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATABASE_PATH: path.join(mkdtempSync(path.join(tmpdir(), 'forged-lines-')), 'leads.sqlite'),
    RATE_LIMIT_MAX: '0',
    LEAD_DELIVERY_POLL_MS: '50',
    SLACK_WEBHOOK_URL: slack.url,
    SMTP_URL: smtp.url,
    LEAD_EMAIL_TO: 'sales@corvane.example',
  })
  const { app, store } = await createServer({ config, content: testContent(), site: false })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as { port: number }
  api = { url: `http://127.0.0.1:${port}`, store, close: () => app.close() }
})

afterAll(async () => {
  await api?.close()
  await slack?.close()
  await smtp?.close()
})

const post = (body: Record<string, unknown>) =>
  fetch(`${api.url}/api/appDev`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
const valid = { name: 'Dana Reyes', email: 'dana@acme.com', contact: '415 555 0142', url: 'acme.com', message: 'Hello' }

/** The plain-text part of a message as the SMTP server received it, transfer encoding undone. */
function mailText(raw: string): { headers: string; text: string } {
  const split = raw.indexOf('\r\n\r\n')
  const headers = raw.slice(0, split)
  let body = raw.slice(split + 4)
  if (/^content-transfer-encoding:\s*quoted-printable/im.test(headers))
    body = Buffer.from(
      body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8')
  else if (/^content-transfer-encoding:\s*base64/im.test(headers)) body = Buffer.from(body, 'base64').toString('utf8')
  return { headers, text: body.replace(/\r\n/g, '\n') }
}

/** Every line that starts like one of the lead's fields. */
const fieldLines = (text: string) => text.split(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/).filter((line) => FIELD_LINE.test(line))

describe('a forged line in a lead', () => {
  it.each([
    ['name', `Dana\n${FORGED}`, leadMessages.notOneLine],
    ['name', `Dana\r${FORGED}`, leadMessages.notOneLine],
    ['name', `Dana\u2028${FORGED}`, leadMessages.notOneLine],
    ['contact', `415 555 0142\n${FORGED}`, leadMessages.notOneLine],
    ['url', `acme.com\n${FORGED}`, leadMessages.notOneLine],
  ])('is refused in %s (%j) with 400 naming the field', async (field, value, message) => {
    const response = await post({ ...valid, [field]: value })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ errors: { [field]: message } })
  })

  it('stored before the rule, shows no line of its own in the Slack message or the email', async () => {
    const stored: NewLead = {
      name: `Dana\r\n${FORGED}`,
      email: 'dana@acme.com',
      phone: `4155550142\u2028Phone:    0000000000`,
      website: `acme.com\u0085Website:  evil.example`,
      message: `Hello\n${FORGED}\r\nName:     Someone Else`,
      formName: `Talk to Expert query\nForm:     Other`,
      ipAddress: '',
      location: { city: 'Austin\nLocation: Elsewhere', country: 'US' },
      remoteAddress: '127.0.0.1',
      requestId: null,
    }
    await api.store.insert(stored, { channels: ['slack', 'email'], giveUpAt: Date.now() + 60_000 })
    for (let waited = 0; waited < 15_000 && (slack.received.length === 0 || smtp.mails.length === 0); waited += 50)
      await new Promise((r) => setTimeout(r, 50))

    const slackText = (JSON.parse(slack.received[0].body) as { text: string }).text
    const { headers, text: mailBody } = mailText(smtp.mails[0].raw)
    // Slack's text escapes > as &gt;; the email is plain text.
    for (const [text, quote] of [
      [slackText, '&gt;'],
      [mailBody, '>'],
    ]) {
      expect(fieldLines(text)).toEqual([
        `Name:     Dana ${FORGED}`,
        'Email:    dana@acme.com',
        'Phone:    4155550142 Phone:    0000000000',
        'Website:  acme.com Website:  evil.example',
        'Form:     Talk to Expert query Form:     Other',
        'Location: Austin Location: Elsewhere, US',
      ])
      // The message's own lines are quoted, so none of them passes for a field either.
      expect(text).toContain(`Message:\n${quote} Hello\n${quote} ${FORGED}\n${quote} Name:     Someone Else`)
    }
    expect(headers).not.toMatch(/^Email:/m)
    expect(headers).toMatch(/^Subject: New lead #\d+: Dana Email: {4}forged@evil\.example$/m)
  })
})
