import nodemailer, { type Transporter } from 'nodemailer'
import { oneLine } from '../../src/core/lead.ts'
import type { StoredLead } from '../store/rows.ts'
import { defineChannel, leadLines, messageLines } from './channel.ts'
import { credentialsOf, DeliveryFailure, networkFailure, withoutSecrets } from './delivery-failure.ts'

/** Visitor text in a header: one line, no control characters, bounded. */
const headerText = (text: string, max: number) => oneLine(text).trim().slice(0, max)

/** The plain-text message the sales team reads: every field on its own line, the message quoted, nothing rendered as markup. */
export function leadEmail(lead: StoredLead) {
  const text = [
    `New lead #${lead.id} from the website (${lead.createdAt})`,
    '',
    ...leadLines(lead),
    '',
    ...messageLines(lead),
    '',
  ].join('\n')
  return { subject: `New lead #${lead.id}: ${headerText(lead.name, 80)}`, text }
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

const ADDRESS = /^[^\s@<>,]+@[^\s@<>,]+$/

/** SMTP_URL + LEAD_EMAIL_TO: one plain-text email per lead; replying goes to the visitor. */
export const email = defineChannel({
  name: 'email',
  variables: {
    SMTP_URL: { type: 'string', pattern: '^smtps?://.' },
    LEAD_EMAIL_TO: { type: 'string' },
    LEAD_EMAIL_FROM: { type: 'string' },
  },
  secrets: ['SMTP_URL'],
  hints: { SMTP_URL: 'expected smtp://user:password@host:port or smtps://…' },
  settings({ given, valid }, problems) {
    if (!given.SMTP_URL && !given.LEAD_EMAIL_TO) {
      if (valid.LEAD_EMAIL_FROM) problems.push('LEAD_EMAIL_FROM is set but SMTP_URL and LEAD_EMAIL_TO are not')
      return undefined
    }
    const to = (valid.LEAD_EMAIL_TO ?? '')
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean)
    const from = valid.LEAD_EMAIL_FROM?.trim() || to[0] || ''
    if (!valid.SMTP_URL || !URL.canParse(valid.SMTP_URL))
      problems.push('SMTP_URL: expected smtp://user:password@host:port or smtps://… when LEAD_EMAIL_TO is set')
    if (to.length === 0 || !to.every((a) => ADDRESS.test(a)))
      problems.push(`LEAD_EMAIL_TO=${given.LEAD_EMAIL_TO ?? ''}: expected one or more email addresses separated by commas`)
    if (valid.LEAD_EMAIL_FROM && !ADDRESS.test(from.replace(/^.*<(.+)>$/, '$1')))
      problems.push(`LEAD_EMAIL_FROM=${valid.LEAD_EMAIL_FROM}: expected an email address or "Name <address>"`)
    return { smtpUrl: valid.SMTP_URL ?? '', to, from }
  },
  open({ smtpUrl, to, from }) {
    let transport: Transporter | undefined
    const server = new URL(smtpUrl)
    const secrets = [smtpUrl, ...credentialsOf(server)].sort((a, b) => b.length - a.length)
    return {
      async send(lead, signal, timeoutMs) {
        signal.throwIfAborted()
        transport ??= nodemailer.createTransport({
          url: smtpUrl,
          connectionTimeout: timeoutMs,
          greetingTimeout: timeoutMs,
          socketTimeout: timeoutMs,
        })
        const { subject, text } = leadEmail(lead)
        const domain = from.slice(from.lastIndexOf('@') + 1).replace(/[^\w.-]/g, '') || 'localhost'
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
  },
})
