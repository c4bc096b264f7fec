import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { blogApiSettings, type BlogApiEnv } from '../src/core/blog-api.ts'
import { SITE_MANIFEST_PATH, type Redirect, type SiteManifest } from '../src/core/manifest.ts'
import { createServer as createSiteServer } from './create-server.ts'
import { loadConfig } from './config.ts'
import { readSiteManifest } from './site-manifest.ts'

const page = (title: string) =>
  `<!doctype html><html><head><title>${title}</title><script>window.started = 1</script></head><body><h1>${title}</h1>${'<p>copy</p>'.repeat(200)}</body></html>`

/**
 * A built site in a temp folder as the build lays it out: pages listed in the manifest, plus files
 * that no build makes but a careless public/ folder could hold (a page among the images, XML).
 */
function writeSite(blogApi: BlogApiEnv = {}) {
  const dist = mkdtempSync(path.join(tmpdir(), 'static-site-'))
  const write = (file: string, body: string) => {
    mkdirSync(path.dirname(path.join(dist, file)), { recursive: true })
    writeFileSync(path.join(dist, file), body)
  }
  const routes = ['/', '/404', '/blog', '/blog/_post', '/blog/built-post']
  const manifest: SiteManifest = {
    siteUrl: 'https://www.example.com',
    routes: routes.map((route) => ({
      route,
      file: route === '/' ? 'index.html' : `${route.slice(1)}.html`,
      source: 'content/site.yaml',
      indexable: true,
    })),
    blogs: [],
    projects: [],
    blogApi: blogApiSettings(blogApi),
    retentionDays: 365,
  }
  write(SITE_MANIFEST_PATH, JSON.stringify(manifest))
  for (const r of manifest.routes) write(r.file, page(r.route))
  write('images/evil.html', '<!doctype html><script>alert(document.domain)</script>')
  write('evil.xml', '<html xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></html>')
  write('assets/app.js', `console.log(${JSON.stringify('x'.repeat(2000))})`)
  return dist
}

let running: FastifyInstance[] = []
let apis: Server[] = []

async function start(dist: string) {
  const databasePath = path.join(mkdtempSync(path.join(tmpdir(), 'static-site-db-')), 'leads.sqlite')
  const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_PATH: databasePath, DIST_DIR: dist })
  const { app } = await createSiteServer({ config, content: readSiteManifest(dist) })
  running.push(app)
  return app
}

/** The company's blog API on 127.0.0.1: answers its post list with `slugs`, or fails with `status`. */
async function startBlogApi(answer: { slugs: string[] } | { status: number }) {
  const calls: string[] = []
  const server = createServer((req, res) => {
    calls.push(req.url ?? '')
    if ('status' in answer) return res.writeHead(answer.status).end()
    const blogs = answer.slugs.map((custom_url, i) => ({
      id: i + 1,
      custom_url,
      image: '/images/x.png',
      meta_title: custom_url,
      meta_desc: custom_url,
    }))
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ blogs }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  apis.push(server)
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls }
}

afterEach(async () => {
  for (const app of running) await app.close()
  for (const server of apis) await new Promise((resolve) => server.close(resolve))
  running = []
  apis = []
})

const directives = (header: string | string[] | number | undefined) => String(header).split(/;\s*/)

describe('static site', () => {
  it('never serves an HTML file that is not a route of the build, by any address', async () => {
    const app = await start(writeSite())
    for (const url of ['/images/evil', '/images/evil.html', '/images/evil/', '/IMAGES/EVIL']) {
      const response = await app.inject(url)
      expect(response.statusCode, url).toBe(404)
      expect(response.body, url).not.toContain('alert(document.domain)')
    }
  })

  it('serves every file that is not a page under a policy that runs nothing', async () => {
    const app = await start(writeSite())
    for (const url of ['/evil.xml', '/assets/app.js']) {
      const response = await app.inject(url)
      expect(response.statusCode, url).toBe(200)
      expect(directives(response.headers['content-security-policy']), url).toEqual([
        "default-src 'none'",
        "style-src 'unsafe-inline'",
        'sandbox',
      ])
      expect(response.headers['x-content-type-options']).toBe('nosniff')
    }
  })

  it("allows a page's own inline script by its hash", async () => {
    const app = await start(writeSite())
    const policy = directives((await app.inject('/')).headers['content-security-policy'])
    expect(policy.find((d) => d.startsWith('script-src'))).toMatch(/^script-src 'self' 'sha256-[\w+/=]+'$/)
  })

  it.each([
    ['br;q=0, gzip;q=0', undefined],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0.5, br', 'br'],
    ['gzip, br', 'br'],
    ['identity', undefined],
    ['', undefined],
    ['*;q=0', undefined],
  ])('honours the q-values of Accept-Encoding: %j gets %s', async (accept, encoding) => {
    const app = await start(writeSite())
    const response = await app.inject({ url: '/', headers: { 'accept-encoding': accept } })
    expect(response.headers['content-encoding']).toBe(encoding)
    if (!encoding) expect(response.body).toContain('<h1>')
  })

  it("lets pages load the blog API's pictures and call the API, as the build set them", async () => {
    const app = await start(
      writeSite({ VITE_API_URL: 'https://api.example.com/v2', VITE_BLOG_IMAGE_ORIGINS: 'https://cdn.example.net' }),
    )
    const policy = directives((await app.inject('/blog')).headers['content-security-policy'])
    expect(policy).toContain("img-src 'self' data: https://api.example.com https://cdn.example.net")
    expect(policy.find((d) => d.startsWith('connect-src'))).toContain('https://api.example.com')
  })

  it('keeps pictures to this site when the pages call the embedded API', async () => {
    const app = await start(writeSite())
    expect(directives((await app.inject('/')).headers['content-security-policy'])).toContain("img-src 'self' data:")
  })
})

