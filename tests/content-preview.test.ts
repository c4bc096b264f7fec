import { execFileSync, spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { inflateSync } from 'node:zlib'
import { beforeAll, describe, expect, it } from 'vitest'

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

/** The repository as a pull request's checkout: its files in a new git repository, node_modules shared. */
let repo: string
const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, encoding: 'utf8' }).trim()
const commit = (message: string) => {
  git('add', '-A')
  git('-c', 'user.name=Editor', '-c', 'user.email=editor@example.com', 'commit', '-q', '--allow-empty', '-m', message)
  return git('rev-parse', 'HEAD')
}
const preview = (base: string) => {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/content-preview.ts', '--base', base], {
    cwd: repo,
    encoding: 'utf8',
  })
  const summary = existsSync(path.join(repo, 'preview/summary.md'))
    ? readFileSync(path.join(repo, 'preview/summary.md'), 'utf8')
    : ''
  const pngs = existsSync(path.join(repo, 'preview'))
    ? readdirSync(path.join(repo, 'preview'))
        .filter((f) => f.endsWith('.png'))
        .sort()
    : []
  return { status: result.status, summary, pngs, output: result.stdout + result.stderr }
}
const edit = (file: string, from: string | RegExp, to: string) => {
  const full = path.join(repo, file)
  const text = readFileSync(full, 'utf8')
  expect(text).toMatch(from)
  writeFileSync(full, text.replace(from, to))
}

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

describe('npm run content:preview', () => {
  it('says so plainly when a change reaches no page', () => {
    const base = git('rev-parse', 'HEAD')
    writeFileSync(path.join(repo, 'NOTES.md'), 'not content\n')
    commit('notes only')
    const result = preview(base)
    expect(result.status).toBe(0)
    expect(result.summary).toContain('No page changed')
    expect(result.pngs).toEqual([])
  })

  it('lists the problems instead of a preview when a page is broken, and fails', () => {
    const base = git('rev-parse', 'HEAD')
    edit('content/pages/Ai-Consulting.yaml', /^metaTitle: .*$/m, 'metaTitle: [broken')
    commit('broken page')
    const result = preview(base)
    expect(result.status).toBe(1)
    expect(result.summary).toContain('The content check failed')
    expect(result.summary).toMatch(/`content\/pages\/Ai-Consulting\.yaml:\d+:\d+`/)
    expect(result.pngs).toEqual([])
    git('checkout', base, '--', 'content/pages/Ai-Consulting.yaml')
    commit('fix the page')
  })

  it('previews the one page a change edits: its row, its changed field, two screenshots of the right width', () => {
    const base = git('rev-parse', 'HEAD')
    edit('content/pages/Ai-Development.yaml', /^title1: .*$/m, 'title1: "AI Development for Teams That Ship"')
    commit('edit one page')
    const result = preview(base)
    expect(result.status, result.output).toBe(0)
    const rows = result.summary.split('\n').filter((l) => l.startsWith('| [`'))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatch(/^\| \[`\/ai\/Ai-Development`\]/)
    expect(rows[0]).toContain('title1 edited')
    expect(rows[0]).toMatch(/\| \d{3,} \|/) // word count
    expect(result.pngs).toEqual(['ai-Ai-Development-1280.png', 'ai-Ai-Development-375.png'])
    for (const [file, width] of [
      ['ai-Ai-Development-375.png', 375],
      ['ai-Ai-Development-1280.png', 1280],
    ] as const) {
      const png = readPng(path.join(repo, 'preview', file))
      expect(png.width).toBe(width)
      expect(png.height).toBeGreaterThan(2000)
      expect(png.distinct).toBeGreaterThan(50)
    }
  }, 120_000)

  it('previews every page when site.yaml changes, with screenshots of the first twelve', () => {
    const base = git('rev-parse', 'HEAD')
    edit('content/site.yaml', /^(\s+tagline: )(.*)$/m, '$1Updated, $2')
    commit('edit site.yaml')
    const result = preview(base)
    expect(result.status, result.output).toBe(0)
    const rows = result.summary.split('\n').filter((l) => l.startsWith('| [`'))
    expect(rows.length).toBeGreaterThanOrEqual(50)
    expect(result.summary).toContain('Screenshots of the first 12')
    expect(result.pngs).toHaveLength(24)
  }, 300_000)
})
