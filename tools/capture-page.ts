import type { Browser, Page } from 'playwright-core'
import { pageIsHydrated } from './chromium.ts'
import type { CropTarget } from './content-preview/sections.ts'

/**
 * Every section painted (off-screen ones are not: content-visibility), and nothing fixed on screen
 * over a section's words: the header scrolls away, a preview build's ribbon is hidden.
 */
const PICTURE_STYLE = [
  '* { content-visibility: visible !important; }',
  '.site-header { position: static !important; }',
  '[data-preview-ribbon] { display: none !important; }',
].join('\n')

/** The content's closed accordions: FAQ questions whose answers are hidden. */
const COLLAPSED = 'main button[aria-expanded="false"][aria-controls]'

/** In the page: fewer than `count` elements match `selector`. */
const fewerMatch = ([selector, count]: readonly [string, number]) => document.querySelectorAll(selector).length < count

/** Closes the consultation popup if it opened by itself (it does once the page is scrolled). */
async function closePopup(page: Page) {
  if (await page.locator('dialog[open]').count()) await page.keyboard.press('Escape')
}

/**
 * A browser context for pictures of the site at `width`: motion reduced, and the page's CSP
 * bypassed, since the style openForPicture adds is not among its hashes.
 */
export const pictureContext = (browser: Browser, width: number, colorScheme: 'light' | 'dark' = 'light') =>
  browser.newContext({ viewport: { width, height: 900 }, colorScheme, reducedMotion: 'reduce', bypassCSP: true })

/**
 * Opens a page as a visitor would end up seeing it: hydrated, scrolled through once so lazy images,
 * late sections and the blog carousel load, the auto-opening popup dismissed, every collapsed part
 * of the content (FAQ answers) opened, every section painted. Its context is a pictureContext.
 */
export async function openForPicture(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'networkidle' })
  await page.waitForFunction(pageIsHydrated)
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight / 2) {
      window.scrollTo(0, y)
      await new Promise((r) => setTimeout(r, 60))
    }
    window.scrollTo(0, 0)
  })
  await page.waitForLoadState('networkidle')
  await closePopup(page)
  // Accordions of the content: every FAQ answer shown, as a reviewer needs to read it.
  // A part of the page that hydrates late answers its first click once it has; each click waits for its effect.
  for (let tries = 0; tries < 200; tries++) {
    const left = await page.locator(COLLAPSED).count()
    if (left === 0) break
    await page.locator(COLLAPSED).first().click()
    await page.waitForFunction(fewerMatch, [COLLAPSED, left] as const, { timeout: 2000 }).catch(() => undefined)
  }
  await page.addStyleTag({ content: PICTURE_STYLE })
  await closePopup(page)
}

/** A full-page screenshot of a page opened as `openForPicture` opens it. */
export async function captureFullPage(page: Page, url: string, file: string): Promise<void> {
  await openForPicture(page, url)
  await page.screenshot({ path: file, fullPage: true })
}

/**
 * A screenshot of one section of the open page (`openForPicture`), the menu opened first when the
 * section is in it and narrow screens hide it. False when the page has no such section.
 */
export async function captureSection(page: Page, target: CropTarget, file: string): Promise<boolean> {
  const element = page.locator(target.selector).first()
  if ((await element.count()) === 0) return false
  const menuButton = page.locator('button[aria-controls="site-nav"]')
  const openMenu = target.inMenu && (await menuButton.isVisible())
  if (openMenu) {
    await menuButton.click()
    await page.locator('#site-nav').waitFor({ state: 'visible' })
    // The open menu hangs below the header: the picture is the top of the screen.
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.screenshot({ path: file })
    await menuButton.click()
    return true
  }
  await element.scrollIntoViewIfNeeded()
  await closePopup(page)
  await element.screenshot({ path: file })
  return true
}
