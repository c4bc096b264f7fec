import { createHash } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config.ts'
import { githubOAuth } from './github-oauth.ts'

/** A stand-in for GitHub's token endpoint on 127.0.0.1: it knows one code, and records what it was sent. */
let github: Server
let githubUrl: string
const received: Record<string, string>[] = []

beforeAll(async () => {
  github = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => {
      const sent = JSON.parse(body || '{}') as Record<string, string>
      received.push({ path: request.url ?? '', accept: String(request.headers.accept), ...sent })
      const good = sent.code === 'good-code' && sent.client_id === 'client-1' && sent.client_secret === 'secret-1'
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(
        JSON.stringify(
          good
            ? { access_token: 'gho_token</script>', token_type: 'bearer', scope: 'repo' }
            : { error: 'bad_verification_code', error_description: 'The code passed is incorrect or expired.' },
        ),
      )
    })
  })
  await new Promise<void>((resolve) => github.listen(0, '127.0.0.1', resolve))
  githubUrl = `http://127.0.0.1:${(github.address() as { port: number }).port}`
})
afterAll(() => new Promise<void>((resolve) => github.close(() => resolve())))

async function app(env: Record<string, string>): Promise<FastifyInstance> {
  const server = Fastify()
  await server.register(githubOAuth, { prefix: '/api/auth/github', settings: loadConfig(env).githubOAuth })
  return server
}
const ENV = { GITHUB_OAUTH_CLIENT_ID: 'client-1', GITHUB_OAUTH_CLIENT_SECRET: 'secret-1' }

/** Starts a sign-in: the state GitHub is sent, and the cookie that must come back with it. */
async function start(server: FastifyInstance) {
  const answer = await server.inject({
    url: '/api/auth/github?provider=github&site_id=www.corvane.example&scope=repo',
    headers: { host: 'www.corvane.example' },
  })
  const location = new URL(String(answer.headers.location))
  const cookie = String(answer.headers['set-cookie']).split(';')[0]
  return { answer, location, cookie, state: location.searchParams.get('state')! }
}

describe('GitHub sign-in for the form editor', () => {
  it('is off unless its credentials are set', async () => {
    expect(loadConfig({}).githubOAuth).toBeUndefined()
    const off = await app({})
    expect((await off.inject({ url: '/api/auth/github?provider=github' })).statusCode).toBe(404)
  })

  it('sends the editor to GitHub with a state kept in an HttpOnly cookie', async () => {
    const server = await app({ ...ENV, GITHUB_OAUTH_BASE_URL: githubUrl })
    const { answer, location, state } = await start(server)
    expect(answer.statusCode).toBe(302)
    expect(location.origin + location.pathname).toBe(`${githubUrl}/login/oauth/authorize`)
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      client_id: 'client-1',
      scope: 'repo',
      redirect_uri: 'http://www.corvane.example/api/auth/github/callback',
    })
    expect(state.length).toBeGreaterThanOrEqual(32)
    expect(String(answer.headers['set-cookie'])).toMatch(
      /^github_oauth_state=[\w-]+; Path=\/api\/auth\/github; HttpOnly; SameSite=Lax; Max-Age=600$/,
    )
  })

  it('trades the code for a token at GitHub and hands it to the opener of this origin only', async () => {
    const server = await app({ ...ENV, GITHUB_OAUTH_BASE_URL: githubUrl })
    const { cookie, state } = await start(server)
    const answer = await server.inject({
      url: `/api/auth/github/callback?code=good-code&state=${state}`,
      headers: { host: 'www.corvane.example', cookie },
    })
    expect(answer.statusCode).toBe(200)
    expect(received.at(-1)).toMatchObject({
      path: '/login/oauth/access_token',
      accept: 'application/json',
      code: 'good-code',
      client_id: 'client-1',
      redirect_uri: 'http://www.corvane.example/api/auth/github/callback',
    })
    const script = /<script>([\s\S]*)<\/script>/.exec(answer.body)![1]
    // The handshake Decap CMS waits for, to this origin, never to '*'.
    expect(script).toContain(`opener.postMessage('authorizing:github',origin)`)
    expect(script).toContain('"http://www.corvane.example"')
    expect(script).toContain(
      'authorization:github:success:{\\"token\\":\\"gho_token\\u003c/script>\\",\\"provider\\":\\"github\\"}',
    )
    expect(script).not.toContain("'*'")
    // The one inline script runs by its hash; the token is not cached, nor sent on as a referrer.
    const hash = createHash('sha256').update(script).digest('base64')
    expect(answer.headers['content-security-policy']).toBe(
      `default-src 'none'; script-src 'sha256-${hash}'; base-uri 'none'; frame-ancestors 'none'`,
    )
    expect(answer.headers['cache-control']).toBe('no-store')
    expect(answer.headers['referrer-policy']).toBe('no-referrer')
    expect(String(answer.headers['set-cookie'])).toContain('Max-Age=0')
  })

  it('refuses a callback whose state this browser did not start, without asking GitHub', async () => {
    const server = await app({ ...ENV, GITHUB_OAUTH_BASE_URL: githubUrl })
    const { cookie } = await start(server)
    const asked = received.length
    for (const headers of [{ cookie }, {}]) {
      const answer = await server.inject({ url: '/api/auth/github/callback?code=good-code&state=forged', headers })
      expect(answer.statusCode).toBe(400)
      expect(answer.body).toContain('authorization:github:error:')
      expect(answer.body).not.toContain('gho_')
    }
    expect(received.length).toBe(asked)
  })

  it("passes GitHub's refusal of a code on to the editor", async () => {
    const server = await app({ ...ENV, GITHUB_OAUTH_BASE_URL: githubUrl })
    const { cookie, state } = await start(server)
    const answer = await server.inject({ url: `/api/auth/github/callback?code=stale&state=${state}`, headers: { cookie } })
    expect(answer.statusCode).toBe(400)
    expect(answer.body).toContain('The code passed is incorrect or expired.')
    expect(answer.body).toContain('authorization:github:error:')
  })
})
