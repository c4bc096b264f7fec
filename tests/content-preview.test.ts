import { execFileSync, spawnSync } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { inflateSync } from 'node:zlib'
import { parse, stringify } from 'yaml'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { realSizeCopy } from '../bench/synthetic-site.ts'
import { markdownText } from '../tools/content-check/report.ts'
import { activeMarkdown } from './support/markdown-reach.ts'

/** Width, height and how many distinct byte values the pixels hold: a blank picture has very few. */
function readPng(file: string) {
  const png = readFileSync(file)
  const idat: Buffer[] = []
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at)
    if (png.toString('latin1', at + 4, at + 8) === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + length))
    at += 12 + length
  }
  const pixels = inflateSync(Buffer.concat(idat))
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20), distinct: new Set(pixels.subarray(0, 2_000_000)).size }
}

/** The repository as an editor's checkout: its files in a new git repository on main, node_modules shared. */
let repo: string
const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, encoding: 'utf8' }).trim()
const commit = (message: string) => {
  git('add', '-A')
  git('-c', 'user.name=Editor', '-c', 'user.email=editor@example.com', 'commit', '-q', '--allow-empty', '-m', message)
  return git('rev-parse', 'HEAD')
}
const preview = (...args: string[]) => {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'tools/content-preview.ts', ...args], {
    cwd: repo,
    encoding: 'utf8',
  })
  const file = (name: string) =>
    existsSync(path.join(repo, 'preview', name)) ? readFileSync(path.join(repo, 'preview', name), 'utf8') : ''
  const pictures = (dir: string) =>
    existsSync(path.join(repo, dir))
      ? readdirSync(path.join(repo, dir))
          .filter((f) => f.endsWith('.png'))
          .sort()
      : []
  return {
    status: result.status,
    stdout: result.stdout,
    output: result.stdout + result.stderr,
    summary: file('summary.md'),
    pngs: pictures('preview'),
    crops: pictures('preview/crops'),
  }
}
const edit = (file: string, from: string | RegExp, to: string) => {
  const full = path.join(repo, file)
  const text = readFileSync(full, 'utf8')
  expect(text).toMatch(from)
  writeFileSync(full, text.replace(from, to))
}
const FAQ_ANSWER = 'A pilot that proves the idea on your data takes 4-6 weeks.'
/** A route or file name as the summary shows it. */
const route = (name: string) => `<code>${markdownText(name)}</code>`

beforeAll(() => {
  repo = mkdtempSync(path.join(tmpdir(), 'preview-repo-'))
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
    .split('\n')
    // A checkout whose node_modules is a symlink lists it as a file; it is linked below instead.
    .filter((file) => file && file !== 'node_modules')
  for (const file of files) {
    if (!existsSync(file)) continue
    mkdirSync(path.dirname(path.join(repo, file)), { recursive: true })
    cpSync(file, path.join(repo, file))
  }
  symlinkSync(path.resolve('node_modules'), path.join(repo, 'node_modules'))
  git('init', '-q', '-b', 'main')
  commit('base')
})
afterAll(() => rmSync(repo, { recursive: true, force: true }))

