import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { Request } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { BYTE_BUDGETS_KB as BUDGET, bundleReport, gzipTextBytes, LATE_LIBRARIES, startupScripts } from '../bench/bundle-report.ts'
import { gotoHydrated, useSiteInChromium } from './browser.ts'

/** Byte budgets (gzip, 1 KB = 1024 bytes), asserted on the built dist/. */
const dist = path.resolve('dist')
const report = bundleReport(dist)
const KB = 1024
/** A built file's name without its directory and content hash: assets/index-C_0oaQDf.js → index. */
const stem = (file: string) => path.basename(file).replace(/-[\w-]{8}\.js$/, '')

describe('byte budgets (gzip)', () => {
  it(`keeps the JS every page loads within ${BUDGET.sharedJs} KB`, () =>
    expect(report.sharedJs).toBeLessThanOrEqual(BUDGET.sharedJs * KB))
  it(`keeps the JS a landing page loads before any scroll or click within ${BUDGET.landingStartupJs} KB`, () =>
    expect(report.landingStartupJs).toBeLessThanOrEqual(BUDGET.landingStartupJs * KB))
  it('starts a landing page with at most 3 script files, any page with 5, none under 2 KB but the bundler runtime', () => {
    // A landing page's data rides in its HTML: its data file is for the browser's moves to it. The
    // entry, which names the site's chunk and so changes with every deploy, is inline in the page.
    expect(report.landingStartupFiles).toBeLessThanOrEqual(3)
    expect(report.startupFilesMax).toBeLessThanOrEqual(5)
    // React and the start code are one file; Rolldown keeps its helpers in a chunk of their own
    // once two chunks call them.
    expect(report.smallLandingStartupFiles.map(stem).sort()).toEqual(['rolldown-runtime'])
  })
  it("runs the entry inline in every page, its imports naming the build's files by absolute address", () => {
    for (const page of ['index.html', 'blog.html', 'ai/Ai-Development.html']) {
      const { inline } = startupScripts(readFileSync(path.join(dist, page), 'utf8'))
      expect(inline, page).toHaveLength(1)
      const named = [...inline[0].matchAll(/["'`](\/assets\/[\w.-]+\.js)["'`]/g)].map((m) => m[1])
      expect(named.map(stem), page).toEqual(['site'])
      for (const file of named) expect(existsSync(path.join(dist, file)), file).toBe(true)
      expect(inline[0], page).not.toMatch(/["'`]\.\.?\//)
    }
  })
  it(`keeps each landing page's own chunk within ${BUDGET.pageChunkMax} KB`, () =>
    expect(report.pageChunkMax).toBeLessThanOrEqual(BUDGET.pageChunkMax * KB))
  it(`keeps the HTML of every landing page within ${BUDGET.landingHtmlMax} KB`, () =>
    expect(report.landingHtmlMax).toBeLessThanOrEqual(BUDGET.landingHtmlMax * KB))
  it(`keeps the CSS within ${BUDGET.css} KB`, () => expect(report.css).toBeLessThanOrEqual(BUDGET.css * KB))
  it('loads neither react-toastify, DOMPurify nor html-react-parser at page start', () => {
    // Neither in the JS every page loads nor in what a landing page loads before any scroll or click.
    expect(report.lateLibrariesAtStart).toEqual([])
    const html = readFileSync(path.join(dist, 'ai/Ai-Development.html'), 'utf8')
    const { files, inline } = startupScripts(html)
    for (const file of files) expect(readFileSync(path.join(dist, file), 'utf8'), file).not.toMatch(LATE_LIBRARIES)
    for (const code of inline) expect(code).not.toMatch(LATE_LIBRARIES)
  })
  it('ships DOMPurify and the HTML parser in one chunk of their own, loaded only by a post page', () => {
    const withSanitizer = readdirSync(path.join(dist, 'assets')).filter(
      (f) => f.endsWith('.js') && /FORBID_CONTENTS/.test(readFileSync(path.join(dist, 'assets', f), 'utf8')),
    )
    expect(withSanitizer).toHaveLength(1)
    const code = readFileSync(path.join(dist, 'assets', withSanitizer[0]), 'utf8')
    expect(code).toMatch(/First argument must be a string/)
    for (const page of ['index.html', 'blog.html', 'ai/Ai-Development.html']) {
      expect(startupScripts(readFileSync(path.join(dist, page), 'utf8')).files).not.toContain(`assets/${withSanitizer[0]}`)
    }
  })
  it('ships no YAML parser or build-time HTML parser to the browser at all', () => {
    // Strings each library keeps through minification: error messages, callback names.
    const signatures = /Map keys must be unique|onopentagname/
    for (const file of readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'))) {
      expect(readFileSync(path.join(dist, 'assets', file), 'utf8'), file).not.toMatch(signatures)
    }
  })
})

describe('what a landing page fetches (Chromium)', () => {
  const ctx = useSiteInChromium()
  const pathOf = (url: string) => new URL(url).pathname

  it('asks the API for nothing at start, and for the blog list once the visitor nears Recent Blogs', async () => {
    const page = await ctx.browser.newPage()
    // Scrolling down must not open the popup over the page.
    await page.addInitScript(() => sessionStorage.setItem('lead-sent', '1'))
    const api: string[] = []
    const scripts = new Set<Request>()
    page.on('request', (r) => {
      if (pathOf(r.url()).startsWith('/api/')) api.push(pathOf(r.url()))
      if (r.resourceType() === 'script') scripts.add(r)
    })
    page.on('requestfinished', (r) => scripts.delete(r))
    page.on('requestfailed', (r) => scripts.delete(r))
    await gotoHydrated(page, `${ctx.site.url}/ai/Ai-Development`)
    // Every script the start asked for has run its course: what the start would ask the API, it has.
    await expect.poll(() => scripts.size).toBe(0)
    expect(api).toEqual([])
    const blogs = page.waitForResponse((r) => pathOf(r.url()) === '/api/blogs/blog')
    await page.locator('.recent-blogs').scrollIntoViewIfNeeded()
    await blogs
    await page.locator('.blog-carousel__prev').waitFor()
    expect(api).toEqual(['/api/blogs/blog'])
    await page.close()
  })

  it('loads at most 20 KB gzip of further script when the visitor scrolls to the end', async () => {
    const page = await ctx.browser.newPage({ viewport: { width: 412, height: 823 } })
    await page.addInitScript(() => sessionStorage.setItem('lead-sent', '1'))
    const pending = new Set<Request>()
    const sizes: Promise<number>[] = []
    let started = false
    page.on('request', (r) => {
      if (r.resourceType() === 'script') pending.add(r)
    })
    page.on('requestfailed', (r) => pending.delete(r))
    page.on('requestfinished', (r) => {
      pending.delete(r)
      if (started && r.resourceType() === 'script')
        sizes.push(r.response().then(async (response) => (response ? gzipTextBytes(await response.body()) : 0)))
    })
    await gotoHydrated(page, `${ctx.site.url}/ai/Ai-Development`)
    await expect.poll(() => pending.size).toBe(0)
    started = true
    // Down the page a screen at a time, as a reader goes, to the footer.
    for (let y = 0; y < (await page.evaluate(() => document.documentElement.scrollHeight)); y += 800) {
      await page.mouse.wheel(0, 800)
      await page.evaluate(() => new Promise(requestAnimationFrame))
    }
    await page.locator('.blog-carousel__prev').waitFor()
    await expect.poll(() => pending.size).toBe(0)
    const further = (await Promise.all(sizes)).reduce((sum, n) => sum + n, 0)
    expect(sizes.length).toBeGreaterThan(0)
    expect(further).toBeLessThanOrEqual(20 * KB)
    await page.close()
  })

  it('moves to another landing page fetching no script but its data file', async () => {
    const page = await ctx.browser.newPage()
    // Scrolling to the link must not open the popup over it.
    await page.addInitScript(() => sessionStorage.setItem('lead-sent', '1'))
    await gotoHydrated(page, `${ctx.site.url}/ai/Ai-Development`)
    // The islands below the first screen load as the visitor scrolls (or, unscrolled, with the first
    // move): a visitor who has read the page down has them already.
    const loaded: string[] = []
    const pending = new Set<Request>()
    page.on('request', (r) => {
      if (r.resourceType() !== 'script') return
      loaded.push(pathOf(r.url()))
      pending.add(r)
    })
    page.on('requestfinished', (r) => pending.delete(r))
    page.on('requestfailed', (r) => pending.delete(r))
    // On the way down: the recent posts' carousel (in the islands' chunk, after the blog list's answer,
    // then the carousel's own small chunk) shows its buttons.
    await page.locator('.recent-blogs').scrollIntoViewIfNeeded()
    await page.locator('.blog-carousel__prev').waitFor()
    await page.locator('.site-footer').scrollIntoViewIfNeeded()
    await expect.poll(() => loaded.filter((s) => /\/LandingIslands-/.test(s)).length).toBe(1)
    // Each chunk's imports are asked for with it: once every script asked for has arrived, none is still to come.
    await expect.poll(() => pending.size).toBe(0)
    const before = loaded.length

    // The move renders in a transition after the address changes: on a busy machine the data file is
    // asked for well after the new address shows. A CPU 20 times slower makes that gap certain here.
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 })
    const data = page.waitForResponse((r) => /^\/page-data\/\w+\/Ai-Consulting\.js$/.test(pathOf(r.url())))
    await page.locator('a[href="/ai/Ai-Consulting"]').first().click()
    await data
    // The new page shows once everything its render asked for has arrived.
    await page.locator('h1#page-title', { hasText: 'AI Consulting' }).waitFor()
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    expect(new URL(page.url()).pathname).toBe('/ai/Ai-Consulting')
    expect(loaded.slice(before)).toEqual([expect.stringMatching(/^\/page-data\/\w+\/Ai-Consulting\.js$/)])
    await page.close()
  })
})
