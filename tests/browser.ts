import type { Browser } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import type { ContentSet } from '../codegen/content.ts'
import { manifestRoutes } from '../codegen/site-manifest.ts'
import { isFrameRoute } from '../src/core/routes.ts'
import { launchChromium, startSite, type RunningSite } from '../tools/chromium.ts'

export { gotoHydrated, launchChromium, pageIsHydrated, startSite, type RunningSite } from '../tools/chromium.ts'

/**
 * The real server and a Chromium for one test file: started before its tests, closed after.
 * Read `site` and `browser` inside tests (they exist once the file's beforeAll has run).
 */
export function useSiteInChromium(env: Record<string, string> = {}) {
  const running = {} as { site: RunningSite; browser: Browser }
  beforeAll(async () => {
    running.site = await startSite(env)
    running.browser = await launchChromium()
  })
  afterAll(async () => {
    await running.browser?.close()
    await running.site?.close()
  })
  return running
}

/** Console errors and warnings of a page, plus uncaught exceptions: hydration mismatches land here. */
export function watchConsole(page: import('playwright-core').Page): string[] {
  const messages: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') messages.push(`${m.type()}: ${m.text()}`)
  })
  page.on('pageerror', (e) => messages.push(`pageerror: ${e.message}`))
  return messages
}

/** Every route a visitor can open, as the build lists them (the 404 page is what the others are not). */
export const visitableRoutes = (content: Pick<ContentSet, 'pages' | 'blogs'>) =>
  manifestRoutes(content)
    .map((r) => r.route)
    .filter((route) => !isFrameRoute(route))
