/**
 * The check inside the form where no `npm run cms` runs: /admin as the production server serves it
 * (its policy, the built site's snapshot beside it), with a backend that is not the local proxy.
 * GitHub cannot be reached from a test, so the entries come from Decap's own in-browser test
 * backend, given the site's real files; everything else is the production build and server.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseDocument } from 'yaml'
import { SITE_SNAPSHOT_PATH } from '../checker/site-snapshot.ts'
import { loadConfig } from '../server/config.ts'
import { createServer } from '../server/create-server.ts'
import { blogApiSettings } from '../src/core/blog-api.ts'
import { launchChromium } from '../tools/chromium.ts'

const ROOT = process.cwd()

let work: string
let url: string
let close: () => Promise<void>
let browser: Browser

beforeAll(async () => {
  // The build `npm test` made, with the backend swapped for Decap's in-browser one.
  work = mkdtempSync(path.join(tmpdir(), 'admin-production-'))
  const dist = path.join(work, 'dist')
  cpSync(path.join(ROOT, 'dist'), dist, { recursive: true })
  const config = parseDocument(readFileSync(path.join(dist, 'admin/config.yml'), 'utf8'))
  config.set('backend', { name: 'test-repo' })
  writeFileSync(path.join(dist, 'admin/config.yml'), config.toString())
  const settings = loadConfig(
    { DIST_DIR: dist, DATABASE_PATH: path.join(work, 'leads.sqlite'), LOG_LEVEL: 'silent', PORT: '0' },
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
  const { app } = await createServer({ config: settings, content })
  await app.listen({ port: 0, host: '127.0.0.1' })
  url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
  close = () => app.close()
  browser = await launchChromium()
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await close?.()
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
  it('serves the built site’s snapshot beside the admin, under the admin’s policy and out of search engines', async () => {
    const answer = await fetch(`${url}${SITE_SNAPSHOT_PATH}`)
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
    await page.goto(`${url}/admin/#/collections/pages/entries/Ai-Development`)
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
