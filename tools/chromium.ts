/** Chromium and the real server on a free port, for the scripts (screenshots, preview, bench) and the tests alike. */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium, type Browser } from 'playwright-core'
import { loadConfig } from '../server/config.ts'
import { createServer } from '../server/create-server.ts'
import { readSiteManifest } from '../server/site-manifest.ts'
import type { LeadStore } from '../server/store/lead-store.ts'

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Debian's Chromium, headless; the flags keep it off the network this machine does not have. */
export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
}

export interface RunningSite {
  url: string
  store: LeadStore
  databasePath: string
  close(): Promise<void>
}

/** The real server (site and API) on a free port, over the built dist/, with a fresh SQLite file. */
export async function startSite(env: Record<string, string> = {}): Promise<RunningSite> {
  const root = process.cwd()
  const databasePath = path.join(mkdtempSync(path.join(tmpdir(), 'site-test-')), 'leads.sqlite')
  const config = loadConfig({ ...env, DATABASE_PATH: databasePath, LOG_LEVEL: 'silent', PORT: '0' }, root)
  const { app, store } = await createServer({ config, content: readSiteManifest(config.distDir) })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `http://127.0.0.1:${port}`,
    store,
    databasePath,
    close: () => app.close().then(() => undefined),
  }
}

/**
 * True in the page once React has hydrated all of it. Hydration runs in slices (entry-client.tsx)
 * and finishes with the last top-level element under #root, whose commit follows in the same task.
 */
export const pageIsHydrated = () => {
  const last = document.getElementById('root')?.lastElementChild
  return !!last && Object.keys(last).some((k) => k.startsWith('__reactFiber'))
}

/**
 * Opens a route and waits until React has hydrated it. The page's scripts start after the first
 * paint, so `load` alone comes before the page is interactive.
 */
export async function gotoHydrated(page: import('playwright-core').Page, url: string) {
  const response = await page.goto(url)
  await page.waitForFunction(pageIsHydrated)
  return response
}
