/**
 * `npm run bench`: a markdown report of figures, not pass/fail: build scaling, bytes, HTTP load, stored
 * leads/s on SQLite and PostgreSQL with delivery off, on and hanging, Lighthouse, a page's start, long
 * tasks. BENCH_PAGES=1000,5000 and BENCH_SKIP=lighthouse,pagestart,longtasks,load,leads,scale choose what runs.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import autocannon from 'autocannon'
import { launch } from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { CHROMIUM_FLAGS, CHROMIUM_PATH, launchChromium, pageIsHydrated } from '../tools/chromium.ts'
import { buildSite } from '../scripts/build.ts'
import { BYTE_BUDGETS_KB, bundleReport } from './bundle-report.ts'
import { startWebhookReceiver } from '../tests/support/webhook-receiver.ts'
import { createDatabase, startPostgres } from '../tools/postgres-server.ts'
import { freePort, startServerProcess } from '../tools/server-process.ts'
import { createSyntheticSite } from './synthetic-site.ts'
import { median, pageStartTable } from './page-start.ts'

const root = process.cwd()
const skip = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean))
const syntheticSizes = (process.env.BENCH_PAGES ?? '1000,5000').split(',').map(Number).filter(Boolean)
const print = (line = '') => console.log(line)
const ms = (v: number) => `${Math.round(v).toLocaleString('en-US')} ms`
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

print(`# Benchmark (${new Date().toISOString().slice(0, 10)}, ${process.platform}, Node ${process.version})`)
print()

/** One whole build (content checked once, codegen, bundles, prerender, compression), timed by phase. */
async function timeBuild(siteRoot: string, full = true) {
  const t = performance.now()
  const { pages, timings, rendered, checked } = await buildSite(siteRoot, { quiet: true, full })
  const build = performance.now() - t
  const landing = pages.filter((p) => p.route.startsWith('/ai/'))
  const htmlBytes = landing.reduce((n, p) => n + p.bytes, 0) / landing.length
  return { pages: landing.length, build, timings, rendered, checked, htmlBytes }
}

/** A build as `npm run build` runs it: a new process, the site and the server's JavaScript (build/). */
function timeBuildCommand(siteRoot: string) {
  const t = performance.now()
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--server'], { cwd: siteRoot, stdio: 'ignore' })
  return performance.now() - t
}

/** Rewrites the first match of `from` in one file of a site. */
function edit(siteRoot: string, file: string, from: RegExp, to: string) {
  const full = path.join(siteRoot, file)
  writeFileSync(full, readFileSync(full, 'utf8').replace(from, to))
}

