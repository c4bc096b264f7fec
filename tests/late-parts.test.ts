import { describe, expect, it } from 'vitest'
import { gotoHydrated, useSiteInChromium, watchConsole } from './browser.ts'

/**
 * A landing page's islands below its first screen (Recent Blogs, the FAQ) are prerendered whole but
 * their code loads only as the visitor scrolls near them (src/lib/late.tsx); its other sections and
 * every page's footer are HTML the build rendered, with no code at all (src/components/StaticHtml.tsx).
 * React must leave their HTML exactly as the server wrote it, whatever else happens on the page.
 */
describe('parts of a page that load late (Chromium)', () => {
  const ctx = useSiteInChromium()
  const LATE_CHUNK = /\/assets\/LandingIslands-/

  async function openLanding() {
    const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 800 } })
    // The popup would open by itself on scroll and cover what the tests click.
    await page.addInitScript(() => sessionStorage.setItem('lead-sent', '1'))
    const scripts: string[] = []
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname))
    const console = watchConsole(page)
    await gotoHydrated(page, `${ctx.site.url}/ai/Ai-Development`)
    await page.waitForLoadState('networkidle')
    // A property on the server's own nodes: it survives only if React keeps those nodes.
    await page.evaluate(() => {
      for (const el of document.querySelectorAll('.faq, .site-footer')) Object.assign(el, { fromServer: true })
    })
    const keptFromServer = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('.faq, .site-footer')].map((el) => (el as { fromServer?: boolean }).fromServer === true),
      )
    return { page, scripts, console, keptFromServer }
  }

  it('shows the prerendered sections at once and loads their code only when the visitor scrolls near them', async () => {
    const { page, scripts, console, keptFromServer } = await openLanding()
    expect(await page.locator('.faq h2').textContent()).toBeTruthy()
    expect(scripts.filter((s) => LATE_CHUNK.test(s))).toEqual([])
    const question = page.locator('.faq button').first()
    await question.scrollIntoViewIfNeeded()
    await expect.poll(() => scripts.filter((s) => LATE_CHUNK.test(s)).length).toBe(1)
    await page.waitForLoadState('networkidle')
    expect(await keptFromServer()).toEqual([true, true])
    // Hydrated: the FAQ answers a click.
    await expect.poll(async () => (await question.click(), await question.getAttribute('aria-expanded'))).toBe('true')
    expect(console).toEqual([])
    await page.close()
  })

  it('keeps a button press made before the part has hydrated, and replays it once it has', async () => {
    const { page, console } = await openLanding()
    // The part's code is held back until the press is made and seen unanswered, as on a slow
    // connection: released by the test, not after a time a busy machine may outrun.
    let release = () => {}
    const released = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/assets/LandingIslands-*.js', async (route) => {
      await released
      await route.continue()
    })
    const question = page.locator('.faq button').first()
    await question.click()
    expect(await question.getAttribute('aria-expanded')).toBe('false')
    release()
    await expect.poll(() => question.getAttribute('aria-expanded'), { timeout: 5000 }).toBe('true')
    expect(console).toEqual([])
    await page.close()
  })

  it('keeps their HTML while the popup opens and closes before they hydrate', async () => {
    const { page, scripts, console, keptFromServer } = await openLanding()
    await page.locator('header button[aria-haspopup="dialog"]').first().click()
    await page.locator('dialog.consultation[open]').waitFor()
    await page.keyboard.press('Escape')
    await page.waitForLoadState('networkidle')
    expect(await keptFromServer()).toEqual([true, true])
    expect(scripts.filter((s) => LATE_CHUNK.test(s))).toEqual([])
    expect(console).toEqual([])
    await page.close()
  })

  it('renders every section after a move to another landing page', async () => {
    const { page, console } = await openLanding()
    await page.locator('footer a[href="/ai/Ai-Consulting"]').click()
    await page.waitForURL((url) => url.pathname === '/ai/Ai-Consulting')
    await page.locator('.faq').waitFor()
    expect(await page.locator('main section').count()).toBeGreaterThanOrEqual(12)
    await page.locator('.site-footer').waitFor()
    expect(console).toEqual([])
    await page.close()
  })

  it("opens the popup for a static section's 'Talk to Expert' pressed before the site has started", async () => {
    const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 800 } })
    await page.addInitScript(() => sessionStorage.setItem('lead-sent', '1'))
    const console = watchConsole(page)
    // The site's chunk is held back until the press is made and seen unanswered, as on a slow connection.
    let release = () => {}
    const released = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/assets/site-*.js', async (route) => {
      await released
      await route.continue()
    })
    // Not until `load`: the held chunk, asked for before the page's pictures have all arrived, holds it back.
    await page.goto(`${ctx.site.url}/ai/Ai-Development`, { waitUntil: 'domcontentloaded' })
    // The loader script, inline in the page, has run once the document has its click listener: the
    // only one before the site's chunk, which is held back, runs.
    const cdp = await page.context().newCDPSession(page)
    const { result: documentObject } = await cdp.send('Runtime.evaluate', { expression: 'document' })
    const documentClickListeners = async () =>
      (await cdp.send('DOMDebugger.getEventListeners', { objectId: documentObject.objectId! })).listeners.filter(
        (listener) => listener.type === 'click',
      ).length
    await expect.poll(documentClickListeners).toBe(1)
    const button = page.locator('[data-static="top"] button[aria-haspopup="dialog"]').first()
    await button.click()
    expect(await page.locator('dialog.consultation[open]').count()).toBe(0)
    release()
    await page.locator('dialog.consultation[open]').waitFor()
    expect(console).toEqual([])
    await page.close()
  })

  it('ships no code of the static sections: they are the HTML the build rendered', async () => {
    const { page, scripts } = await openLanding()
    const code = (await Promise.all(scripts.map((s) => fetch(`${ctx.site.url}${s}`).then((r) => r.text())))).join('\n')
    // Class names of sections that are only words and pictures: in the page, in none of its scripts.
    for (const name of ['partners__set', 'service-card', 'contact-cta__panel', 'intro__title', 'site-footer__brand']) {
      expect(await page.locator(`.${name}`).count(), name).toBeGreaterThan(0)
      expect(code, name).not.toContain(`"${name}`)
      expect(code, name).not.toContain(`\`${name}`)
    }
    await page.close()
  })
})
