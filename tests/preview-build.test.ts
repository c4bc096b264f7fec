/**
 * A pull request's preview build (VITE_PREVIEW=1) can never pass for the live site: every page says
 * so and keeps out of search engines, and the consultation form sends nothing.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildSite } from '../scripts/build.ts'
import { gotoHydrated, launchChromium, startSite, watchConsole, type RunningSite } from './browser.ts'

const outDir = path.join(mkdtempSync(path.join(tmpdir(), 'preview-build-')), 'dist')
let site: RunningSite
let browser: Browser

const htmlFiles = (dir: string, base = dir): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    if (name.startsWith('.')) return []
    return statSync(full).isDirectory() ? htmlFiles(full, base) : name.endsWith('.html') ? [path.relative(base, full)] : []
  })

beforeAll(async () => {
  // As `npm run content:preview` builds it; NODE_ENV as a build sets it (Vitest sets it to test).
  const nodeEnv = process.env.NODE_ENV
  Object.assign(process.env, { VITE_PREVIEW: '1', NODE_ENV: 'production' })
  try {
    await buildSite(process.cwd(), { outDir, quiet: true })
  } finally {
    delete process.env.VITE_PREVIEW
    process.env.NODE_ENV = nodeEnv
  }
  site = await startSite({ DIST_DIR: outDir, RATE_LIMIT_MAX: '0' })
  browser = await launchChromium()
}, 240_000)

afterAll(async () => {
  await browser?.close()
  await site?.close()
})

describe('a preview build', () => {
  it('marks every page noindex and carries the ribbon; robots.txt and _headers turn robots away', () => {
    const files = htmlFiles(outDir)
    expect(files.length).toBeGreaterThan(50)
    for (const file of files) {
      const html = readFileSync(path.join(outDir, file), 'utf8')
      expect(html, file).toContain('<meta name="robots" content="noindex" />')
      expect(html, file).not.toContain('index, follow')
      expect(html, file).toMatch(/<div class="preview-ribbon" role="note" data-preview-ribbon="">/)
    }
    expect(readFileSync(path.join(outDir, 'robots.txt'), 'utf8')).toBe('User-agent: *\nDisallow: /\n')
    expect(readFileSync(path.join(outDir, '_headers'), 'utf8')).toBe('/*\n  X-Robots-Tag: noindex\n')
    expect(JSON.parse(readFileSync(path.join(outDir, '.site/manifest.json'), 'utf8')).preview).toBe(true)
  })

  it('is served with X-Robots-Tag: noindex on pages, assets, redirects and the not-found page', async () => {
    const asset = readdirSync(path.join(outDir, 'assets')).find((f) => f.endsWith('.js'))
    for (const address of [
      '/',
      '/ai/Ai-Development',
      `/assets/${asset}`,
      '/robots.txt',
      '/ai/Ai-Development/',
      '/no-such-page',
    ]) {
      const response = await fetch(site.url + address, { redirect: 'manual' })
      expect(response.headers.get('x-robots-tag'), address).toBe('noindex')
    }
  })

  for (const width of [375, 1280])
    for (const colorScheme of ['light', 'dark'] as const)
      it(`shows the ribbon at ${width} px in the ${colorScheme} theme, clear of the menu and Talk to Expert, after a clean hydration`, async () => {
        const context = await browser.newContext({ viewport: { width, height: 800 }, colorScheme })
        const page = await context.newPage()
        const messages = watchConsole(page)
        await gotoHydrated(page, site.url + '/ai/Ai-Development')
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(colorScheme)
        const ribbon = page.locator('[data-preview-ribbon]')
        await expect(ribbon.isVisible()).resolves.toBe(true)
        expect(await ribbon.innerText()).toMatch(/^Preview/)
        const box = (await ribbon.boundingBox())!
        expect(box.y + box.height).toBeLessThanOrEqual(800)
        const style = await ribbon.evaluate((el) => getComputedStyle(el))
        expect([style.position, style.pointerEvents]).toEqual(['fixed', 'none'])
        const buttons = [
          page.locator('button[aria-controls="site-nav"]'),
          page.locator('.site-nav__cta'),
          page.locator('.intro__actions button'),
        ]
        for (const button of buttons) {
          const other = await button.boundingBox()
          if (!other) continue
          const overlaps =
            box.x < other.x + other.width &&
            other.x < box.x + box.width &&
            box.y < other.y + other.height &&
            other.y < box.y + box.height
          expect(overlaps).toBe(false)
        }
        // The head's robots tag stays noindex once React has taken over the page.
        expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex')
        expect(messages).toEqual([])
        await context.close()
      })

  it('sends nothing from the consultation form and says so', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page: Page = await context.newPage()
    const sent: string[] = []
    page.on('request', (request) => {
      if (request.method() !== 'GET' || !request.url().startsWith(site.url)) sent.push(`${request.method()} ${request.url()}`)
    })
    await gotoHydrated(page, site.url + '/ai/Ai-Development')
    await page.getByRole('button', { name: 'Talk to Expert' }).first().click()
    await page.locator('form.lead-form').waitFor()
    await page.fill('input[name=name]', 'Dana Reyes')
    await page.fill('input[name=email]', 'dana@acme.com')
    await page.fill('input[name=contact]', '+1 (415) 555-0142')
    await page.fill('textarea[name=message]', 'We need a pilot for claims triage.')
    await page.getByRole('button', { name: 'Send request' }).click()
    // The popup closes so the notice is in plain view, not behind its backdrop.
    await page.getByRole('alert').getByText('Preview: this form sends nothing').waitFor()
    await page.waitForTimeout(500)
    expect(sent).toEqual([])
    expect(await site.store.count()).toBe(0)
    expect(await page.locator('dialog.consultation').evaluate((d: HTMLDialogElement) => d.open)).toBe(false)
    expect(new URL(page.url()).pathname).toBe('/ai/Ai-Development')
    await page.getByRole('button', { name: 'Talk to Expert' }).first().click()
    expect(await page.inputValue('input[name=name]')).toBe('Dana Reyes')
    await context.close()
  })
})

describe('the live build', () => {
  it.runIf(existsSync('dist/.site/manifest.json'))('carries none of it', () => {
    const html = readFileSync('dist/ai/Ai-Development.html', 'utf8')
    expect(html).toContain('<meta name="robots" content="index, follow" />')
    expect(html).not.toContain('data-preview-ribbon')
    expect(readFileSync('dist/robots.txt', 'utf8')).toContain('Allow: /')
    expect(existsSync('dist/_headers')).toBe(false)
    expect(JSON.parse(readFileSync('dist/.site/manifest.json', 'utf8')).preview).toBeUndefined()
  })
})
