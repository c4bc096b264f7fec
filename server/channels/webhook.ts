import { createHmac } from 'node:crypto'
import type { StoredLead } from '../store/rows.ts'
import { defineChannel } from './channel.ts'
import { httpPoster } from './http-post.ts'

/**
 * The lead as the webhook's receiver gets it, in the request's names: the same bytes on every
 * attempt, so signatures and de-duplication hold.
 */
export function leadPayload(lead: StoredLead) {
  return {
    id: lead.id,
    created_at: lead.createdAt,
    fields: { name: lead.name, email: lead.email, contact: lead.phone, url: lead.website, message: lead.message },
    query: lead.formName,
    location: lead.location,
  }
}

/** `sha256=<hex>`: the HMAC-SHA256 of the exact body bytes with the shared secret. */
export function signature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`
}

/**
 * LEAD_WEBHOOK_URL: POSTs each lead as JSON, signed with LEAD_WEBHOOK_SECRET. `Idempotency-Key` is
 * the lead id, so a receiver that keeps the keys it has seen turns at-least-once into exactly once.
 */
export const webhook = defineChannel({
  name: 'webhook',
  variables: {
    LEAD_WEBHOOK_URL: { type: 'string', pattern: '^https?://[^/]' },
    LEAD_WEBHOOK_SECRET: { type: 'string', minLength: 16 },
  },
  secrets: ['LEAD_WEBHOOK_URL', 'LEAD_WEBHOOK_SECRET'],
  hints: { LEAD_WEBHOOK_URL: 'expected an http:// or https:// URL' },
  settings({ valid }, problems) {
    if (!valid.LEAD_WEBHOOK_URL) {
      if (valid.LEAD_WEBHOOK_SECRET) problems.push('LEAD_WEBHOOK_SECRET is set but LEAD_WEBHOOK_URL is not')
      return undefined
    }
    if (!URL.canParse(valid.LEAD_WEBHOOK_URL)) problems.push('LEAD_WEBHOOK_URL: expected an http:// or https:// URL')
    return { url: valid.LEAD_WEBHOOK_URL, secret: valid.LEAD_WEBHOOK_SECRET || undefined }
  },
  open({ url, secret }) {
    const post = httpPoster(url, { receiver: 'webhook', variable: 'LEAD_WEBHOOK_URL', secrets: secret ? [secret] : [] })
    return {
      async send(lead, signal, timeoutMs) {
        const body = JSON.stringify(leadPayload(lead))
        const headers: Record<string, string> = {
          'content-type': 'application/json',
          'idempotency-key': String(lead.id),
          'user-agent': 'lead-delivery/1',
        }
        if (secret) headers['x-signature-256'] = signature(secret, body)
        await post(body, headers, signal, timeoutMs)
      },
    }
  },
})
