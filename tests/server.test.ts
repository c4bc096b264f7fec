import { createHash } from 'node:crypto'
import { mkdtempSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort, startServerProcess } from '../tools/server-process.ts'
import { startWebhookReceiver } from './support/webhook-receiver.ts'
import { startSite, type RunningSite } from './browser.ts'

let site: RunningSite
beforeAll(async () => {
  site = await startSite()
})
afterAll(async () => site?.close())

const get = (p: string, headers: Record<string, string> = {}) => fetch(site.url + p, { headers, redirect: 'manual' })

describe('static site', () => {
  it('serves a landing page as prerendered HTML with security headers', async () => {
    const response = await get('/ai/Ai-Development')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
    const csp = response.headers.get('content-security-policy')!
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/)
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", 'connect-src'])
      expect(csp).toContain(directive)
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('referrer-policy')).toBeTruthy()
    expect(await response.text()).toContain('<h1')
  })

  it('gives hashed assets a year of immutable caching', async () => {
    const html = await (await get('/')).text()
    const asset = /<link rel="modulepreload"[^>]*href="(\/assets\/[^"]+\.js)"/.exec(html)![1]
    const response = await get(asset)
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
  })

  it("revalidates a landing page's data file, which keeps its address when the copy changes", async () => {
    // The page's own HTML does not name it (a first visit needs no data file): the build's folder does.
    const [folder] = readdirSync(path.resolve('dist/page-data'))
    const data = `/page-data/${folder}/Ai-Development.js`
    const response = await get(data, { 'accept-encoding': 'br' })
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    // Compressed by the server on first request: the build leaves page data uncompressed.
    expect(response.headers.get('content-encoding')).toBe('br')
    expect(await response.text()).toMatch(/^export default JSON\.parse\(/)
    const etag = response.headers.get('etag')!
    expect((await get(data, { 'if-none-match': etag })).status).toBe(304)
  })

  it('answers brotli, gzip or plain by Accept-Encoding, all with the same content', async () => {
    const plain = Buffer.from(await (await get('/ai/Ai-Development', { 'accept-encoding': 'identity' })).arrayBuffer())
    const br = await get('/ai/Ai-Development', { 'accept-encoding': 'gzip, br' })
    const gz = await get('/ai/Ai-Development', { 'accept-encoding': 'gzip' })
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(br.headers.get('vary')).toBe('Accept-Encoding')
    // fetch decodes each encoding; all three must give the same page.
    expect(Buffer.from(await br.arrayBuffer()).equals(plain)).toBe(true)
    expect(Buffer.from(await gz.arrayBuffer()).equals(plain)).toBe(true)
  })

  it('answers a matching ETag with 304, and HEAD without a body', async () => {
    const etag = (await get('/ai/Ai-Development')).headers.get('etag')!
    expect(etag).toMatch(/^"[\w-]+"$/)
    expect((await get('/ai/Ai-Development', { 'if-none-match': etag })).status).toBe(304)
    const head = await fetch(site.url + '/ai/Ai-Development', { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('etag')).toBe(etag)
    expect(await head.text()).toBe('')
  })

  it.each([
    ['/ai/ai-development', 301, '/ai/Ai-Development'],
    ['/ai/AI-CONSULTING', 301, '/ai/Ai-Consulting'],
    ['/ai/no-such-page', 302, '/'],
    ['/blog/', 301, '/blog'],
  ])('redirects %s with %i to %s', async (from, status, to) => {
    const response = await get(from)
    expect(response.status).toBe(status)
    expect(response.headers.get('location')).toBe(to)
  })

  it.each([['/ai'], ['/ai/'], ['/ai//'], ['/ai/?x=1']])('sends %s home with 302, like any unknown service path', async (from) => {
    const response = await get(from)
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/')
  })

  it.each([
    ['/ai/Ai-Development/', '/ai/Ai-Development'],
    ['/ai/ai-development/', '/ai/Ai-Development'],
    ['/blog//', '/blog'],
    ['/thank-you/?ref=x', '/thank-you?ref=x'],
  ])('redirects %s to its route %s', async (from, to) => {
    const response = await get(from)
    expect(response.status).toBe(301)
    expect(response.headers.get('location')).toBe(to)
  })

  // Paths a browser could read as another host, or that smuggle header bytes, once decoded.
  it.each([
    '//',
    '//evil.example/',
    '/%2F%2Fevil.example/',
    '/%2f/evil.example/',
    '/%5C%5Cevil.example/',
    '/%5Cevil.example/',
    '/\\evil.example/',
    '/%09/evil.example/',
    '/%09%2Fevil.example/',
    '/%20//evil.example/',
    '/.//evil.example/',
    '/%2E%2E%2F%2Fevil.example/',
    '/ai/%2F%2Fevil.example',
    '/ai/%2F%2Fevil.example/',
    '/ai/..%2F%2Fevil.example/',
    '/blog/%2F%2Fevil.example/',
    '/blog/%0D%0ASet-Cookie:%20x=1/',
    '/%0D%0ALocation:%20http://evil.example/',
    '/%E2%80%A8evil/',
    '/%E2%80%A9/',
    '/%C2%85/',
    '/%00/',
    '/ai/Ai-Development/?next=//evil.example%0D%0A',
    '/https:%2F%2Fevil.example/',
    '/http:/evil.example/',
    '/%68ttp:%2F%2Fevil.example/',
    '/ai/Ai-Development/%2F%2Fevil.example',
  ])('answers %s on this site or with 4xx, never a Location elsewhere', async (from) => {
    const response = await get(from)
    expect(response.status).toBeLessThan(500)
    const location = response.headers.get('location')
    if (location !== null) {
      expect(response.status).toBeGreaterThanOrEqual(300)
      expect(location).toMatch(/^\/(?![/\\])/)
      expect(new URL(location, site.url).origin).toBe(site.url)
      expect(location).not.toMatch(/[\s\u0000-\u001f\u2028\u2029]/)
    } else {
      expect([200, 400, 404]).toContain(response.status)
    }
  })

  it('allows the inlined stylesheet by its hash, not by unsafe-inline', async () => {
    for (const route of ['/', '/ai/Ai-Development', '/blog', '/no/such/page']) {
      const response = await get(route)
      const csp = response.headers.get('content-security-policy')!
      const html = await response.text()
      const style = /<style[^>]*>([\s\S]*?)<\/style>/.exec(html)![1]
      const hash = createHash('sha256').update(style).digest('base64')
      expect(csp).toContain(`style-src 'self' 'sha256-${hash}'`)
      expect(csp).not.toContain('unsafe-inline')
    }
  })

  it('allows the inline entry module by its hash, not by unsafe-inline', async () => {
    for (const route of ['/', '/ai/Ai-Development', '/blog', '/no/such/page']) {
      const response = await get(route)
      const csp = response.headers.get('content-security-policy')!
      const entry = /<script type="module">([\s\S]*?)<\/script>/.exec(await response.text())![1]
      expect(entry).toMatch(/from"\/assets\/site-/)
      const scriptSources = /script-src ([^;]*)/.exec(csp)![1].split(' ')
      expect(scriptSources).toContain(`'sha256-${createHash('sha256').update(entry).digest('base64')}'`)
      expect(scriptSources).not.toContain("'unsafe-inline'")
    }
  })

  it('serves images with a policy under which an SVG opened on its own runs nothing', async () => {
    const html = await (await get('/ai/Ai-Development')).text()
    const svg = /src="(\/images\/[^"]+\.svg)"/.exec(html)![1]
    const response = await get(svg)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/svg+xml')
    const policy = response.headers
      .get('content-security-policy')!
      .split(';')
      .map((d) => d.trim())
    expect(policy).toEqual(["default-src 'none'", "style-src 'unsafe-inline'", 'sandbox'])
  })

  it('serves the sitemap with every public route, and robots.txt naming it', async () => {
    const sitemap = await (await get('/sitemap.xml')).text()
    expect(sitemap).toMatch(/<loc>https?:\/\/[^<]+\/ai\/Ai-Development<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/)
    expect(sitemap.match(/<url>/g)!.length).toBeGreaterThanOrEqual(52)
    expect(sitemap).not.toContain('/thank-you')
    const robots = await get('/robots.txt')
    expect(robots.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(await robots.text()).toMatch(/^Sitemap: https?:\/\/.+\/sitemap\.xml$/m)
  })

  it('gives a landing page its canonical, Open Graph image and structured data', async () => {
    const html = await (await get('/ai/Ai-Development')).text()
    expect(html).toMatch(/<link rel="canonical" href="https?:\/\/[^"]+\/ai\/Ai-Development" \/>/)
    expect(html).toMatch(/<meta property="og:image" content="https?:\/\/[^"]+\.png" \/>/)
    const data = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1])
    expect(data['@graph'].map((n: { '@type': string }) => n['@type'])).toEqual(['Organization', 'BreadcrumbList', 'Service'])
  })

  it('answers an unknown address with a real 404 page', async () => {
    const response = await get('/no/such/page')
    expect(response.status).toBe(404)
    const html = await response.text()
    expect(html).toContain('<h1')
    expect(html).toContain('href="/"')
  })

  it('never serves files outside dist/', async () => {
    for (const p of ['/../package.json', '/%2e%2e/package.json', '/assets/../../package.json']) {
      const response = await get(p)
      expect([301, 302, 404]).toContain(response.status)
      expect(await response.text()).not.toContain('"devDependencies"')
    }
  })
})

