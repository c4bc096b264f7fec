import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { signature } from '../../server/channels/webhook.ts'

interface ReceivedWebhook {
  key: string
  contentType?: string
  body: string
  signatureValid: boolean
  authorization?: string
}

/** What a receiver does with a request: answer a status (with headers, a body), never answer, or close the socket unanswered. */
type WebhookAction = number | { status: number; headers?: Record<string, string>; body?: string } | 'hang' | 'close'

/**
 * A real HTTP receiver on 127.0.0.1, for the channels that POST (webhook, Slack). `plan(n)` says
 * what the n-th request (from 1) gets. Requests answered with a 2xx are recorded.
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
      const { status, headers = {}, body: answer } = typeof action === 'number' ? { status: action } : action
      if (status >= 200 && status < 300) {
        received.push({
          key: String(req.headers['idempotency-key']),
          contentType: req.headers['content-type'],
          body,
          signatureValid: req.headers['x-signature-256'] === signature(secret, body),
          authorization: req.headers.authorization,
        })
      }
      res.writeHead(status, headers).end(answer)
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
