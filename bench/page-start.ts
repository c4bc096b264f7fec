import type { Browser } from 'playwright-core'
import { pageIsHydrated } from '../tools/chromium.ts'
import { gzipTextBytes } from './bundle-report.ts'

/** A page's start in Chromium, cache off, nothing clicked or scrolled, the CPU slowed down. */
export interface PageStart {
  /** Script files fetched before any interaction. */
  scripts: number
  /** Their bodies and the inline module scripts' text, each gzip -9, summed: the figure byte budgets use. */
  scriptBytes: number
  /** The inline classic scripts' text (theme boot, loader), each gzip -9, summed: scriptBytes leaves it out. */
  classicScriptBytes: number
  /** Everything the network carried, headers included (Chromium's encodedDataLength). */
  transferred: number
  requests: number
  fcp: number
  lcp: number
  /** The main-thread tasks over 50 ms until the page is idle, their whole durations summed. */
  longTasks: number
}

/** What the page records of its own paints and long tasks, from its first script on. */
function observePaints() {
  const seen = ((window as unknown as { pageStart: { lcp: number; longTasks: number } }).pageStart = { lcp: 0, longTasks: 0 })
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen.lcp = entry.startTime
  }).observe({ type: 'largest-contentful-paint', buffered: true })
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen.longTasks += entry.duration
  }).observe({ type: 'longtask', buffered: true })
}

/**
 * Loads `url` once, phone-sized, cache off, CPU `cpu` times slower. With `scripts: false` script files
 * are refused (inline ones run): the paint of the HTML alone, which the page's scripts must not delay.
 */
export async function measurePageStart(browser: Browser, url: string, { cpu = 4, scripts = true } = {}): Promise<PageStart> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } })
  if (!scripts) await context.route(/\.m?js(\?|$)/, (route) => route.abort())
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu })
  let transferred = 0
  let requests = 0
  cdp.on('Network.loadingFinished', (event) => {
    transferred += event.encodedDataLength
    requests++
  })
  const bodies: Promise<number>[] = []
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.body().then(gzipTextBytes, () => 0))
  })
  await page.addInitScript(observePaints)
  await page.goto(url, { waitUntil: 'load' })
  if (scripts) await page.waitForFunction(pageIsHydrated)
  await page.waitForLoadState('networkidle')
  const { inlineModules, inlineClassic, ...seen } = await page.evaluate(() => ({
    ...(window as unknown as { pageStart: { lcp: number; longTasks: number } }).pageStart,
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    inlineModules: [...document.querySelectorAll('script[type="module"]:not([src])')].map((script) => script.textContent ?? ''),
    inlineClassic: [...document.querySelectorAll('script:not([type]):not([src])')].map((script) => script.textContent ?? ''),
  }))
  const sizes = await Promise.all(bodies)
  await context.close()
  // An inline module (the entry) is script the start runs: its bytes count as a file's would.
  const gzipped = (texts: string[]) => texts.reduce((sum, text) => sum + gzipTextBytes(text), 0)
  return {
    scripts: sizes.length,
    scriptBytes: sizes.reduce((sum, n) => sum + n, 0) + gzipped(inlineModules),
    classicScriptBytes: gzipped(inlineClassic),
    transferred,
    requests,
    ...seen,
  }
}

/** The middle value of `values` (the upper one of an even count). */
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const thousands = (n: number) => Math.round(n).toLocaleString('en-US')

/** The markdown table of each page's start, median of `loads` loads with its scripts and without, in turn. */
export async function pageStartTable(browser: Browser, base: string, pages: string[], loads = 5): Promise<string[]> {
  const lines = [
    `## A page's start (4x CPU slowdown, 412 px, cache off, nothing clicked; median of ${loads} loads)`,
    '',
    '| page | script files | script (gzip -9) | inline classic scripts | transferred | requests | FCP | FCP of the HTML alone | LCP | long tasks |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ]
  for (const page of pages) {
    const runs: PageStart[] = []
    const htmlOnly: number[] = []
    for (let i = 0; i < loads; i++) {
      runs.push(await measurePageStart(browser, base + page))
      htmlOnly.push((await measurePageStart(browser, base + page, { scripts: false })).fcp)
    }
    const m = (key: keyof PageStart) => median(runs.map((run) => run[key]))
    lines.push(
      `| ${page} | ${m('scripts')} | ${thousands(m('scriptBytes'))} B | ${thousands(m('classicScriptBytes'))} B | ${thousands(m('transferred'))} B | ${m('requests')} | ` +
        `${thousands(m('fcp'))} ms | ${thousands(median(htmlOnly))} ms | ${thousands(m('lcp'))} ms | ${thousands(m('longTasks'))} ms |`,
    )
  }
  return [...lines, '']
}
