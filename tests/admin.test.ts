/**
 * The form editor end to end: /admin built from this project, `npm run cms` in its git mode (the
 * editorial workflow: a save is a commit on a branch cms/pages/<page>) over a temporary copy of the
 * content that is a git repository (and once in fs mode over a plain copy), driven in Chromium as
 * an editor would, from the one-time address the command prints.
 */
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { launchChromium } from '../tools/chromium.ts'
import { startCms } from '../tools/cms.ts'

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
async function openPage(page: Page, name: string, server = cms) {
  // Each page is a browser context of its own: it opens its own one-time address, as a tab would.
  await page.goto(server.signInUrl())
  await page.goto(`${server.url}/admin/#/collections/pages/entries/${name}`)
  await page.getByRole('button', { name: /login/i }).click()
  await page.getByLabel('Hero heading', { exact: true }).waitFor()
}

/** Runs `npm run content:check` on the files of `branch`, read out of git into a folder of their own. */
function checkBranch(branch: string) {
  // The editor never checks a branch out, and the test does not either.
  const branchFiles = mkdtempSync(path.join(tmpdir(), 'admin-branch-'))
  try {
    execFileSync('tar', ['-x', '-C', branchFiles], { input: execFileSync('git', ['archive', branch], { cwd: repo }) })
    execFileSync(
      process.execPath,
      [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'tools/content-check/check.ts', branchFiles],
      {
        cwd: ROOT,
        encoding: 'utf8',
        stdio: 'pipe',
      },
    )
  } finally {
    rmSync(branchFiles, { recursive: true, force: true })
  }
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
    // The save is a commit on the branch only: main stays checked out, the working copy as it was.
    expect(git('symbolic-ref', '--short', 'HEAD').trim()).toBe('main')
    expect(git('status', '--porcelain')).toBe('')

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

    // The content check passes on the branch's files.
    checkBranch(BRANCH)
    expect(blocked).toEqual([])
    await page.close()
  })

  it('refuses a title over 60 characters and saves nothing', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    await openPage(page, 'Ai-Consulting')
    const branches = git('branch', '--list', 'cms/*')
    await page.getByLabel('Search title (browser tab)').fill('A search title far too long for any search engine to show it whole')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    // The one rule that failed, with the count, under the field as the editor types and in Decap's errors on save.
    await page.getByText('66 characters; at most 60.').first().waitFor()
    // No toast says "you've missed a required field": the field's own message says what stopped the save.
    expect(await page.getByText("you've missed a required field", { exact: false }).count()).toBe(0)
    await page.waitForTimeout(1000)
    expect(git('branch', '--list', 'cms/*')).toBe(branches)
    await page.close()
  })

  it('says in its own words why a save with an empty required field stopped, and saves nothing', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    await openPage(page, 'Ai-Consulting')
    const branches = git('branch', '--list', 'cms/*')
    await page.getByLabel('Hero heading', { exact: true }).fill('')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByText('Not saved: a field breaks its rule. Its message is in red beside the field.').waitFor()
    expect(git('branch', '--list', 'cms/*')).toBe(branches)
    await page.close()
  })

  it('keeps Enter and the line-break button in a paragraph as <br>: saved, reopened, and passing the check', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    await openPage(page, 'Ai-Consulting')
    const paragraph = page.locator('[data-markup-editor]').first()
    await paragraph.click()
    await page.keyboard.press('Control+End')
    await page.keyboard.press('Enter')
    await page.keyboard.type('A second line after Enter.')
    await page
      .locator('[aria-label="markup field"]')
      .first()
      .getByRole('button', { name: /^Line break/ })
      .click()
    await page.keyboard.type('A third line after the button.')
    // Text pasted from a word processor, with a line break inside it, as the browser inserts it.
    await page.keyboard.insertText(' Pasted from Word\nover two lines.')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    const branch = 'cms/pages/Ai-Consulting'
    await expect.poll(() => git('branch', '--list', branch).trim(), { timeout: 20_000 }).toBe(branch)
    const saved = git('show', `${branch}:content/pages/Ai-Consulting.yaml`)
    const first = (parse(saved) as { descriptionOne: string[] }).descriptionOne[0]
    expect(first).toMatch(
      /<br>A second line after Enter\.<br>A third line after the button\. Pasted from Word(?: |<br>)over two lines\.$/,
    )
    expect(first).not.toMatch(/\n/)
    checkBranch(branch)
    // Reopened, the editor shows the saved paragraph, line breaks and all.
    await page.reload()
    await page.getByLabel('Hero heading', { exact: true }).waitFor()
    await expect.poll(() => paragraph.innerHTML()).toMatch(/<br>A second line after Enter\.<br>A third line after the button\./)
    await page.close()
  })

  it('shows what the pull request would find above the preview, by the form labels, before saving', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    page.on('dialog', (dialog) => void dialog.accept('/ai/Ai-Developmnt'))
    await openPage(page, 'adaptive-ai-development-melbourne')
    const faqs = page.locator('[aria-label="list field"]').filter({ has: page.locator('label[for^="faqs-field"]') })
    await faqs.getByTestId('expand-button').first().click()
    const answers = faqs.locator('[data-markup-editor]')
    // A claim: an office in the readers' city, where site.yaml lists none.
    await answers.nth(0).click()
    await page.keyboard.press('Control+End')
    await page.keyboard.type(' Our Melbourne office is in the CBD.')
    // A contract term that does not exist.
    await answers.nth(1).click()
    await page.keyboard.press('Control+End')
    await page.keyboard.type(' {{terms.nosuchterm}}')
    // A link to a page that does not exist, made with the toolbar.
    const paragraph = page.locator('[data-markup-editor]').first()
    await selectWord(page, `#${await paragraph.getAttribute('id')}`, 'machine')
    await page.locator('[aria-label="markup field"]').first().getByRole('button', { name: /^Link/ }).click()
    const panel = page.frameLocator('iframe').first().locator('.draft-check')
    await expect.poll(() => panel.getAttribute('data-problems'), { timeout: 30_000 }).toBe('3')
    const text = await panel.textContent()
    expect(text).toContain('FAQ 1, answer')
    expect(text).toMatch(/office/i)
    expect(text).toContain('FAQ 2, answer')
    expect(text).toContain('{{terms.nosuchterm}}')
    expect(text).toContain('Hero paragraphs, paragraph 1')
    expect(text).toContain('did you mean /ai/Ai-Development?')
    await page.close()
  })

  it('chooses a picture from its folder and uploads one, saved under the admin policy with a name the check accepts', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    const blocked: string[] = []
    page.on('console', (m) => {
      if (/Content Security Policy|Failed to fetch/.test(m.text())) blocked.push(m.text())
    })
    await openPage(page, 'Ai-Agent-Development')
    const branch = 'cms/pages/Ai-Agent-Development'
    const savedHero = () =>
      (parse(git('show', `${branch}:content/pages/Ai-Agent-Development.yaml`)) as { img1: { src: string } }).img1.src
    const hero = page.locator('[aria-label="image field"]').first()
    const openPicker = () => hero.getByRole('button', { name: /choose different image|choose an image/i }).click()
    // The hero image's own folder: the page illustrations of public/images/pages.
    await openPicker()
    await page.getByText('ai-strategy.svg', { exact: true }).click()
    await page.getByRole('button', { name: /choose selected/i }).click()
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect.poll(() => git('branch', '--list', branch).trim(), { timeout: 20_000 }).toBe(branch)
    expect(savedHero()).toBe('/images/pages/ai-strategy.svg')
    // A new picture uploaded in its place, named as a camera would; saved beside the page as team-photo.png.
    await openPicker()
    const picture = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    )
    await page.locator('input[type="file"]').setInputFiles({ name: 'Team Photo.PNG', mimeType: 'image/png', buffer: picture })
    // Decap selects what it just uploaded.
    await page.getByText('team-photo.png', { exact: true }).waitFor()
    await page.getByRole('button', { name: /choose selected/i }).click()
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect.poll(savedHero, { timeout: 20_000 }).toBe('/images/pages/team-photo.png')
    expect(Number(git('cat-file', '-s', `${branch}:public/images/pages/team-photo.png`))).toBe(picture.length)
    expect(blocked).toEqual([])
    await page.close()
  })

  it('in fs mode, publishes a changed heading straight into the working copy’s file', async () => {
    const copy = path.join(work, 'fs-copy')
    for (const dir of ['content', 'public']) cpSync(path.join(ROOT, dir), path.join(copy, dir), { recursive: true })
    const fsCms = await startCms({ root: ROOT, repo: copy, mode: 'fs', port: 0, outDir: path.join(work, 'out'), quiet: true })
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
      await openPage(page, 'Ai-Development', fsCms)
      const before = readFileSync(path.join(copy, PAGE), 'utf8')
      await page.getByLabel('Hero heading', { exact: true }).fill('AI Development Services')
      await page.getByRole('button', { name: 'Publish', exact: true }).click()
      await page.getByText('Publish now', { exact: true }).click()
      await expect.poll(() => readFileSync(path.join(copy, PAGE), 'utf8'), { timeout: 20_000 }).not.toBe(before)
      expect(readFileSync(path.join(copy, PAGE), 'utf8')).toBe(
        before.replace(/^title1: .*$/m, 'title1: "AI Development Services"'),
      )
      await page.close()
    } finally {
      await fsCms.close()
    }
  })

  it('makes a location page from its starter, in the form alone, to a file that passes the content check', async () => {
    const copy = path.join(work, 'starter-copy')
    for (const dir of ['content', 'schema', 'public']) cpSync(path.join(ROOT, dir), path.join(copy, dir), { recursive: true })
    const fsCms = await startCms({ root: ROOT, repo: copy, mode: 'fs', port: 0, outDir: path.join(work, 'out'), quiet: true })
    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } })
    try {
      await page.goto(fsCms.signInUrl())
      await page.goto(`${fsCms.url}/admin/#/collections/pages`)
      await page.getByRole('button', { name: /login/i }).click()
      await page.getByText('New location page', { exact: true }).click()
      const field = (label: string) => page.getByLabel(label, { exact: true })
      await field('Hero heading').waitFor()
      await field('Search title (browser tab)').fill('AI Consulting in Denver | Corvane')
      await field('Search description').fill(
        'AI consulting for Denver companies: a roadmap, a first pilot in six weeks and the engineers to ship it, from strategy to production systems.',
      )
      await field('Menu label').fill('AI Consulting in Denver')
      // The readers' place: the check above the preview asks for it on a location page.
      const panel = page.frameLocator('iframe').first().locator('.draft-check')
      await expect.poll(() => panel.textContent(), { timeout: 30_000 }).toContain("Readers' place (location pages), place names")
      await expect.poll(() => panel.textContent()).toContain('This new page has no address yet')
      // The address: its rule under the field as it is typed, and the page's place once it holds.
      await field('Page address (optional)').fill('AI Consulting in Denver')
      await page.getByText('Lower case letters, digits and single hyphens only: write ai-consulting-in-denver.').waitFor()
      // An address that is already a page's is refused before the save.
      await field('Page address (optional)').fill('ai-company-in-san-francisco')
      await expect.poll(() => panel.textContent()).toContain('Page address: /ai/ai-company-in-san-francisco is already a page')
      await field('Page address (optional)').fill('ai-consulting-in-denver')
      await page.getByText('The page will be at /ai/ai-consulting-in-denver.', { exact: false }).waitFor()
      await expect.poll(() => panel.textContent()).toContain('This new page will be at /ai/ai-consulting-in-denver')
      const audience = page.locator('[aria-label="object field"]').filter({ has: page.locator('label[for^="audience-field"]') })
      await audience.getByTestId('expand-button').first().click()
      for (const place of ['Denver', 'Colorado']) {
        await page.getByRole('button', { name: 'Add place names' }).click()
        await field('Place').last().fill(place)
      }
      const zone = field('Time zone (optional)')
      await zone.fill('Mountain Time (Denver)')
      await zone.press('Enter')
      await field('Hero heading').fill('AI Consulting in Denver')
      await page
        .locator('[aria-label="image field"]')
        .first()
        .getByRole('button', { name: /choose an image/i })
        .click()
      await page.getByText('ai-strategy.svg', { exact: true }).click()
      await page.getByRole('button', { name: /choose selected/i }).click()
      await field('Alt text (what the image shows)')
        .first()
        .fill('A roadmap on a board, from a first pilot to production for a Denver team')
      await page.getByRole('button', { name: 'Add hero paragraphs' }).click()
      await page.locator('[data-markup-editor]').first().click()
      await page.keyboard.type(
        'Denver companies ask us where AI pays first. We answer with a roadmap built on your data and a pilot in six weeks.',
      )
      await field('Services heading').fill('AI consulting services for Denver companies')
      await page.getByRole('button', { name: 'Add service card' }).click()
      await field('Service name').fill('AI roadmap and first pilot')
      await field('Card text').fill(
        'A roadmap ranked by value and risk, then one pilot built on your data so your team can judge it.',
      )
      await field('Why-choose heading').fill('Why Denver teams choose Corvane for AI consulting')
      await page.getByRole('button', { name: 'Add why-choose card' }).click()
      await field('Title').last().fill('Engineers who ship')
      await field('Text')
        .last()
        .fill('The people who plan your roadmap build the pilot, so nothing is lost between the slides and the code.')
      await page.locator('[data-markup-editor]').last().click()
      await page.keyboard.type('Planning AI work in Denver? Tell us what you want to change and we will propose a first pilot.')
      await expect.poll(() => panel.getAttribute('data-problems'), { timeout: 30_000 }).toBe('0')

      await page.getByRole('button', { name: 'Publish', exact: true }).click()
      await page.getByText('Publish now', { exact: true }).click()
      const file = path.join(copy, 'content/pages/ai-consulting-in-denver.yaml')
      await expect.poll(() => existsSync(file), { timeout: 20_000 }).toBe(true)
      // Written whole at once: the first read is the whole file.
      const saved = parse(readFileSync(file, 'utf8')) as { category: string; audience: unknown }
      expect(saved.category).toBe('location')
      expect(saved.audience).toEqual({ places: ['Denver', 'Colorado'], country: 'US', timeZone: 'America/Denver' })
      execFileSync(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'tools/content-check/check.ts', copy], {
        cwd: ROOT,
        stdio: 'pipe',
      })
    } finally {
      await page.close()
      await fsCms.close()
    }
  })
})
