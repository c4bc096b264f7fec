import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadContent } from '../codegen/content.ts'
import { builtBlogs } from '../codegen/site-manifest.ts'
import { buildSite } from '../scripts/build.ts'
import { gotoHydrated, launchChromium, startSite, watchConsole, type RunningSite } from './browser.ts'

/**
 * The site built against the company's own blog API, as production runs it: the API on one host,
 * its pictures on another (a CDN), and a post the API published after the build.
 */
const root = process.cwd()
const picture = readFileSync(path.join(root, 'public/images/blog', 'ai-agents-in-operations.svg'))
const LATE = {
  id: 7001,
  custom_url: 'published-after-build',
  title: 'A post the build never saw',
  meta_title: 'A post the build never saw | Blog',
  description: [[['p', 0, 'Written after the build, sent only at the post address.']]],
}
/** A post the list names whose own address fails: its page shows the meta description instead of a body. */
const NO_BODY = {
  id: 7002,
  custom_url: 'body-unavailable',
  title: 'A post whose body cannot be had',
  meta_title: 'A post whose body cannot be had | Blog',
  meta_desc: 'What this post is about, in one sentence.',
}

const listen = (server: Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  )

let imageHost: Server
let api: Server
let site: RunningSite
let browser: Browser
let dist: string
const pictureRequests: string[] = []
/** Posts asked for at their own address. */
const postRequests: string[] = []

beforeAll(async () => {
  imageHost = createServer((req, res) => {
    pictureRequests.push(req.url ?? '')
    res.writeHead(200, { 'content-type': 'image/svg+xml' }).end(picture)
  })
  const images = await listen(imageHost)
  // Every post's picture on the image host, as a blog API with a CDN answers.
  const built = builtBlogs(loadContent(root))
  const posts = [...built, { ...built[0], ...LATE }, { ...built[0], ...NO_BODY }].map((post) => ({
    ...post,
    image: `${images}/pictures/${post.custom_url}.svg`,
  }))
  // The list carries the bodies of the posts the build knows, as the company's API does today; the
  // two late ones come without, and only LATE's own address answers.
  const late = new Set([LATE.custom_url, NO_BODY.custom_url])
  const listed = posts.map(({ description, ...entry }) => (late.has(entry.custom_url) ? entry : { ...entry, description }))
  api = createServer((req, res) => {
    const headers = { 'content-type': 'application/json', 'access-control-allow-origin': '*' }
    const slug = /^\/blogs\/blog\/([\w-]+)$/.exec(req.url ?? '')?.[1]
    if (slug) postRequests.push(slug)
    if (slug && slug !== LATE.custom_url) return res.writeHead(500, headers).end('{}')
    const post = posts.find((p) => p.custom_url === slug)
    res.writeHead(200, headers)
    res.end(JSON.stringify(post ? { blog: post } : req.url?.startsWith('/blogs/blog') ? { blogs: listed } : { project: [] }))
  })
  const apiUrl = await listen(api)
  dist = mkdtempSync(path.join(tmpdir(), 'company-api-dist-'))
  const previous = { VITE_API_URL: process.env.VITE_API_URL, VITE_BLOG_IMAGE_ORIGINS: process.env.VITE_BLOG_IMAGE_ORIGINS }
  Object.assign(process.env, { VITE_API_URL: apiUrl, VITE_BLOG_IMAGE_ORIGINS: images })
  try {
    await buildSite(root, { outDir: dist, quiet: true })
  } finally {
    for (const [name, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
  }
  site = await startSite({ DIST_DIR: dist })
  browser = await launchChromium()
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await site?.close()
  for (const server of [api, imageHost]) await new Promise((resolve) => server?.close(resolve))
  if (dist) rmSync(dist, { recursive: true, force: true })
})

/** Every picture of the page that the browser drew (a blocked or failed one has no width). */
const drawnPictures = (page: import('playwright-core').Page, selector: string) =>
  page.locator(selector).evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).naturalWidth > 0))

describe("site built against the company's blog API", () => {
  it('shows the pictures the API serves from its own image host, with no policy violation', async () => {
    const page = await browser.newPage()
    const messages = watchConsole(page)
    await gotoHydrated(page, `${site.url}/blog`)
    const cards = page.locator('img[src*="/pictures/"]')
    await cards.first().waitFor()
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('img[src*="/pictures/"]')].every((img) => img.complete),
    )
    const drawn = await drawnPictures(page, 'img[src*="/pictures/"]')
    expect(drawn.length).toBeGreaterThan(0)
    expect(drawn.every(Boolean)).toBe(true)
    expect(pictureRequests.length).toBeGreaterThan(0)
    expect(messages.filter((m) => /Content Security Policy|Refused/i.test(m))).toEqual([])
    await page.close()
  })

  it('answers a post only the API knows with 200, and renders it without a hydration error', async () => {
    const page = await browser.newPage()
    const messages = watchConsole(page)
    const response = await gotoHydrated(page, `${site.url}/blog/${LATE.custom_url}`)
    expect(response?.status()).toBe(200)
    await page.locator('h1', { hasText: LATE.title }).waitFor()
    expect(await page.title()).toBe(LATE.meta_title)
    // The list carries no body for it: the page asks the post's address once.
    await page.locator('.blog-post__body', { hasText: 'Written after the build' }).waitFor()
    expect(postRequests.filter((slug) => slug === LATE.custom_url)).toHaveLength(1)
    expect(messages).toEqual([])
    await page.close()
  })

  it("shows a post's meta description when the API cannot give its body", async () => {
    const page = await browser.newPage()
    const messages = watchConsole(page)
    await gotoHydrated(page, `${site.url}/blog/${NO_BODY.custom_url}`)
    await page.locator('.blog-post__body:not([aria-busy])', { hasText: NO_BODY.meta_desc }).waitFor()
    expect(postRequests).toContain(NO_BODY.custom_url)
    // The failed answer is reported (the browser's own line, and ours); nothing else is.
    expect(messages.filter((m) => !/500 \(Internal Server Error\)|could not be loaded/.test(m))).toEqual([])
    await page.close()
  })

  it('shows the body the list carries, going from /blog to a post, without asking its address', async () => {
    const page = await browser.newPage()
    await page.addInitScript(() => sessionStorage.setItem('lead-sent', '1'))
    const post = builtBlogs(loadContent(root))[1]
    await gotoHydrated(page, `${site.url}/blog`)
    await page.waitForLoadState('networkidle')
    await page.locator(`.blog-card__more[href="/blog/${post.custom_url}"]`).click()
    await page.waitForURL((url) => url.pathname === `/blog/${post.custom_url}`)
    await page.locator('.blog-post__body:not([aria-busy])').waitFor()
    expect(postRequests).not.toContain(post.custom_url)
    await page.close()
  })

  it('answers a post the API does not know with a real 404 that says so, without a hydration error', async () => {
    const page = await browser.newPage()
    const messages = watchConsole(page)
    const response = await gotoHydrated(page, `${site.url}/blog/never-published`)
    expect(response?.status()).toBe(404)
    await page.locator('h1', { hasText: 'could not find that article' }).waitFor()
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex')
    expect(messages.filter((m) => !m.includes('404 (Not Found)'))).toEqual([])
    await page.close()
  })
})
