import { createHmac } from 'node:crypto'
import { STATUS_CODES } from 'node:http'
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
 * Why an attempt failed, in words an operator acts on. `permanent`: the same request would get the
 * same answer, so the delivery is kept as dead at once; `retryAfterMs`: the receiver asked for a pause.
 */
export class DeliveryFailure extends Error {
  readonly permanent: boolean
  readonly retryAfterMs?: number
  constructor(message: string, { permanent = false, retryAfterMs }: { permanent?: boolean; retryAfterMs?: number } = {}) {
    super(message)
    this.name = 'DeliveryFailure'
    this.permanent = permanent
    this.retryAfterMs = retryAfterMs
  }
}

/** Answers that may change on a later try: a timeout, a request still in progress under the same Idempotency-Key, too early, too many. */
const RETRYABLE_CLIENT_ERRORS = new Set([408, 409, 425, 429])

/** Retry-After in milliseconds, as seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000
  const at = Date.parse(header)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}

/**
 * A redirect's address as a delivery record and the logs show it: no credentials, no query, and not
 * the path of LEAD_WEBHOOK_URL itself (any of them may carry a token).
 */
const shownAddress = (url: URL, own: URL) => `${url.origin}${url.pathname === own.pathname ? ' (the same path)' : url.pathname}`

/** Codes nodemailer gives a stage of its exchange; the system's own code is then in the message. */
const SMTP_STAGES = new Set(['ESOCKET', 'EDNS', 'ECONNECTION', 'EPROTOCOL'])

/** The system's error under a failure: fetch wraps it as the cause of "fetch failed", nodemailer names it in its message. */
function systemError(error: unknown): { code?: string; message: string } {
  let inner = error
  while ((inner as { cause?: unknown } | undefined)?.cause) inner = (inner as { cause: unknown }).cause
  const { code, message } = (inner ?? {}) as { code?: unknown; message?: unknown }
  const text = String(message ?? inner)
  const named = /\b(E[A-Z]{4,}|EAI_[A-Z]+)\b/.exec(text)?.[1]
  if (typeof code === 'string' && !SMTP_STAGES.has(code)) return { code, message: text }
  return { code: named ?? (typeof code === 'string' ? code : undefined), message: text }
}

/** A connection that failed before any answer, in plain words naming the host, never a credential. */
function networkFailure(error: unknown, host: string, port: number | string): DeliveryFailure {
  const { code, message } = systemError(error)
  const at = `${host}:${port}`
  switch (code) {
    case 'ECONNREFUSED':
      return new DeliveryFailure(`connection refused by ${at}`)
    case 'ENOTFOUND':
    case 'EAI_NONAME':
    case 'EAI_FAIL':
      return new DeliveryFailure(`host not found: ${host}`)
    case 'EAI_AGAIN':
      return new DeliveryFailure(`host ${host} could not be looked up (no DNS answer)`)
    case 'UND_ERR_SOCKET':
      return new DeliveryFailure(`the receiver closed the connection before answering (${at})`)
    case 'ECONNRESET':
    case 'EPIPE':
      return new DeliveryFailure(`the receiver reset the connection (${at})`)
    case 'ETIMEDOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
      return new DeliveryFailure(`connecting to ${at} timed out`)
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return new DeliveryFailure(`${at} cannot be reached (${code})`)
  }
  // fetch never connects to the ports browsers block (6000, 6665-6669 and others): no retry helps.
  if (message === 'bad port')
    return new DeliveryFailure(`port ${port} is one fetch refuses to use; not retried: move the receiver to another port`, {
      permanent: true,
    })
  if (code && /CERT|TLS|SSL/.test(code)) return new DeliveryFailure(`TLS with ${at} failed (${code}): ${message}`)
  return new DeliveryFailure(`${code ? `${code}: ` : ''}${message} (${at})`)
}

/** A non-2xx answer: permanent unless it is a 5xx, a retryable 4xx, or a temporary redirect. */
function answerFailure(response: Response, target: URL): DeliveryFailure {
  const { status } = response
  if (status >= 300 && status < 400) {
    const location = response.headers.get('location')
    const to =
      location && URL.canParse(location, target) ? shownAddress(new URL(location, target), target) : '(no Location header)'
    // A permanent redirect will be answered the same way tomorrow; a temporary one may not.
    const permanent = status === 301 || status === 308
    return new DeliveryFailure(
      `redirect to ${to} not followed (HTTP ${status})${permanent ? '; not retried' : ''}: set LEAD_WEBHOOK_URL to the address that takes the POST itself`,
      { permanent },
    )
  }
  const answered = `webhook answered HTTP ${status}${STATUS_CODES[status] ? ` ${STATUS_CODES[status]}` : ''}`
  if (status >= 500 || RETRYABLE_CLIENT_ERRORS.has(status)) {
    const pause = status === 429 || status === 503 ? retryAfterMs(response.headers.get('retry-after')) : undefined
    return new DeliveryFailure(answered, { retryAfterMs: pause })
  }
  return new DeliveryFailure(
    `${answered}; not retried, the same request gets the same answer: fix the receiver or LEAD_WEBHOOK_URL, then npm run leads:redeliver`,
    { permanent: true },
  )
}