describe('npm run content:preview', () => {
  it('says which base it compared with, and plainly that nothing changed, without building', () => {
    writeFileSync(path.join(repo, 'NOTES.md'), 'not content\n')
    const result = preview()
    expect(result.status, result.output).toBe(0)
    const head = git('rev-parse', '--short=7', 'HEAD')
    expect(result.stdout.split('\n')[0]).toBe(`Compared with main at ${head}; uncommitted edits included.`)
    expect(result.summary).toContain('No page changed')
    expect(result.summary).toContain('compare with the branch it started from')
    expect(result.summary).toContain('Changed files that no page shows: <code>NOTES\\.md</code>')
    expect(result.pngs).toEqual([])
    expect(existsSync(path.join(repo, 'dist'))).toBe(false)
  })

  it('names a hostile file as text: the comment preview:deploy writes renders no mention, picture or link', () => {
    // A path cannot hold `//`; `https:/host` is what a browser opens as https://host all the same.
    const hostile = 'public/`x` @someone/![x](https:/evil.example/p.png) [link](https:/evil.example).txt'
    mkdirSync(path.dirname(path.join(repo, hostile)), { recursive: true })
    writeFileSync(path.join(repo, hostile), 'x\n')
    const result = preview()
    expect(result.status, result.output).toBe(0)
    const deploy = spawnSync(process.execPath, ['--import', 'tsx', 'tools/content-preview/deploy.ts'], {
      cwd: repo,
      encoding: 'utf8',
      env: { ...process.env, CLOUDFLARE_API_TOKEN: '', PREVIEW_ARTIFACT: repo },
    })
    expect(deploy.status, deploy.stdout + deploy.stderr).toBe(0)
    const comment = readFileSync(path.join(repo, 'preview', 'comment.md'), 'utf8')
    expect(comment).toContain(route(hostile))
    expect(activeMarkdown(comment)).toEqual({ mentions: [], images: [], links: [] })
    expect(activeMarkdown(hostile).mentions).toEqual(['@someone'])
    rmSync(path.join(repo, 'public', '`x` @someone'), { recursive: true })
  })

  it('answers a mistyped base in one line, with exit code 2', () => {
    for (const args of [['--base', 'orgin/main'], ['--base']]) {
      const result = preview(...args)
      expect(result.status).toBe(2)
      expect(result.output.trim().split('\n')).toHaveLength(1)
      expect(result.output).not.toMatch(/\n\s+at /)
    }
    expect(preview('--base', 'orgin/main').output).toContain("git knows no branch, tag or commit named 'orgin/main'")
  })

  it('previews uncommitted edits: old and new words of the FAQ answer, its item before and after, a new page', () => {
    edit('content/pages/Ai-Development.yaml', FAQ_ANSWER, FAQ_ANSWER.replace('4-6 weeks', 'five weeks'))
    const page = parse(readFileSync(path.join(repo, 'content/pages/Ai-Consulting.yaml'), 'utf8')) as Record<string, unknown>
    // A new page with a picture of its own, uploaded beside it.
    const newPage = realSizeCopy(page, 2) as { img1: { src: string }; title1: string }
    newPage.img1.src = '/images/pages/consulting-2.svg'
    cpSync(path.join(repo, 'public/images/pages/ai-strategy.svg'), path.join(repo, 'public/images/pages/consulting-2.svg'))
    writeFileSync(path.join(repo, 'content/pages/Ai-Consulting-2.yaml'), stringify(newPage))
    // A link given a new address and new words, and a service card added.
    edit(
      'content/pages/Ai-Consulting.yaml',
      "<a href='/ai/MLOps-Consulting-service'>MLOps</a>",
      "<a href='/ai/Ai-As-A-Service'>MLOps support</a>",
    )
    edit(
      'content/pages/Ai-Consulting.yaml',
      /(\n {4}desc: "Practical training[^\n]*\n)/,
      '$1  - title: "AI audit"\n    desc: "An independent review of the models you already run, with a short list of fixes."\n',
    )
    const result = preview()
    expect(result.status, result.output).toBe(0)
    expect(result.summary).toContain('**No preview deployed:**')
    expect(result.summary).not.toMatch(/\]\(\//)
    const rows = result.summary.split('\n').filter((l) => l.startsWith('| <code>/ai/'))
    expect(rows).toHaveLength(3)
    expect(rows.find((r) => r.startsWith(`| ${route('/ai/Ai-Development')}`))).toMatch(/\| \d{3,} \| .* \| FAQ 2, answer \|$/)
    expect(rows.find((r) => r.startsWith(`| ${route('/ai/Ai-Consulting-2')}`))).toMatch(/\| new page \|$/)
    expect(result.summary).toContain('| FAQ 2, answer | A pilot that proves the idea on your data takes **4\\-6** weeks\\.')
    expect(result.summary).toContain('| A pilot that proves the idea on your data takes **five** weeks\\.')
    expect(result.pngs).toEqual([
      'ai-Ai-Consulting-1280.png',
      'ai-Ai-Consulting-2-1280.png',
      'ai-Ai-Consulting-2-375.png',
      'ai-Ai-Consulting-375.png',
      'ai-Ai-Development-1280.png',
      'ai-Ai-Development-375.png',
    ])
    for (const width of [375, 1280]) {
      const full = readPng(path.join(repo, 'preview', `ai-Ai-Development-${width}.png`))
      expect([full.width, full.height > 2000, full.distinct > 50]).toEqual([width, true, true])
      const before = path.join(repo, 'preview/crops', `ai-Ai-Development--faq-2-${width}-before.png`)
      const after = path.join(repo, 'preview/crops', `ai-Ai-Development--faq-2-${width}-after.png`)
      const crop = readPng(after)
      // The one FAQ item, answer open: wider than tall on a desktop, far shorter than the page.
      expect(crop.width).toBeLessThanOrEqual(width)
      expect(crop.height).toBeGreaterThan(100)
      expect(crop.height).toBeLessThan(width === 375 ? 700 : 300)
      expect(readFileSync(before).equals(readFileSync(after))).toBe(false)
    }
    expect(result.crops.filter((f) => f.startsWith('ai-Ai-Development--'))).toHaveLength(4)

    // The link: its old and new address and words, the changed part marked.
    const link = (lead: string, changed: string) => `${markdownText(lead)}**${markdownText(changed)}**`
    expect(result.summary).toContain(
      `| Hero paragraphs, paragraph 3, link | ${link('MLOps ', '→ /ai/MLOps-Consulting-service')} | ${link('MLOps ', 'support → /ai/Ai-As-A-Service')} |`,
    )
    // The added card, in the form's labels.
    const card =
      'service name AI audit, card text An independent review of the models you already run, with a short list of fixes.'
    expect(result.summary).toContain(`| Service card 8 | – | **${markdownText(card)}** |`)
    // The new page: field by field, and pictured section by section (nothing to compare with).
    const newSection = result.summary.slice(result.summary.indexOf(`#### ${route('/ai/Ai-Consulting-2')} (new page)`))
    expect(newSection).toMatch(/^#### .*\n\n\| field \| before \| after \|\n/)
    expect(newSection).toContain(`| Hero heading | – | **${markdownText(newPage.title1)}** |`)
    expect(newSection).toContain(`| Hero image | – | **${markdownText('image file /images/pages/consulting-2.svg, alt text')}`)
    const newCrops = result.crops.filter((f) => f.startsWith('ai-Ai-Consulting-2--'))
    expect(newCrops).toEqual(
      expect.arrayContaining(['ai-Ai-Consulting-2--intro-375-after.png', 'ai-Ai-Consulting-2--faq-1280-after.png']),
    )
    expect(newCrops.filter((f) => f.endsWith('-before.png'))).toEqual([])
    // Its place in the lists every page shows, said once; its picture counted as shown, not listed
    // among the changed files no page shows.
    const listed = `the footer of every page, under "Services"; the home page's list "What we build"; sitemap.xml`
    expect(result.summary.match(/### Every page: the lists of pages/g)).toHaveLength(1)
    expect(result.summary).toContain(
      `- ${route('/ai/Ai-Consulting-2')} "AI Consulting 2", a new page, is now listed in: ${markdownText(listed)}.`,
    )
    expect(result.summary).not.toContain(route('public/images/pages/consulting-2.svg'))
  }, 300_000)

  it("shows the check's problems and still previews the pages that build, failing the run", () => {
    commit('the edits above')
    git('checkout', '-q', '-b', 'edit')
    edit('content/pages/Ai-Consulting.yaml', /^metaTitle: .*$/m, 'metaTitle: [broken')
    edit('content/pages/Ai-Development.yaml', /^title1: .*$/m, 'title1: "AI Development for Teams That Ship"')
    commit('a broken page and a good one')
    const result = preview()
    expect(result.status, result.output).toBe(1)
    expect(result.summary).toContain('### ❌ The content check failed')
    // The check's own job summary: a table of the problems of each file, in plain words.
    expect(result.summary).toContain(
      `### ${markdownText('content/pages/Ai-Consulting.yaml')} (changed)\n\n| line | field | what is wrong | what to do |`,
    )
    expect(result.summary).toContain('\\(YamlSyntax\\)')
    expect(result.summary).toContain(`${route('content/pages/Ai-Consulting.yaml')} stays as on the base branch`)
    const rows = result.summary.split('\n').filter((l) => l.startsWith('| <code>/ai/'))
    expect(rows.map((r) => r.split(' | ')[0])).toEqual([`| ${route('/ai/Ai-Development')}`])
    expect(result.summary).toContain('| Hero heading | AI **Development** | AI **Development for Teams That Ship** |')
    expect(result.crops).toEqual([
      'ai-Ai-Development--intro-1280-after.png',
      'ai-Ai-Development--intro-1280-before.png',
      'ai-Ai-Development--intro-375-after.png',
      'ai-Ai-Development--intro-375-before.png',
    ])
  }, 300_000)

  it('says what to pass when the base is the last commit and nothing is uncommitted', () => {
    git('checkout', '-q', '-f', 'main')
    const result = preview('--base', 'HEAD')
    expect(result.status, result.output).toBe(0)
    expect(result.stdout.split('\n')[0]).toMatch(/^Compared with HEAD at [0-9a-f]{7}; uncommitted edits included\.$/)
    expect(result.summary).toContain('No page changed')
    expect(result.summary).toContain(markdownText('npm run content:preview -- --base origin/main'))
  })

  it('lists a menu change on every page once, and pictures a few pages with the menu opened', () => {
    edit('content/site.yaml', /^ {2}- label: Industries$/m, '  - label: Sectors')
    const result = preview()
    expect(result.status, result.output).toBe(0)
    expect(result.summary).toContain(`### Every page: ${route('content/site.yaml')}`)
    expect(result.summary).toMatch(/This changes \d{2} pages: <code>\/<\/code>/)
    expect(result.summary.match(/\| Menu item 2, label \| \*\*Industries\*\* \| \*\*Sectors\*\* \|/g)).toHaveLength(1)
    expect(result.summary).not.toContain('| page | title |')
    expect(result.pngs).toHaveLength(6)
    expect(result.pngs).toContain('index-375.png')
    expect(result.crops).toContain('index--menu-375-after.png')
    // At 375 px the menu is opened for its picture: taller than the header alone.
    expect(readPng(path.join(repo, 'preview/crops/index--menu-375-after.png')).height).toBeGreaterThan(250)
    expect(readPng(path.join(repo, 'preview/crops/index--menu-1280-after.png')).height).toBeLessThan(150)
  }, 300_000)
})
