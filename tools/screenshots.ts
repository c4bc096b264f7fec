/**
 * `npm run screenshots`: pages at 375, 768 and 1280 px in both themes, full height, into screenshots/.
 * Needs a build (npm run build). Look at every picture before calling visual work done.
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { launchChromium, startSite } from './chromium.ts'
import { captureFullPage, pictureContext } from './capture-page.ts'

const pages = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['/ai/Ai-Development', '/ai/ai-development-company-in-houston', '/ai/Ai-Consulting', '/', '/blog', '/thank-you']
const widths = [375, 768, 1280]
const themes = ['light', 'dark'] as const
const outDir = path.resolve('screenshots')
mkdirSync(outDir, { recursive: true })

// DIST_DIR picks another build than dist/, as it does for the server.
const site = await startSite(process.env.DIST_DIR ? { DIST_DIR: process.env.DIST_DIR } : {})
const browser = await launchChromium()
try {
  for (const theme of themes) {
    for (const width of widths) {
      const context = await pictureContext(browser, width, theme)
      const page = await context.newPage()
      for (const route of pages) {
        const file = path.join(outDir, `${route.replace(/\//g, '_').replace(/^_$/, '_home') || '_home'}-${width}-${theme}.png`)
        await captureFullPage(page, site.url + route, file)
        console.log(path.relative(process.cwd(), file))
      }
      await context.close()
    }
  }
} finally {
  await browser.close()
  await site.close()
}
