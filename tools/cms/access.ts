/**
 * Who may use `npm run cms`: the browser tab opened from the address it printed, and nothing else
 * on this machine or beyond. Three locks, each for an attack the others miss:
 * - the Host header must be the server's own (127.0.0.1 or localhost at its port), so a page whose
 *   name was rebound to 127.0.0.1 (DNS rebinding) gets nothing;
 * - an Origin header, when sent, must be the server's own origin, so a page of another local server
 *   (same site for cookies, since ports do not count) cannot post to the proxy;
 * - every request must carry this run's session cookie, which only a tab that opened a one-time
 *   address (…/admin/?token=…) receives: HttpOnly (no script reads it), SameSite=Strict, and named
 *   after the port, so two runs on two ports do not overwrite each other's.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'

/** Where a one-time address sends the tab once its cookie is set. */
export const ADMIN_PATH = '/admin/'

const USED_ADDRESS =
  'This address was used already, or belongs to another run of `npm run cms`. Open the address it printed last, or stop it and start it again for a new one.'
const NO_SESSION = "Open the editor with the address `npm run cms` printed: it carries this run's one-time key."

const secret = () => randomBytes(32).toString('base64url')

const sameSecret = (given: string, expected: string) =>
  given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected))

/** The value of cookie `name` in a Cookie header. */
function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=')
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim()
  }
  return undefined
}

/** The access rules of one run of the server on `port`. */
export function accessGuard(port: number) {
  const session = secret()
  const cookie = `cms-session-${port}`
  const unused = new Set<string>()
  const hosts = [`127.0.0.1:${port}`, `localhost:${port}`]

  /** Refuses with a line the reader of the answer needs: JSON for the proxy, text for a page. */
  const refuse = (request: FastifyRequest, reply: FastifyReply, status: number, message: string) => {
    if (request.method === 'POST') return reply.code(status).send({ error: message })
    return reply.code(status).type('text/plain; charset=utf-8').send(message)
  }

  return {
    /** A new one-time address for a browser tab, at `base` (http://127.0.0.1:<port>). */
    signInUrl(base: string): string {
      const token = secret()
      unused.add(token)
      return `${base}${ADMIN_PATH}?token=${token}`
    },
    /** The onRequest hook: lets through only requests of the signed-in tab; exchanges a one-time token for the cookie. */
    async check(request: FastifyRequest, reply: FastifyReply) {
      const host = request.headers.host ?? ''
      if (!hosts.includes(host))
        return refuse(request, reply, 403, `this editor answers only at http://127.0.0.1:${port}, not at the host '${host}'`)
      const origin = request.headers.origin
      if (origin !== undefined && origin !== `http://${host}`)
        return refuse(request, reply, 403, `requests from ${origin} are refused: only the editor's own page may use it`)
      const query = request.query as Record<string, unknown>
      if (request.method === 'GET' && request.url.split('?')[0] === ADMIN_PATH && typeof query.token === 'string') {
        const token = [...unused].find((candidate) => sameSecret(query.token as string, candidate))
        if (!token) return refuse(request, reply, 401, USED_ADDRESS)
        unused.delete(token)
        reply.header('set-cookie', `${cookie}=${session}; Path=/; HttpOnly; SameSite=Strict`)
        return reply.code(303).header('location', ADMIN_PATH).header('cache-control', 'no-store').send()
      }
      const given = cookieValue(request.headers.cookie, cookie)
      if (given === undefined || !sameSecret(given, session)) return refuse(request, reply, 401, NO_SESSION)
    },
  }
}
