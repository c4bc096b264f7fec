import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadContent } from '../codegen/content.ts'
import { launchChromium, watchConsole } from './browser.ts'

/** `npm run dev` as an editor runs it: Vite with the content plugin and the embedded API, no build. */
async function startDevServer(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tools/dev.ts'], {
    env: { ...process.env, DATABASE_PATH: path.join(mkdtempSync(path.join(tmpdir(), 'dev-test-')), 'leads.sqlite') },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const url = await new Promise<string>((resolve, reject) => {
    let printed = ''
    const timer = setTimeout(() => reject(new Error(`dev server printed no URL in 60 s:\n${printed}`)), 60_000)
    child.stdout!.on('data', (chunk: Buffer) => {
      // Vite colours its output; the URL is what follows "Local:".
      printed += chunk.toString().replace(/\x1b\[[0-9;]*m/g, '')
      const found = /Local:\s+(http:\/\/\S+?)\/?\s/.exec(printed)
      if (found) {
        clearTimeout(timer)
        resolve(found[1])
      }
    })
    child.on('exit', (code) => reject(new Error(`dev server exited with ${code}:\n${printed}`)))
  })
  return { url, child }
}

describe('npm run dev', () => {
  const landing = loadContent(process.cwd()).pages.find((p) => p.route === '/ai/Ai-Development')!
  let dev: { url: string; child: ChildProcess }
  let browser: Browser

  beforeAll(async () => {
    dev = await startDevServer()
    browser = await launchChromium()
  })

  afterAll(async () => {
    await browser?.close()
    dev?.child.kill('SIGTERM')
  })

  it('renders the pages from the YAML and navigates, with no console error or warning', async () => {
    const page = await browser.newPage()
    const messages = watchConsole(page)
    await page.addInitScript(() => sessionStorage.setItem('lead-sent', '1'))
    await page.goto(dev.url + landing.route)
    await page.locator('h1', { hasText: (landing.data as { title1: string }).title1 }).waitFor({ timeout: 30_000 })
    await page.goto(dev.url + '/')
    await page.locator(`a[href="${landing.route}"]`).first().click()
    await page.locator('h1', { hasText: (landing.data as { title1: string }).title1 }).waitFor()
    expect(messages).toEqual([])
    await page.close()
  })
})