if (!skip.has('scale')) {
  print('## Build time by number of pages\n')
  print(
    'Real-size pages: the 50 real ones, then numbered copies of them with every text made unique (bench/synthetic-site.ts). ' +
      'Each build starts from nothing but the 50 real pages, whose checked content is kept from earlier builds. ' +
      'The phases run one after another: content, then both bundles, then the prerender (on one thread), ' +
      'then finishing (waiting for the compression that ran beside them). The form editor is built between the bundles and the prerender, ' +
      'or copied when it has not changed, which accounts for the rest of the build.\n',
  )
  print(
    '| pages | build | per page | content (load, check, codegen) | client bundle | SSR bundle | prerender | finishing | HTML per page (raw) |',
  )
  print('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |')
  const rows: Awaited<ReturnType<typeof timeBuild>>[] = [await timeBuild(root)]
  const rebuilds: string[] = []
  for (const count of syntheticSizes) {
    const synthetic = createSyntheticSite(root, count)
    try {
      rows.push(await timeBuild(synthetic.root))
      if (count === syntheticSizes[0]) {
        // Rebuilds of the same site: what an editor's preview and a deploy wait for after a change.
        const row = async (what: string, change?: () => void) => {
          change?.()
          const inProcess = await timeBuild(synthetic.root, false)
          // The same change made again, built by `npm run build` in a new process (the server too).
          change?.()
          const command = timeBuildCommand(synthetic.root)
          rebuilds.push(
            `| ${what} | ${ms(inProcess.build)} | ${ms(command)} | ${inProcess.checked} | ${inProcess.rendered.toLocaleString('en-US')} |`,
          )
        }
        let n = 0
        // Once first, untimed: an editor's machine has run it before (the server compiled, tsx's transforms kept).
        timeBuildCommand(synthetic.root)
        await row('nothing changed')
        await row("one page's copy edited", () =>
          edit(synthetic.root, 'content/pages/Ai-Consulting.yaml', /title2: "/, `title2: "edit ${++n}, `),
        )
        await row("one page's label edited (every menu changes: both bundles again)", () =>
          edit(synthetic.root, 'content/pages/Ai-Consulting.yaml', /^label: /m, `label: E${++n} `),
        )
      }
    } finally {
      synthetic.dispose()
    }
  }
  for (const r of rows) {
    const phase = (name: string) => ms(r.timings[name] ?? 0)
    print(
      `| ${r.pages.toLocaleString('en-US')} | ${ms(r.build)} | ${(r.build / r.pages).toFixed(1)} ms | ${phase('content')} | ${phase('client')} | ${phase('ssr')} | ${phase('prerender')} | ${phase('compress')} | ${kb(r.htmlBytes)} |`,
    )
  }
  print()
  if (rebuilds.length > 0) {
    print(`### Rebuilds at ${syntheticSizes[0].toLocaleString('en-US')} pages\n`)
    print('| change | build, in process | `npm run build`, new process | files checked | routes rendered |')
    print('| --- | ---: | ---: | ---: | ---: |')
    for (const line of rebuilds) print(line)
    print()
  }
  // The real site is built last so dist/ holds it for what follows.
  await timeBuild(root)
}

const bytes = bundleReport(path.join(root, 'dist'))
print('## Bytes (gzip), 50-page site\n')
print('| what | size | budget |\n| --- | ---: | ---: |')
print(`| JS shared by every page | ${kb(bytes.sharedJs)} | ${BYTE_BUDGETS_KB.sharedJs} KB |`)
print(
  `| a landing page's own chunk (largest / average) | ${kb(bytes.pageChunkMax)} / ${kb(bytes.pageChunkAverage)} | ${BYTE_BUDGETS_KB.pageChunkMax} KB |`,
)
print(
  `| JS a landing page loads before any scroll or click | ${kb(bytes.landingStartupJs)} | ${BYTE_BUDGETS_KB.landingStartupJs} KB |`,
)
print(
  `| landing page HTML (largest / average) | ${kb(bytes.landingHtmlMax)} / ${kb(bytes.landingHtmlAverage)} | ${BYTE_BUDGETS_KB.landingHtmlMax} KB |`,
)
print(`| CSS | ${kb(bytes.css)} | ${BYTE_BUDGETS_KB.css} KB |`)
print()

/** The built server on a free port with a new SQLite file and no rate limit; `env` adds to its settings. */
async function startServer(env: Record<string, string> = {}) {
  const port = await freePort()
  const child = await startServerProcess({
    PORT: String(port),
    DATABASE_PATH: path.join(mkdtempSync(path.join(tmpdir(), 'bench-')), 'leads.sqlite'),
    RATE_LIMIT_MAX: '0',
    ...env,
  })
  return { url: `http://127.0.0.1:${port}`, child, stop: () => child.kill('SIGTERM') }
}

if (!skip.has('load')) {
  const server = await startServer()
  try {
    print('## HTTP on loopback (autocannon, 50 connections, 10 s, rate limit off)\n')
    print('| request | requests/s | p99 latency | errors | non-2xx |\n| --- | ---: | ---: | ---: | ---: |')
    const lead = JSON.stringify({
      name: 'Bench Lead',
      email: 'bench@example.com',
      contact: '4155550142',
      url: '',
      message: 'Load test lead',
    })
    const runs: [string, autocannon.Options][] = [
      [
        'POST /api/appDev (stored lead)',
        { url: `${server.url}/api/appDev`, method: 'POST', headers: { 'content-type': 'application/json' }, body: lead },
      ],
      ['GET /ai/Ai-Development (brotli)', { url: `${server.url}/ai/Ai-Development`, headers: { 'accept-encoding': 'br' } }],
    ]
    for (const [name, options] of runs) {
      const result = await autocannon({ ...options, connections: 50, duration: 10 })
      print(
        `| ${name} | ${Math.round(result.requests.average).toLocaleString('en-US')} | ${result.latency.p99} ms | ${result.errors} | ${result.non2xx} |`,
      )
    }
    print()
  } finally {
    server.stop()
  }
}

if (!skip.has('leads')) {
  // Stored leads/s with delivery off, with an accepting webhook, and with one that never answers:
  // delivery runs beside the API, so the last two must not fall behind the first.
  const postgres = await startPostgres()
  const accepting = await startWebhookReceiver('bench-secret-0123456789')
  const hanging = await startWebhookReceiver('bench-secret-0123456789', () => 'hang')
  try {
    print('## Stored leads (autocannon, 50 connections, 10 s, POST /api/appDev, each lead with its own key)\n')
    print('| store | delivery | leads/s | p99 latency | non-2xx |\n| --- | --- | ---: | ---: | ---: |')
    for (const store of ['SQLite', 'PostgreSQL'] as const) {
      for (const [delivery, receiver] of [
        ['off', undefined],
        ['webhook accepting', accepting],
        ['webhook hanging', hanging],
      ] as const) {
        const server = await startServer({
          ...(store === 'PostgreSQL' ? { DATABASE_URL: await createDatabase(postgres.url) } : {}),
          ...(receiver ? { LEAD_WEBHOOK_URL: receiver.url, LEAD_WEBHOOK_SECRET: 'bench-secret-0123456789' } : {}),
        })
        let n = 0
        const result = await autocannon({
          url: `${server.url}/api/appDev`,
          method: 'POST',
          connections: 50,
          duration: 10,
          requests: [
            {
              setupRequest: (request) => ({
                ...request,
                headers: { 'content-type': 'application/json', 'idempotency-key': `bench-${++n}` },
                body: JSON.stringify({
                  name: 'Bench Lead',
                  email: 'bench@example.com',
                  contact: '4155550142',
                  message: `Load test lead ${n}`,
                }),
              }),
            },
          ],
        })
        print(
          `| ${store} | ${delivery} | ${Math.round(result.requests.average).toLocaleString('en-US')} | ${result.latency.p99} ms | ${result.non2xx} |`,
        )
        server.stop()
        await new Promise((r) => server.child.on('exit', r))
      }
    }
    print()
  } finally {
    await accepting.close()
    await hanging.close()
    await postgres.stop()
  }
}

const LIGHTHOUSE_CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo']
const LIGHTHOUSE_AUDITS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift']

if (!skip.has('lighthouse')) {
  const server = await startServer()
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS })
  try {
    const pages = ['/ai/Ai-Development', '/ai/ai-consulting-new-york', '/ai/Ai-Consulting', '/', '/blog']
    print('## Lighthouse 12, mobile preset, median of 3 runs (after one warm-up run)\n')
    print('| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS |')
    print('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |')
    // One run that is not counted: the first load of a fresh browser and server is slower than any after it.
    await lighthouse(server.url + pages[0], { port: chrome.port, output: 'json', logLevel: 'error' })
    for (const page of pages) {
      // Each run's category scores, then its audits' figures.
      const runs: number[][] = []
      const failures: string[] = []
      // A run Lighthouse could not finish (its runtimeError) is run again rather than averaged in as NaN.
      while (runs.length < 3 && failures.length < 3) {
        const result = await lighthouse(server.url + page, { port: chrome.port, output: 'json', logLevel: 'error' })
        const lhr = result!.lhr
        if (lhr.runtimeError) {
          failures.push(lhr.runtimeError.code)
          continue
        }
        const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN
        runs.push([...LIGHTHOUSE_CATEGORIES.map(score), ...LIGHTHOUSE_AUDITS.map(audit)])
      }
      if (runs.length === 0) {
        print(`| ${page} | failed: ${failures.join(', ')} | | | | | | | |`)
        continue
      }
      const [performance, accessibility, bestPractices, seo, fcp, lcp, tbt, cls] = runs[0].map((_, i) =>
        median(runs.map((r) => r[i])),
      )
      if (failures.length > 0)
        console.error(`${page}: ${failures.length} Lighthouse run(s) failed and were repeated (${failures.join(', ')})`)
      print(
        `| ${page} | ${performance} | ${accessibility} | ${bestPractices} | ${seo} | ${ms(fcp)} | ${ms(lcp)} | ${ms(tbt)} | ${cls.toFixed(3)} |`,
      )
    }
    print()
  } finally {
    chrome.kill()
    server.stop()
  }
}

if (!skip.has('pagestart')) {
  const server = await startServer()
  const browser = await launchChromium()
  try {
    for (const line of await pageStartTable(browser, server.url, ['/ai/Ai-Development', '/ai/ai-consulting-new-york']))
      print(line)
  } finally {
    await browser.close()
    server.stop()
  }
}

if (!skip.has('longtasks')) {
  // What Lighthouse's TBT estimates, observed: tasks over 50 ms until hydration, CPU 4x slower, phone-sized.
  const server = await startServer()
  const browser = await launchChromium()
  try {
    const pages = ['/ai/Ai-Development', '/ai/ai-consulting-new-york', '/', '/blog']
    const loads = 7
    print(`## Main-thread long tasks while a page starts (4x CPU slowdown, 412 px, median of ${loads} loads)\n`)
    print('| page | blocking time (sum of task time over 50 ms) | longest task | long tasks |\n| --- | ---: | ---: | ---: |')
    for (const page of pages) {
      const runs: { blocking: number; longest: number; count: number }[] = []
      for (let i = 0; i < loads; i++) {
        const context = await browser.newContext({ viewport: { width: 412, height: 823 } })
        const tab = await context.newPage()
        await (await context.newCDPSession(tab)).send('Emulation.setCPUThrottlingRate', { rate: 4 })
        await tab.addInitScript(() => {
          const tasks: number[] = ((window as unknown as { longTasks: number[] }).longTasks = [])
          new PerformanceObserver((list) => list.getEntries().forEach((e) => tasks.push(e.duration))).observe({
            type: 'longtask',
            buffered: true,
          })
        })
        await tab.goto(server.url + page, { waitUntil: 'load' })
        await tab.waitForFunction(pageIsHydrated)
        await tab.waitForTimeout(1000)
        const tasks = await tab.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks)
        runs.push({ blocking: tasks.reduce((sum, d) => sum + d - 50, 0), longest: Math.max(0, ...tasks), count: tasks.length })
        await context.close()
      }
      print(
        `| ${page} | ${ms(median(runs.map((r) => r.blocking)))} | ${ms(median(runs.map((r) => r.longest)))} | ${median(runs.map((r) => r.count))} |`,
      )
    }
    print()
  } finally {
    await browser.close()
    server.stop()
  }
}
