/**
 * `npm run screenshots`: pages at 375, 768 and 1280 px in both themes, full height, into screenshots/.
 * Needs a build (npm run build). Look at every picture before calling visual work done.
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { launchChromium, startSite } from '../tests/browser.ts'

const pages = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['/ai/Ai-Development', '/ai/ai-development-company-in-houston', '/ai/Ai-Consulting', '/', '/blog', '/thank-you']
const widths = [375, 768, 1280]
const themes = ['light', 'dark'] as const
const outDir = path.resolve('screenshots')
mkdirSync(outDir, { recursive: true })

const site = await startSite()
const browser = await launchChromium()
try {
  for (const theme of themes) {
    for (const width of widths) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: theme, reducedMotion: 'reduce' })
      const page = await context.newPage()
      for (const route of pages) {
        await page.goto(site.url + route, { waitUntil: 'networkidle' })
        // Scroll through once so lazy images and the blog carousel load, then back to the top.
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
        const file = path.join(outDir, `${route.replace(/\//g, '_').replace(/^_$/, '_home') || '_home'}-${width}-${theme}.png`)
        await page.screenshot({ path: file, fullPage: true })
        console.log(path.relative(process.cwd(), file))
      }
      await context.close()
    }
  }
} finally {
  await browser.close()
  await site.close()
}
