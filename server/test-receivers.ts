import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { signature } from './lead-channels.ts'

interface ReceivedWebhook {
  key: string
  body: string
  signatureValid: boolean
}

/**
 * A real webhook receiver on 127.0.0.1. `plan(n)` says what the n-th request (from 1) gets: a
 * status to answer, or 'hang' to never answer. Requests with a valid signature are recorded.
 */
export async function startWebhookReceiver(secret: string, plan: (n: number) => number | 'hang' = () => 200) {
  const received: ReceivedWebhook[] = []
  let requests = 0
  const hanging = new Set<http.ServerResponse>()
  const server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      const action = plan(++requests)
      if (action === 'hang') return void hanging.add(res)
      if (action >= 200 && action < 300) {
        received.push({
          key: String(req.headers['idempotency-key']),
          body,
          signatureValid: req.headers['x-signature-256'] === signature(secret, body),
        })
      }
      res.writeHead(action).end()
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

/** A real SMTP server on 127.0.0.1 (the smtp-server package) that keeps every message it accepts. */
export async function startSmtpReceiver() {
  const mails: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
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