describe('durability', () => {
  it('keeps every acknowledged lead through kill -9 and a restart', async () => {
    const databasePath = path.join(mkdtempSync(path.join(tmpdir(), 'crash-')), 'leads.sqlite')
    const port = String(await freePort())
    const env = { PORT: port, DATABASE_PATH: databasePath, RATE_LIMIT_MAX: '0' }
    const url = `http://127.0.0.1:${port}`
    const server = await startServerProcess(env)
    const acknowledged: number[] = []
    const sends = Array.from({ length: 60 }, async (_, i) => {
      const response = await fetch(`${url}/api/appDev`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: `Lead ${i}`, email: 'a@b.co', contact: '4155550142', message: `crash test ${i}` }),
      }).catch(() => undefined)
      if (response?.status === 201) acknowledged.push((await response.json()).id)
    })
    // Kill without warning while the later requests are still in flight.
    await Promise.race([Promise.all(sends), new Promise((r) => setTimeout(r, 150))])
    server.kill('SIGKILL')
    await Promise.allSettled(sends)
    expect(acknowledged.length).toBeGreaterThan(0)

    const restarted = await startServerProcess(env)
    expect((await fetch(`${url}/api/health`)).status).toBe(200)
    restarted.kill('SIGTERM')
    await new Promise((r) => restarted.on('exit', r))

    const db = new Database(databasePath, { readonly: true })
    const ids = new Set((db.prepare('SELECT id FROM leads').all() as { id: number }[]).map((r) => r.id))
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
    db.close()
    for (const id of acknowledged) expect(ids.has(id)).toBe(true)
  })

  it('delivers every acknowledged lead after kill -9 during delivery and a restart', async () => {
    const receiver = await startWebhookReceiver('kill-test-secret-0123', (n) => (n <= 5 ? 'hang' : 200))
    const databasePath = path.join(mkdtempSync(path.join(tmpdir(), 'outbox-')), 'leads.sqlite')
    const port = String(await freePort())
    const env = {
      PORT: port,
      DATABASE_PATH: databasePath,
      RATE_LIMIT_MAX: '0',
      LEAD_WEBHOOK_URL: receiver.url,
      LEAD_WEBHOOK_SECRET: 'kill-test-secret-0123',
      LEAD_DELIVERY_TIMEOUT_MS: '1000',
      LEAD_RETRY_BASE_MS: '100',
      LEAD_DELIVERY_POLL_MS: '100',
    }
    const server = await startServerProcess(env)
    const acknowledged: number[] = []
    await Promise.all(
      Array.from({ length: 30 }, async (_, i) => {
        const response = await fetch(`http://127.0.0.1:${port}/api/appDev`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: `Lead ${i}`, email: 'a@b.co', contact: '4155550142', message: `outbox ${i}` }),
        })
        if (response.status === 201) acknowledged.push((await response.json()).id)
      }),
    )
    // Killed while deliveries hang at the receiver and others wait their turn.
    server.kill('SIGKILL')
    await new Promise((r) => server.on('exit', r))
    const restarted = await startServerProcess(env)
    try {
      for (let waited = 0; waited < 30_000 && receiver.uniqueKeys().length < acknowledged.length; waited += 100)
        await new Promise((r) => setTimeout(r, 100))
      expect(acknowledged).toHaveLength(30)
      expect(
        receiver
          .uniqueKeys()
          .map(Number)
          .sort((a, b) => a - b),
      ).toEqual(acknowledged.sort((a, b) => a - b))
      expect(receiver.received.every((r) => r.signatureValid)).toBe(true)
    } finally {
      restarted.kill('SIGTERM')
      await new Promise((r) => restarted.on('exit', r))
      await receiver.close()
    }
  })

  it('finishes requests in flight on SIGTERM, then closes the database and exits 0', async () => {
    const databasePath = path.join(mkdtempSync(path.join(tmpdir(), 'term-')), 'leads.sqlite')
    const port = String(await freePort())
    const server = await startServerProcess({ PORT: port, DATABASE_PATH: databasePath, RATE_LIMIT_MAX: '0' })
    const exit = new Promise<number | null>((resolve) => server.on('exit', resolve))
    const sends = Array.from({ length: 30 }, (_, i) =>
      fetch(`http://127.0.0.1:${port}/api/appDev`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: `Lead ${i}`, email: 'a@b.co', contact: '4155550142', message: `term ${i}` }),
      }).then(
        async (r) => ({ status: r.status, id: r.status === 201 ? ((await r.json()) as { id: number }).id : undefined }),
        () => ({ status: 0, id: undefined }),
      ),
    )
    setTimeout(() => server.kill('SIGTERM'), 20)
    const results = await Promise.all(sends)
    expect(await exit).toBe(0)
    // Every request got an answer that holds: stored (201), refused before it was read, or 503 while closing.
    for (const r of results) expect([0, 201, 503]).toContain(r.status)
    const db = new Database(databasePath, { readonly: true })
    const ids = new Set((db.prepare('SELECT id FROM leads').all() as { id: number }[]).map((row) => row.id))
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
    db.close()
    for (const r of results) if (r.id !== undefined) expect(ids.has(r.id)).toBe(true)
  })
})
