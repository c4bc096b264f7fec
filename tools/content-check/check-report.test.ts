import { spawnSync, type SpawnSyncReturns } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { markdownText } from './report.ts'

const CHANGED = 'content/pages/Ai-Development.yaml'
const OTHER = 'content/pages/ai-consulting-chicago.yaml'

/** The real content in a folder of its own, each file's `edits` made. */
function siteWith(edits: Record<string, [from: string | RegExp, to: string][]>) {
  const root = mkdtempSync(path.join(tmpdir(), 'check-report-'))
  for (const dir of ['content', 'schema', 'public']) cpSync(dir, path.join(root, dir), { recursive: true })
  for (const [file, changes] of Object.entries(edits)) {
    let text = readFileSync(path.join(root, file), 'utf8')
    for (const [from, to] of changes) {
      expect(text).toMatch(from)
      text = text.replace(from, to)
    }
    writeFileSync(path.join(root, file), text)
  }
  return root
}

// One run over the whole site, in a process of its own and without a cache, as a pull request's check runs.
describe('one round of the content check', { timeout: 60_000 }, () => {
  const root = siteWith({
    [CHANGED]: [
      [/^metaTitle: .*\n/m, ''],
      ['label: AI Development', 'label: 5'],
      ['/images/pages/engineering-team.svg', '/images/pages/engineering-teem.svg'],
      ["<b>Not sure where to start?</b> <a href='/ai/Ai-Consulting'>", "<b>Not sure where to start? <a href='/ai/Ai-Consultin'>"],
      ['title2: "from first model to production software"', 'title2: "TODO: the second part of the heading"'],
    ],
    [OTHER]: [['metaTitle: "AI Consulting in Chicago', 'metaTitle: "AI Consulting in Chicago, Illinois, United States,']],
  })
  const summaryFile = path.join(root, 'summary.md')
  let run: SpawnSyncReturns<string>
  let lines: string[]
  beforeAll(() => {
    run = spawnSync(process.execPath, ['--import', 'tsx', 'tools/content-check/check.ts', root, '--changed', CHANGED], {
      encoding: 'utf8',
      env: { ...process.env, GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summaryFile },
    })
    lines = run.stderr.split('\n').filter((line) => /^content\//.test(line))
  })

  it('reports every problem of a file whose shape is wrong: links, images, markup and placeholders too', () => {
    expect(run.status).toBe(1)
    const changed = lines.filter((line) => line.startsWith(CHANGED)).map((line) => /\[(\w+)\]$/.exec(line)?.[1])
    expect(changed).toEqual(
      expect.arrayContaining(['MissingField', 'WrongType', 'MissingImage', 'IllegalNesting', 'Placeholder', 'BrokenLink']),
    )
  })

  it('lists the changed file first, on FILE:LINE:COLUMN lines', () => {
    expect(lines[0]).toMatch(/^content\/pages\/Ai-Development\.yaml:\d+:\d+ {2}/)
    expect(lines.at(-1)).toMatch(/^content\/pages\/ai-consulting-chicago\.yaml:2:12 {2}metaTitle {2}is \d+ characters long/)
  })

  it('annotates the changed file first', () => {
    const annotations = run.stdout.split('\n').filter((line) => line.startsWith('::'))
    expect(annotations[0]).toMatch(/^::error file=content\/pages\/Ai-Development\.yaml,/)
    expect(annotations.at(-1)).toMatch(/^::error file=content\/pages\/ai-consulting-chicago\.yaml,line=2,/)
  })

  it('writes the whole report to the job summary, the changed file first', () => {
    const summary = readFileSync(summaryFile, 'utf8')
    expect(summary).toMatch(/^## Content check: \d+ errors in 2 files/)
    expect(summary.indexOf(`### ${markdownText(CHANGED)} (changed)`)).toBeLessThan(summary.indexOf(`### ${markdownText(OTHER)}`))
    expect(summary).toMatch(/\| 6 \| title2 \| still holds placeholder text\\: .*\\\(Placeholder\\\) \| Replace the whole value/)
  })
})
