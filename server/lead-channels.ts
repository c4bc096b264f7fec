import { createHmac } from 'node:crypto'
import nodemailer, { type Transporter } from 'nodemailer'
import type { ChannelName, StoredLead } from './lead-store.ts'

/** A place leads are sent to; `send` resolves once the receiver has accepted the lead. */
export interface LeadChannel {
  name: ChannelName
  /** `signal` ends the attempt early: the server is stopping, or the attempt ran out of time. */
  send(lead: StoredLead, signal: AbortSignal, timeoutMs: number): Promise<void>
  close?(): void
}

/** The lead as every receiver gets it: the same bytes on every attempt, so signatures and de-duplication hold. */
export function leadPayload(lead: StoredLead) {
  return {
    id: lead.id,
    created_at: lead.createdAt,
    fields: { name: lead.name, email: lead.email, contact: lead.contact, url: lead.url, message: lead.message },
    query: lead.query,
    location: lead.location,
  }
}

/** `sha256=<hex>`: the HMAC-SHA256 of the exact body bytes with the shared secret. */
export function signature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`
}

/**
 * POSTs each lead as JSON. `Idempotency-Key` is the lead id, so a receiver that keeps the keys it
 * has seen turns our at-least-once delivery into exactly once.
 */
export function webhookChannel(url: string, secret: string | undefined): LeadChannel {
  return {
    name: 'webhook',
    async send(lead, signal) {
      const body = JSON.stringify(leadPayload(lead))
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'idempotency-key': String(lead.id),
        'user-agent': 'lead-delivery/1',
      }
      if (secret) headers['x-signature-256'] = signature(secret, body)
      const response = await fetch(url, { method: 'POST', headers, body, redirect: 'error', signal })
      await response.body?.cancel()
      if (!response.ok) throw new Error(`webhook answered HTTP ${response.status}`)
    },
  }
}

/** Visitor text in a header: one line, no control characters, bounded. */
const headerText = (text: string, max: number) =>
  text
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .trim()
    .slice(0, max)

/** The plain-text message the sales team reads: every field on its own line, nothing rendered as markup. */
export function leadEmail(lead: StoredLead) {
  const where = lead.location ? [lead.location.city, lead.location.region, lead.location.country].filter(Boolean).join(', ') : ''
  const text = [
    `New lead #${lead.id} from the website (${lead.createdAt})`,
    '',
    `Name:     ${lead.name}`,
    `Email:    ${lead.email}`,
    `Phone:    ${lead.contact}`,
    `Website:  ${lead.url || '(none)'}`,
    `Form:     ${lead.query || '(none)'}`,
    `Location: ${where || '(unknown)'}`,
    '',
    'Message:',
    lead.message,
    '',
  ].join('\n')
  return { subject: `New lead #${lead.id}: ${headerText(lead.name, 80)}`, text }
}

/** One plain-text email per lead through the SMTP server of SMTP_URL; replying goes to the visitor. */
export function emailChannel(smtpUrl: string, to: string[], from: string): LeadChannel {
  let transport: Transporter | undefined
  return {
    name: 'email',
    async send(lead, signal, timeoutMs) {
      signal.throwIfAborted()
      transport ??= nodemailer.createTransport({
        url: smtpUrl,
        connectionTimeout: timeoutMs,
        greetingTimeout: timeoutMs,
        socketTimeout: timeoutMs,
      })
      const { subject, text } = leadEmail(lead)
      const domain =
        from
          .split('@')
          .pop()!
          .replace(/[^\w.-]/g, '') || 'localhost'
      await transport.sendMail({
        from,
        to,
        replyTo: { name: headerText(lead.name, 80), address: lead.email },
        subject,
        text,
        // The same id on a retried message lets mail clients show it once.
        messageId: `<lead-${lead.id}@${domain}>`,
        headers: { 'X-Lead-Id': String(lead.id) },
        disableFileAccess: true,
        disableUrlAccess: true,
      })
    },
    close: () => transport?.close(),
  }
}
