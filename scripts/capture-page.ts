import type { Page } from 'playwright-core'

/**
 * A full-page screenshot as a visitor would end up seeing the page: scrolled through once so lazy
 * images and the blog carousel load, the auto-opening popup dismissed, every section painted.
 * The page's context must bypass its CSP (`bypassCSP: true`): the style added here is not hashed.
 */
export async function captureFullPage(page: Page, url: string, file: string): Promise<void> {
  await page.goto(url, { waitUntil: 'networkidle' })
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight / 2) {
      window.scrollTo(0, y)
      await new Promise((r) => setTimeout(r, 60))
    }
    window.scrollTo(0, 0)
  })
  await page.waitForLoadState('networkidle')
  await page.keyboard.press('Escape') // the popup opens by itself past 10 % of the page
  // Off-screen sections are not painted (content-visibility); a full-page picture needs them all.
  await page.addStyleTag({ content: '* { content-visibility: visible !important; }' })
  await page.screenshot({ path: file, fullPage: true })
}
