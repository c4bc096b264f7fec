/**
 * /admin as the production server serves it: its policy, Decap starting under it, the built site's
 * snapshot beside it, and the check inside the form with a backend that is not the local proxy.
 * GitHub cannot be reached from a test, so for the form the entries come from Decap's own
 * in-browser test backend, given the site's real files; everything else is the production build and
 * server.
 */
import { createHash } from 'node:crypto'
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseDocument } from 'yaml'
import { SITE_SNAPSHOT_PATH } from '../checker/site-snapshot.ts'
import { vendoredDecap } from '../scripts/decap-bundle.ts'
import { loadConfig } from '../server/config.ts'
import { createServer } from '../server/create-server.ts'
import { blogApiSettings } from '../src/core/blog-api.ts'
import { launchChromium } from '../tools/chromium.ts'

const ROOT = process.cwd()

let work: string
/** The production server over the build `npm test` made. */
let site: { url: string; close: () => Promise<void> }
/** The same build with the backend swapped for Decap's in-browser one. */
let testRepo: { url: string; close: () => Promise<void> }
let browser: Browser

/** `npm run serve` in this process, over `dist`. */
async function serve(dist: string) {
  const config = loadConfig(
    { DIST_DIR: dist, DATABASE_PATH: path.join(work, `${path.basename(dist)}.sqlite`), LOG_LEVEL: 'silent', PORT: '0' },
    ROOT,
  )
  const content = {
    siteUrl: 'http://127.0.0.1',
    routes: [],
    blogs: [],
    projects: [],
    blogApi: blogApiSettings({}),
    retentionDays: 30,
  }
  const { app } = await createServer({ config, content })
  await app.listen({ port: 0, host: '127.0.0.1' })
  return { url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`, close: () => app.close() }
}

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'admin-production-'))
  const dist = path.join(work, 'dist')
  cpSync(path.join(ROOT, 'dist'), dist, { recursive: true })
  const config = parseDocument(readFileSync(path.join(dist, 'admin/config.yml'), 'utf8'))
  config.set('backend', { name: 'test-repo' })
  writeFileSync(path.join(dist, 'admin/config.yml'), config.toString())
  site = await serve(path.join(ROOT, 'dist'))
  testRepo = await serve(dist)
  browser = await launchChromium()
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await site?.close()
  await testRepo?.close()
  rmSync(work, { recursive: true, force: true })
})

/** The landing pages as Decap's test backend holds a repository: content/pages/<file>: {content}. */
function pagesAsTestRepo() {
  const pages = Object.fromEntries(
    readdirSync('content/pages').map((file) => [file, { content: readFileSync(`content/pages/${file}`, 'utf8') }]),
  )
  return { content: { pages } }
}

describe('/admin on the production server', () => {
  it('is served by the site server with its own policy, kept out of search engines, and starts under it', async () => {
    const url = site.url
    const moved = await fetch(`${url}/admin`, { redirect: 'manual' })
    expect([moved.status, moved.headers.get('location')]).toEqual([301, '/admin/'])
    const answer = await fetch(`${url}/admin/`)
    expect(answer.status).toBe(200)
    const policy = answer.headers.get('content-security-policy')!
    expect(policy).toContain("script-src 'self' 'unsafe-eval'")
    expect(policy).toContain("frame-ancestors 'none'")
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/)
    expect(answer.headers.get('x-robots-tag')).toBe('noindex, nofollow')
    expect(answer.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups')
    expect(await answer.text()).toContain('<meta name="robots" content="noindex, nofollow" />')
    expect((await fetch(`${url}/admin/config.yml`)).headers.get('x-robots-tag')).toBe('noindex, nofollow')
    // Decap's bundle is the kept one, under its version, sent as the brotli file kept beside it.
    const decap = vendoredDecap(ROOT)
    const bundle = await fetch(`${url}/admin/assets/decap-cms-${decap.version}/decap-cms.js`, {
      headers: { 'accept-encoding': 'br' },
    })
    expect(bundle.headers.get('content-encoding')).toBe('br')
    expect(Number(bundle.headers.get('content-length'))).toBe(statSync(path.join(decap.dir, 'decap-cms.js.br')).size)
    const served = createHash('sha256')
      .update(Buffer.from(await bundle.arrayBuffer()))
      .digest('hex')
    expect(served).toBe(decap.files['decap-cms.js'])
    // Decap starts under that policy: no local proxy here, so it offers GitHub's sign-in.
    const page = await browser.newPage()
    const blocked: string[] = []
    page.on('console', (m) => {
      if (/Content Security Policy/.test(m.text())) blocked.push(m.text())
    })
    await page.goto(`${url}/admin/`)
    await page.getByRole('button', { name: /login with github/i }).waitFor()
    expect(blocked).toEqual([])
    await page.close()
  })

  it('serves the built site’s snapshot beside the admin, under the admin’s policy and out of search engines', async () => {
    const answer = await fetch(`${site.url}${SITE_SNAPSHOT_PATH}`)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('x-robots-tag')).toBe('noindex, nofollow')
    const snapshot = (await answer.json()) as { texts: Record<string, string> }
    expect(Object.keys(snapshot.texts)).toContain('content/pages/Ai-Development.yaml')
  })

  it('shows what the pull request would find before saving, checked in the browser under the production policy', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    const blocked: string[] = []
    page.on('console', (m) => {
      if (/Content Security Policy/.test(m.text())) blocked.push(m.text())
    })
    // Decap's test backend reads its repository from this global, set before any script of the page.
    await page.addInitScript((files) => Object.assign(window, { repoFiles: files }), pagesAsTestRepo())
    await page.goto(`${testRepo.url}/admin/#/collections/pages/entries/Ai-Development`)
    await page.getByRole('button', { name: /login/i }).click()
    await page.getByLabel('Hero heading', { exact: true }).waitFor()
    const panel = page.frameLocator('iframe').first().locator('.draft-check')
    await expect.poll(() => panel.getAttribute('data-problems'), { timeout: 30_000 }).toBe('0')

    const faqs = page.locator('[aria-label="list field"]').filter({ has: page.locator('label[for^="faqs-field"]') })
    await faqs.getByTestId('expand-button').first().click()
    const answer = faqs.locator('[data-markup-editor]').first()
    await answer.click()
    await page.keyboard.press('Control+End')
    // A contract term in the page's own words, and a contract term that does not exist.
    await page.keyboard.type(' You own all the code we write. {{terms.nosuchterm}}')
    await expect.poll(() => panel.getAttribute('data-problems'), { timeout: 30_000 }).not.toBe('0')
    const text = await panel.textContent()
    expect(text).toContain('FAQ 1, answer')
    expect(text).toContain('states a contract term in this page')
    expect(text).toContain('{{terms.nosuchterm}}')
    expect(blocked).toEqual([])
    await page.close()
  })
})