/** `text` without any of `secrets`: a driver's message may quote a URL or a password. */
function withoutSecrets(text: string, secrets: readonly string[]): string {
  let safe = text
  for (const secret of secrets) if (secret.length >= 3) safe = safe.split(secret).join('***')
  return safe
}

/** A URL's user name and password, raw and decoded, to keep out of delivery records. */
function credentialsOf(url: URL): string[] {
  return [url.username, url.password].filter(Boolean).flatMap((part) => [part, decodeURIComponent(part)])
}

/**
 * POSTs each lead as JSON. `Idempotency-Key` is the lead id, so a receiver that keeps the keys it
 * has seen turns our at-least-once delivery into exactly once.
 */
export function webhookChannel(url: string, secret: string | undefined): LeadChannel {
  const target = new URL(url)
  // fetch refuses a URL with credentials; they travel as Basic authentication, as curl sends them.
  const credentials = credentialsOf(target)
  const authorization =
    target.username || target.password
      ? `Basic ${Buffer.from(`${decodeURIComponent(target.username)}:${decodeURIComponent(target.password)}`).toString('base64')}`
      : undefined
  target.username = ''
  target.password = ''
  const port = target.port || (target.protocol === 'https:' ? 443 : 80)
  const secrets = [url, ...credentials, ...(secret ? [secret] : [])].sort((a, b) => b.length - a.length)
  return {
    name: 'webhook',
    async send(lead, signal, timeoutMs) {
      const body = JSON.stringify(leadPayload(lead))
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'idempotency-key': String(lead.id),
        'user-agent': 'lead-delivery/1',
      }
      if (secret) headers['x-signature-256'] = signature(secret, body)
      if (authorization) headers.authorization = authorization
      let response: Response
      try {
        // Redirects are reported, not followed: a POST sent on to another address may not be meant for it.
        response = await fetch(target, { method: 'POST', headers, body, redirect: 'manual', signal })
        await response.body?.cancel()
      } catch (error) {
        if (signal.aborted) throw abortFailure(signal, timeoutMs)
        const failure = networkFailure(error, target.hostname, port)
        throw new DeliveryFailure(withoutSecrets(failure.message, secrets), failure)
      }
      if (!response.ok) throw answerFailure(response, target)
    },
  }
}

/** An attempt ended by its signal: out of time, or the server stopping. */
function abortFailure(signal: AbortSignal, timeoutMs: number): DeliveryFailure {
  const reason = signal.reason as { name?: string; message?: string } | undefined
  return new DeliveryFailure(
    reason?.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : `interrupted: ${reason?.message ?? 'aborted'}`,
  )
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
  const server = new URL(smtpUrl)
  const secrets = [smtpUrl, ...credentialsOf(server)].sort((a, b) => b.length - a.length)
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
      try {
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
      } catch (error) {
        throw smtpFailure(error, server, secrets)
      }
    },
    close: () => transport?.close(),
  }
}

/**
 * A failed SMTP exchange: a 5xx reply is the server's final word (a mailbox that does not exist, a
 * sender it refuses, bad credentials), a 4xx reply asks to try later, and so does a lost connection.
 */
function smtpFailure(error: unknown, server: URL, secrets: readonly string[]): DeliveryFailure {
  const { responseCode, response, command } = error as { responseCode?: number; response?: string; command?: string }
  if (typeof responseCode === 'number' && responseCode >= 400) {
    const reply = withoutSecrets(String(response ?? (error as Error).message).split('\n')[0], secrets)
    const at = command ? ` at ${command}` : ''
    return responseCode >= 500
      ? new DeliveryFailure(`SMTP server refused the message${at}: ${reply}; not retried: fix SMTP_URL or LEAD_EMAIL_TO`, {
          permanent: true,
        })
      : new DeliveryFailure(`SMTP server deferred the message${at}: ${reply}`)
  }
  const port = server.port || (server.protocol === 'smtps:' ? 465 : 587)
  const failure = networkFailure(error, server.hostname, port)
  return new DeliveryFailure(withoutSecrets(failure.message, secrets), failure)
}