describe('a post the build does not know', () => {
  it('is a 404 with the embedded API, which serves only the posts the build knows', async () => {
    const app = await start(writeSite())
    const unknown = await app.inject('/blog/published-later')
    expect(unknown.statusCode).toBe(404)
    // The post shell, which hydrates at a post's address and says the post is not there.
    expect(unknown.body).toContain('<h1>/blog/_post</h1>')
    expect((await app.inject('/blog/built-post')).statusCode).toBe(200)
  })

  it("answers the post shell when the company's API lists it, and 404 when it does not", async () => {
    const api = await startBlogApi({ slugs: ['published-later', '_post'] })
    const app = await start(writeSite({ VITE_API_URL: api.url }))
    const listed = await app.inject('/blog/published-later')
    expect(listed.statusCode).toBe(200)
    expect(listed.body).toContain('<h1>/blog/_post</h1>')
    expect((await app.inject('/blog/_post')).statusCode).toBe(200)
    expect((await app.inject('/blog/never-published')).statusCode).toBe(404)
    expect((await app.inject('/blog/published-later/')).headers.location).toBe('/blog/published-later')
    expect((await app.inject('/blog/not..a..slug')).statusCode).toBe(404)
    // One look-up of the list served all of these.
    expect(api.calls).toEqual(['/blogs/blog?resultPerPage=40&currentPage=1'])
  })

  it('answers 503 with Retry-After while the API cannot say, and asks again later', async () => {
    const api = await startBlogApi({ status: 502 })
    const app = await start(writeSite({ VITE_API_URL: api.url }))
    const response = await app.inject('/blog/published-later')
    expect(response.statusCode).toBe(503)
    expect(response.headers['retry-after']).toBe('60')
    expect(response.body).toContain('<h1>/blog/_post</h1>')
    await app.inject('/blog/other')
    // A failed look-up stands for a while: unknown addresses do not each call the API.
    expect(api.calls).toHaveLength(1)
  })
})

describe('old addresses of content/redirects.yaml', () => {
  /** A built site with the page /ai/New-Name and, in its manifest, `redirects`. */
  function withRedirects(redirects: Redirect[]) {
    const dist = writeSite()
    const manifest = readSiteManifest(dist)
    manifest.routes.push({
      route: '/ai/New-Name',
      file: 'ai/New-Name.html',
      source: 'content/pages/New-Name.yaml',
      indexable: true,
    })
    mkdirSync(path.join(dist, 'ai'))
    writeFileSync(path.join(dist, 'ai/New-Name.html'), page('/ai/New-Name'))
    writeFileSync(path.join(dist, SITE_MANIFEST_PATH), JSON.stringify({ ...manifest, redirects }))
    return dist
  }

  it('answers an old address, in any letter case, with a permanent redirect to its page, keeping the query', async () => {
    const app = await start(withRedirects([{ from: '/ai/Old-Name', to: '/ai/New-Name' }]))
    for (const url of ['/ai/Old-Name', '/ai/old-name/', '/ai/OLD-NAME?utm_source=x']) {
      const response = await app.inject(url)
      expect(response.statusCode, url).toBe(301)
      expect(response.headers.location, url).toBe(`/ai/New-Name${url.includes('?') ? '?utm_source=x' : ''}`)
    }
    expect((await app.inject('/ai/New-Name')).statusCode).toBe(200)
    // An address that is neither a page nor an old one still goes home, for now.
    expect((await app.inject('/ai/Never-Was')).headers.location).toBe('/')
    expect((await app.inject('/ai/Never-Was')).statusCode).toBe(302)
  })

  it('never lets a redirect hide a page, or lead anywhere but a page of the build', async () => {
    const app = await start(
      withRedirects([
        { from: '/ai/New-Name', to: '/blog' },
        { from: '/ai/Elsewhere', to: 'https://evil.example' },
        { from: '/ai/Frame', to: '/404' },
      ]),
    )
    expect((await app.inject('/ai/New-Name')).statusCode).toBe(200)
    expect((await app.inject('/ai/new-name')).headers.location).toBe('/ai/New-Name')
    for (const url of ['/ai/Elsewhere', '/ai/Frame']) expect((await app.inject(url)).headers.location, url).toBe('/')
  })
})
