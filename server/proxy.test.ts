import http from 'node:http'
import { mkdtempSync } from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { testContent } from '../tests/support/content.ts'
import { loadConfig } from './config.ts'
import { createServer } from './create-server.ts'
import type { LeadStore } from './store/lead-store.ts'

const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})

async function listen(server: http.Server | FastifyInstance): Promise<number> {
  if ('server' in server) {
    await server.listen({ port: 0, host: '127.0.0.1' })
    return (server.server.address() as net.AddressInfo).port
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return (server.address() as net.AddressInfo).port
}

/** The API alone over real HTTP, with a fresh SQLite file. */
async function startApi(env: Record<string, string>): Promise<{ port: number; store: LeadStore }> {
  const databasePath = path.join(mkdtempSync(path.join(tmpdir(), 'proxy-test-')), 'leads.sqlite')
  const { app, store } = await createServer({
    config: loadConfig({ LOG_LEVEL: 'silent', DATABASE_PATH: databasePath, ...env }),
    content: testContent(),
    site: false,
  })
  const port = await listen(app)
  closers.push(() => app.close())
  return { port, store }
}

/** A reverse proxy like nginx's `proxy_add_x_forwarded_for`: it appends the peer's address and forwards from 127.0.0.1. */
async function startProxy(upstreamPort: number): Promise<number> {
  const proxy = http.createServer((req, res) => {
    const forwarded = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ')
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: upstreamPort,
        localAddress: '127.0.0.1',
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': forwarded },
      },
      (answer) => {
        res.writeHead(answer.statusCode!, answer.headers)
        answer.pipe(res)
      },
    )
    req.pipe(upstream)
  })
  const port = await listen(proxy)
  closers.push(() => new Promise((resolve) => proxy.close(() => resolve())))
  return port
}

/** A visitor at its own loopback address (127.0.0.2, 127.0.0.3, …) posting a lead. */
function postFrom(localAddress: string, port: number, message: string, headers: Record<string, string> = {}): Promise<number> {
  const body = JSON.stringify({ name: 'Dana Reyes', email: 'dana@acme.com', contact: '4155550142', message })
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        localAddress,
        method: 'POST',
        path: '/api/appDev',
        agent: false,
        headers: { 'content-type': 'application/json', ...headers },
      },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode!))
      },
    )
    request.on('error', reject)
    request.end(body)
  })
}

describe('TRUST_PROXY: visitors behind a proxy keep their own rate-limit buckets and addresses', () => {
  it.each([['1'], ['true'], ['127.0.0.1'], ['127.0.0.1/32, ::1']])('TRUST_PROXY=%s', async (trustProxy) => {
    const api = await startApi({ TRUST_PROXY: trustProxy, RATE_LIMIT_MAX: '2', RATE_LIMIT_WINDOW_MS: '60000' })
    const proxyPort = await startProxy(api.port)
    const a = [
      await postFrom('127.0.0.2', proxyPort, 'a1'),
      await postFrom('127.0.0.2', proxyPort, 'a2'),
      await postFrom('127.0.0.2', proxyPort, 'a3'),
    ]
    const b = [await postFrom('127.0.0.3', proxyPort, 'b1'), await postFrom('127.0.0.3', proxyPort, 'b2')]
    expect(a).toEqual([201, 201, 429])
    expect(b).toEqual([201, 201])
    expect((await api.store.all()).map((lead) => lead.remoteAddress)).toEqual([
      '127.0.0.2',
      '127.0.0.2',
      '127.0.0.3',
      '127.0.0.3',
    ])
  })

  it.each([['1'], ['127.0.0.1']])(
    'TRUST_PROXY=%s ignores an address the visitor forges in front of the proxy',
    async (trustProxy) => {
      const api = await startApi({ TRUST_PROXY: trustProxy, RATE_LIMIT_MAX: '0' })
      const proxyPort = await startProxy(api.port)
      expect(await postFrom('127.0.0.2', proxyPort, 'forged', { 'x-forwarded-for': '198.51.100.66' })).toBe(201)
      expect((await api.store.all())[0].remoteAddress).toBe('127.0.0.2')
    },
  )

  it('TRUST_PROXY=2 sees through two proxies in a row', async () => {
    const api = await startApi({ TRUST_PROXY: '2', RATE_LIMIT_MAX: '1' })
    const inner = await startProxy(api.port)
    const outer = await startProxy(inner)
    expect([
      await postFrom('127.0.0.2', outer, 'a'),
      await postFrom('127.0.0.3', outer, 'b'),
      await postFrom('127.0.0.2', outer, 'c'),
    ]).toEqual([201, 201, 429])
    expect((await api.store.all()).map((lead) => lead.remoteAddress)).toEqual(['127.0.0.2', '127.0.0.3'])
  })

  it('an address list trusts only those peers: a direct visitor cannot forge its address', async () => {
    const api = await startApi({ TRUST_PROXY: '127.0.0.1', RATE_LIMIT_MAX: '0' })
    expect(await postFrom('127.0.0.2', api.port, 'direct', { 'x-forwarded-for': '198.51.100.66' })).toBe(201)
    expect((await api.store.all())[0].remoteAddress).toBe('127.0.0.2')
  })

  it('without TRUST_PROXY every visitor behind a proxy is the proxy', async () => {
    const api = await startApi({ RATE_LIMIT_MAX: '0' })
    const proxyPort = await startProxy(api.port)
    await postFrom('127.0.0.2', proxyPort, 'a')
    expect((await api.store.all())[0].remoteAddress).toBe('127.0.0.1')
  })

  it.each([['maybe'], ['10.0.0.300'], ['127.0.0.1/99'], ['101']])('rejects TRUST_PROXY=%s at start, naming it', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(new RegExp(`TRUST_PROXY=${value.replace(/[./]/g, '\\$&')}`))
  })
})

describe('slow clients are cut off', () => {
  /** Opens a raw connection, writes `text`, and resolves with how the server ended it (or 'open' after `waitMs`). */
  function trickle(port: number, text: string, waitMs: number): Promise<{ ended: boolean; answer: string }> {
    return new Promise((resolve) => {
      let answer = ''
      const socket = net.connect(port, '127.0.0.1', () => socket.write(text))
      socket.on('data', (chunk) => (answer += chunk))
      const timer = setTimeout(() => {
        socket.destroy()
        resolve({ ended: false, answer })
      }, waitMs)
      socket.on('close', () => {
        clearTimeout(timer)
        resolve({ ended: true, answer })
      })
      socket.on('error', () => undefined)
    })
  }

  it('closes a request whose body never finishes', async () => {
    const api = await startApi({ REQUEST_TIMEOUT_MS: '1000' })
    const head =
      'POST /api/appDev HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"name":"Da'
    const result = await trickle(api.port, head, 8000)
    expect(result.ended).toBe(true)
    expect(result.answer).toMatch(/^HTTP\/1\.1 408/)
    expect(await api.store.count()).toBe(0)
  })

  it('closes a request whose headers never finish', async () => {
    const api = await startApi({ REQUEST_TIMEOUT_MS: '1000' })
    const result = await trickle(api.port, 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ', 8000)
    expect(result.ended).toBe(true)
  })
})
