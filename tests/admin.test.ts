/**
 * The form editor end to end: /admin built from this project, Decap's local proxy in its git mode
 * (the editorial workflow: a save is a commit on a branch cms/pages/<page>) over a temporary copy of
 * the content that is a git repository, driven in Chromium as an editor would.
 */
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { launchChromium } from '../tools/chromium.ts'
import { startCms } from '../tools/cms.ts'
import { vendoredDecap } from '../scripts/decap-bundle.ts'
import { loadConfig } from '../server/config.ts'
import { createServer } from '../server/create-server.ts'
import { blogApiSettings } from '../src/core/blog-api.ts'

const ROOT = process.cwd()
const PAGE = 'content/pages/Ai-Development.yaml'
const BRANCH = 'cms/pages/Ai-Development'

let repo: string
let work: string
let cms: Awaited<ReturnType<typeof startCms>>
let browser: Browser
const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, encoding: 'utf8' })

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'admin-test-'))
  repo = path.join(work, 'repo')
  for (const dir of ['content', 'schema', 'public']) cpSync(path.join(ROOT, dir), path.join(repo, dir), { recursive: true })
  git('init', '-q', '-b', 'main')
  git('add', '.')
  git('-c', 'user.name=Test', '-c', 'user.email=test@example.com', 'commit', '-q', '-m', 'content as it is')
  cms = await startCms({ root: ROOT, repo, mode: 'git', port: 0, outDir: path.join(work, 'out'), quiet: true })
  browser = await launchChromium()
}, 240_000)

afterAll(async () => {
  await browser?.close()
  await cms?.close()
})

/** Opens a landing page in the editor, signed in to the local proxy. */
async function openPage(page: Page, name: string) {
  await page.goto(`${cms.url}/admin/#/collections/pages/entries/${name}`)
  await page.getByRole('button', { name: /login/i }).click()
  await page.getByLabel('Hero heading', { exact: true }).waitFor()
}

/** Selects `word` inside a contenteditable, as a double-click on it would. */
const selectWord = (page: Page, editor: string, word: string) =>
  page.locator(editor).evaluate((element, target) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent!.indexOf(target)
      if (at < 0) continue
      const range = document.createRange()
      range.setStart(node, at)
      range.setEnd(node, at + target.length)
      getSelection()!.removeAllRanges()
      getSelection()!.addRange(range)
      return
    }
    throw new Error(`no '${target}' in the editor`)
  }, word)

