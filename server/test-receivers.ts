import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { signature } from './lead-channels.ts'

interface ReceivedWebhook {
  key: string
  body: string
  signatureValid: boolean
  authorization?: string
}

/** What a receiver does with a request: answer a status (with headers), never answer, or close the socket unanswered. */
type WebhookAction = number | { status: number; headers: Record<string, string> } | 'hang' | 'close'

/**
 * A real webhook receiver on 127.0.0.1. `plan(n)` says what the n-th request (from 1) gets.
 * Requests answered with a 2xx are recorded.
 */
export async function startWebhookReceiver(secret: string, plan: (n: number) => WebhookAction = () => 200) {
  const received: ReceivedWebhook[] = []
  let requests = 0
  const hanging = new Set<http.ServerResponse>()
  const server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      const action = plan(++requests)
      if (action === 'hang') return void hanging.add(res)
      if (action === 'close') return void req.socket.destroy()
      const { status, headers } = typeof action === 'number' ? { status: action, headers: {} } : action
      if (status >= 200 && status < 300) {
        received.push({
          key: String(req.headers['idempotency-key']),
          body,
          signatureValid: req.headers['x-signature-256'] === signature(secret, body),
          authorization: req.headers.authorization,
        })
      }
      res.writeHead(status, headers).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/leads`,
    received,
    requests: () => requests,
    /** The leads as a receiver that de-duplicates by Idempotency-Key sees them. */
    uniqueKeys: () => [...new Set(received.map((r) => r.key))],
    async close() {
      for (const res of hanging) res.destroy()
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

interface ReceivedMail {
  from: string
  to: string[]
  raw: string
}

/**
 * A real SMTP server on 127.0.0.1 (the smtp-server package) that keeps every message it accepts.
 * `refuseRecipient(n)` may answer the n-th RCPT TO (from 1) with an SMTP reply code and text instead.
 */
export async function startSmtpReceiver(
  refuseRecipient: (n: number) => { code: number; text: string } | undefined = () => undefined,
) {
  const mails: ReceivedMail[] = []
  let recipients = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      const refusal = refuseRecipient(++recipients)
      if (!refusal) return callback()
      callback(Object.assign(new Error(refusal.text), { responseCode: refusal.code }))
    },
    onData(stream, session, callback) {
      let raw = ''
      stream.on('data', (chunk) => (raw += chunk))
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
