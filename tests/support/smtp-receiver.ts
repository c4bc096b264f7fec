import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

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