describe('/admin', () => {
  it('saves a changed heading, FAQ answer and bolded word to a branch, changing only those lines', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    const blocked: string[] = []
    page.on('console', (m) => {
      if (/Content Security Policy/.test(m.text())) blocked.push(m.text())
    })
    await openPage(page, 'Ai-Development')
    const before = readFileSync(path.join(repo, PAGE), 'utf8')
    const data = parse(before) as { faqs: { answer: string }[]; descriptionOne: string[] }

    await page.getByLabel('Hero heading', { exact: true }).fill('AI Development Services')
    // The first FAQ answer: the list opens, the answer's rich-text editor takes the added sentence at its end.
    const faqs = page.locator('[aria-label="list field"]').filter({ has: page.locator('label[for^="faqs-field"]') })
    await faqs.getByTestId('expand-button').first().click()
    const answer = faqs.locator('[data-markup-editor]').first()
    await answer.click()
    await page.keyboard.press('Control+End')
    await page.keyboard.type(' Ask us for a quote.')
    // The hero's first paragraph: one word selected and made bold with the toolbar.
    const firstParagraph = page.locator('[data-markup-editor]').first()
    const id = await firstParagraph.getAttribute('id')
    await selectWord(page, `#${id}`, 'designs')
    await page.locator('[aria-label="markup field"]').first().getByRole('button', { name: /^Bold/ }).click()
    // The live preview shows the edits with the site's own sections.
    const preview = page.frameLocator('iframe').first()
    await preview.locator('h1', { hasText: 'AI Development Services' }).waitFor()
    await preview.locator('.landing p b', { hasText: 'designs' }).first().waitFor()
    // Below the introduction too: the FAQ, from the layout's late part, with the edited answer.
    await preview.locator('.faq', { hasText: 'Ask us for a quote.' }).waitFor({ state: 'attached' })

    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect.poll(() => git('branch', '--list', BRANCH).trim(), { timeout: 20_000 }).toBe(BRANCH)

    // Only the page's file changed on the branch, and in it only the three edited lines.
    expect(git('diff', '--name-only', 'main', BRANCH).trim()).toBe(PAGE)
    const after = git('show', `${BRANCH}:${PAGE}`)
    const expected = before
      .replace(/^title1: .*$/m, 'title1: "AI Development Services"')
      .replace(
        JSON.stringify(data.descriptionOne[0]),
        JSON.stringify(data.descriptionOne[0].replace('designs', '<b>designs</b>')),
      )
      .replace(JSON.stringify(data.faqs[0].answer), JSON.stringify(`${data.faqs[0].answer} Ask us for a quote.`))
    expect(after).toBe(expected)
    expect(after).not.toMatch(/\*\*designs\*\*/)
    expect(before.split('\n').filter((line, i) => line !== after.split('\n')[i])).toHaveLength(3)

    // The content check passes on the branch's files, read out of git into a folder of their own:
    // decap-server may still be at work in the repository (its index lock), so nothing checks out there.
    const branchFiles = mkdtempSync(path.join(tmpdir(), 'admin-branch-'))
    try {
      execFileSync('tar', ['-x', '-C', branchFiles], { input: execFileSync('git', ['archive', BRANCH], { cwd: repo }) })
      execFileSync(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'codegen/check.ts', branchFiles], {
        cwd: ROOT,
        encoding: 'utf8',
        stdio: 'pipe',
      })
    } finally {
      rmSync(branchFiles, { recursive: true, force: true })
    }
    expect(blocked).toEqual([])
    await page.close()
  })

  it('refuses a title over 60 characters and saves nothing', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    await openPage(page, 'Ai-Consulting')
    const branches = git('branch', '--list', 'cms/*')
    await page.getByLabel('Search title (browser tab)').fill('A search title far too long for any search engine to show it whole')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByText("Search title (browser tab) didn't match the pattern: 10 to 60 characters.").waitFor()
    await page.waitForTimeout(1000)
    expect(git('branch', '--list', 'cms/*')).toBe(branches)
    await page.close()
  })

  it('is served by the site server with its own policy, kept out of search engines, and starts under it', async () => {
    // The production server over a build that holds the admin (the one startCms made).
    const config = loadConfig(
      { DIST_DIR: path.join(work, 'out'), DATABASE_PATH: path.join(work, 'leads.sqlite'), LOG_LEVEL: 'silent', PORT: '0' },
      ROOT,
    )
    const content = {
      siteUrl: 'http://127.0.0.1',
      routes: [],
      blogs: [],
      projects: [],
      blogApi: blogApiSettings({}),
      retentionDays: 30,
    }
    const { app } = await createServer({ config, content })
    try {
      await app.listen({ port: 0, host: '127.0.0.1' })
      const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
      const moved = await fetch(`${url}/admin`, { redirect: 'manual' })
      expect([moved.status, moved.headers.get('location')]).toEqual([301, '/admin/'])
      const answer = await fetch(`${url}/admin/`)
      expect(answer.status).toBe(200)
      const policy = answer.headers.get('content-security-policy')!
      expect(policy).toContain("script-src 'self' 'unsafe-eval'")
      expect(policy).toContain("frame-ancestors 'none'")
      expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/)
      expect(answer.headers.get('x-robots-tag')).toBe('noindex, nofollow')
      expect(answer.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups')
      expect(await answer.text()).toContain('<meta name="robots" content="noindex, nofollow" />')
      expect((await fetch(`${url}/admin/config.yml`)).headers.get('x-robots-tag')).toBe('noindex, nofollow')
      // Decap's bundle is the kept one, under its version, sent as the brotli file kept beside it.
      const decap = vendoredDecap(ROOT)
      const bundle = await fetch(`${url}/admin/assets/decap-cms-${decap.version}/decap-cms.js`, {
        headers: { 'accept-encoding': 'br' },
      })
      expect(bundle.headers.get('content-encoding')).toBe('br')
      expect(Number(bundle.headers.get('content-length'))).toBe(statSync(path.join(decap.dir, 'decap-cms.js.br')).size)
      const served = createHash('sha256')
        .update(Buffer.from(await bundle.arrayBuffer()))
        .digest('hex')
      expect(served).toBe(decap.files['decap-cms.js'])
      // Decap starts under that policy: no local proxy here, so it offers GitHub's sign-in.
      const page = await browser.newPage()
      const blocked: string[] = []
      page.on('console', (m) => {
        if (/Content Security Policy/.test(m.text())) blocked.push(m.text())
      })
      await page.goto(`${url}/admin/`)
      await page.getByRole('button', { name: /login with github/i }).waitFor()
      expect(blocked).toEqual([])
      await page.close()
    } finally {
      await app.close()
    }
  })
})
