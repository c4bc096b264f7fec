import { spawnSync } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadContent } from '../../codegen/content.ts'

const PAGE = 'content/pages/ai-consulting-chicago.yaml'
const ANSWER = 'are collected at all.'

/** The real content in a folder of its own, with `edits` made to the Chicago page. */
function siteWith(...edits: [from: string, to: string][]) {
  const root = mkdtempSync(path.join(tmpdir(), 'check-warnings-'))
  for (const dir of ['content', 'schema', 'public']) cpSync(dir, path.join(root, dir), { recursive: true })
  const file = path.join(root, PAGE)
  let text = readFileSync(file, 'utf8')
  for (const [from, to] of edits) {
    expect(text).toContain(from)
    text = text.replace(from, to)
  }
  writeFileSync(file, text)
  return root
}

/** `npm run content:check` on `root`, as a pull request's check runs it. */
const contentCheck = (root: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'tools/content-check/check.ts', root], {
    encoding: 'utf8',
    env: { ...process.env, GITHUB_ACTIONS: 'true' },
  })

const longAnswer = `${ANSWER} ${'More detail here. '.repeat(40)}`

// Each test runs the check in a process of its own over the whole site, without a cache.
describe('warnings', { timeout: 60_000 }, () => {
  it('are reported but pass the check, and the page is still built', () => {
    const root = siteWith([ANSWER, longAnswer])
    const run = contentCheck(root)
    expect(run.status).toBe(0)
    expect(run.stderr).toMatch(/ai-consulting-chicago\.yaml:110:13 {2}faqs 1 › answer {2}warning: this answer is \d+ words long/)
    expect(run.stderr).toContain('1 warning(s), no errors.')
    expect(run.stdout).toMatch(/^::warning file=content\/pages\/ai-consulting-chicago\.yaml,line=110,col=13,title=LongFaqAnswer/m)
    expect(run.stdout).toContain('content ok: 50 pages')
    expect(loadContent(root).pages.map((p) => p.file)).toContain(PAGE)
  })

  it('come after the errors, and an error still fails the check', () => {
    const run = contentCheck(
      siteWith([ANSWER, longAnswer], ['title1: "AI Consulting in Chicago"', 'title1: "AI <b>Consulting</b> in Chicago"']),
    )
    expect(run.status).toBe(1)
    const error = run.stderr.indexOf('[MarkupInPlainText]')
    expect(error).toBeGreaterThan(-1)
    expect(run.stderr.indexOf('[LongFaqAnswer]')).toBeGreaterThan(error)
    expect(run.stderr).toContain('1 error(s) in 1 file(s), and 1 warning(s). Content check failed.')
    expect(run.stdout).toMatch(
      /^::error file=content\/pages\/ai-consulting-chicago\.yaml,line=10,col=9,title=MarkupInPlainText title1::/m,
    )
  })
})
