/**
 * Sign-in to the form editor with GitHub: /api/auth/github starts GitHub's OAuth flow, /callback trades
 * the code for a token and hands it to the editor's window with the postMessage handshake Decap CMS
 * speaks. On only with an OAuth app's client id and secret (callback https://<site>/api/auth/github/callback).
 * The token is never stored: it goes only to the window of this origin that opened the sign-in.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

export interface GithubOAuthSettings {
  clientId: string
  clientSecret: string
  /** GitHub's web address, where the authorize page and the token endpoint are. */
  baseUrl: string
  /** What the token may do: `repo` lets the editorial workflow push branches and open pull requests. */
  scope: string
}

const STATE_COOKIE = 'github_oauth_state'
const COOKIE_PATH = '/api/auth/github'
/** How long a started sign-in may take, in seconds. */
const STATE_MAX_AGE = 600
const TOKEN_TIMEOUT_MS = 10_000

/** This server's origin as the browser sees it (behind a trusted proxy: the forwarded protocol and host). */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`

function cookie(request: FastifyRequest, name: string): string | undefined {
  for (const part of String(request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=')
    if (key === name) return value.join('=')
  }
  return undefined
}

const sameText = (a: string, b: string) => {
  const [x, y] = [Buffer.from(a), Buffer.from(b)]
  return x.length === y.length && timingSafeEqual(x, y)
}

/**
 * The page that ends the sign-in in the popup: it tells the editor's window (its opener, on this
 * origin) that it is ready, and answers that window's reply with the result. Its one script is
 * allowed by its hash; nothing else runs or loads.
 */
function handshakePage(reply: FastifyReply, origin: string, result: { token: string } | { error: string }) {
  const message =
    'token' in result
      ? `authorization:github:success:${JSON.stringify({ token: result.token, provider: 'github' })}`
      : `authorization:github:error:${JSON.stringify({ message: result.error })}`
  // JSON escapes quotes; '<' is escaped too, so no value can close the script.
  const literal = (value: string) => JSON.stringify(value).replace(/</g, '\\u003c')
  const script =
    `(()=>{const origin=${literal(origin)},message=${literal(message)},opener=window.opener;` +
    `if(!opener){document.body.textContent='Open the content editor and sign in from there.';return}` +
    `window.addEventListener('message',(event)=>{if(event.origin===origin&&event.source===opener)opener.postMessage(message,origin)});` +
    `opener.postMessage('authorizing:github',origin)})()`
  const hash = createHash('sha256').update(script).digest('base64')
  const text = 'token' in result ? 'Signed in. This window closes by itself.' : `Sign-in failed: ${result.error}`
  return reply
    .code('token' in result ? 200 : 400)
    .headers({
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': `default-src 'none'; script-src 'sha256-${hash}'; base-uri 'none'; frame-ancestors 'none'`,
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
      // The editor's window must stay this popup's opener after its visit to GitHub.
      'cross-origin-opener-policy': 'unsafe-none',
      'set-cookie': `${STATE_COOKIE}=; Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax; Max-Age=0`,
    })
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">` +
        `<title>Signing in</title></head><body><p>${text.replace(/[<>&]/g, '')}</p><script>${script}</script></body></html>`,
    )
}

/** Asks GitHub for the token of an authorization code. */
async function exchangeCode(settings: GithubOAuthSettings, code: string, redirectUri: string) {
  const answer = await fetch(`${settings.baseUrl}/login/oauth/access_token`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify({
      client_id: settings.clientId,
      client_secret: settings.clientSecret,
      code,
      redirect_uri: redirectUri,
    }),
    signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
  })
  const body = (await answer.json().catch(() => ({}))) as { access_token?: unknown; error?: unknown; error_description?: unknown }
  if (answer.ok && typeof body.access_token === 'string' && body.access_token) return { token: body.access_token }
  return { error: String(body.error_description ?? body.error ?? `GitHub answered ${answer.status}`) }
}

/** The routes, under the prefix they are registered with (/api/auth/github); none while the settings are unset. */
export async function githubOAuth(app: FastifyInstance, { settings }: { settings?: GithubOAuthSettings }) {
  if (!settings) return
  app.get('/', async (request, reply) => {
    const { provider } = request.query as { provider?: string }
    if (provider !== undefined && provider !== 'github') return reply.code(400).send({ error: 'Only GitHub sign-in is offered.' })
    const state = randomBytes(24).toString('base64url')
    const secure = request.protocol === 'https' ? '; Secure' : ''
    const authorize = new URL(`${settings.baseUrl}/login/oauth/authorize`)
    authorize.search = new URLSearchParams({
      client_id: settings.clientId,
      redirect_uri: `${originOf(request)}${COOKIE_PATH}/callback`,
      scope: settings.scope,
      state,
    }).toString()
    return reply
      .headers({
        'set-cookie': `${STATE_COOKIE}=${state}; Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax; Max-Age=${STATE_MAX_AGE}${secure}`,
        'cache-control': 'no-store',
        'cross-origin-opener-policy': 'unsafe-none',
      })
      .redirect(authorize.toString(), 302)
  })
  app.get('/callback', async (request, reply) => {
    const origin = originOf(request)
    const { code, state, error } = request.query as { code?: string; state?: string; error?: string }
    const expected = cookie(request, STATE_COOKIE)
    // The sign-in this browser started, and no other: a code brought by anyone else is refused.
    if (!state || !expected || !sameText(state, expected))
      return handshakePage(reply, origin, { error: 'the sign-in expired or was not started here; try again' })
    if (error || !code) return handshakePage(reply, origin, { error: error ?? 'GitHub sent no code' })
    try {
      return handshakePage(reply, origin, await exchangeCode(settings, code, `${origin}${COOKIE_PATH}/callback`))
    } catch (failure) {
      request.log.warn({ err: { message: (failure as Error).message } }, 'GitHub token exchange failed')
      return handshakePage(reply, origin, { error: 'GitHub could not be reached; try again' })
    }
  })
}
