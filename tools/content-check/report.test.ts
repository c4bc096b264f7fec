import { describe, expect, it } from 'vitest'
import { catalogue } from '../../checker/error-docs.ts'
import { reporter, type Problem } from '../../checker/errors.ts'
import { byFile, formatReport } from '../../checker/report.ts'
import { githubAnnotations, markdownSummary } from './report.ts'

/** Problems of any rule, LongFaqAnswer a warning as its rule makes it. */
const problem = reporter(catalogue(), ['LongFaqAnswer'])
const at = (file: string, line: number, field = 'label') => ({ file, line, column: 3, field })
const missing = (file: string, line: number) => problem('MissingField', at(file, line, 'faqs'), 'faqs', undefined, 'list')
const tooLong = (file: string, line: number) => problem('TooLong', at(file, line), 70, 60, 'characters')
const longAnswer = (file: string, line: number) => problem('LongFaqAnswer', at(file, line, 'faqs[0].answer'), 120, 90)

const A = 'content/pages/a.yaml'
const B = 'content/pages/b.yaml'
const C = 'content/pages/c.yaml'

describe('the report', () => {
  const found: Problem[] = [tooLong(A, 9), longAnswer(B, 4), tooLong(C, 7), missing(C, 1), tooLong(B, 12)]

  it('groups problems by file: the changed files first, then files with errors, then warnings only', () => {
    expect(byFile(found).map((g) => [g.file, g.changed])).toEqual([
      [A, false],
      [B, false],
      [C, false],
    ])
    const changed = new Set([C])
    expect(byFile(found, changed).map((g) => [g.file, g.changed])).toEqual([
      [C, true],
      [A, false],
      [B, false],
    ])
    const warningsOnly = byFile([longAnswer(A, 1), tooLong(B, 1)])
    expect(warningsOnly.map((g) => g.file)).toEqual([B, A])
  })

  it('lists a file’s errors by place, then its warnings', () => {
    const [b] = byFile(found, new Set([B]))
    expect(b.problems.map((p) => [p.name, p.line])).toEqual([
      ['TooLong', 12],
      ['LongFaqAnswer', 4],
    ])
  })

  it('keeps one FILE:LINE:COLUMN line per problem, in the order of the groups', () => {
    const lines = formatReport(found, new Set([C]))
      .split('\n')
      .filter((line) => !line.startsWith('    hint:'))
    expect(lines.map((line) => line.split('  ')[0])).toEqual([`${C}:1:3`, `${C}:7:3`, `${A}:9:3`, `${B}:12:3`, `${B}:4:3`])
  })
})

describe('GitHub annotations', () => {
  const many = Array.from({ length: 14 }, (_, i) => tooLong(i < 7 ? A : B, i + 1))

  it('are all printed up to the cap, the changed files’ first', () => {
    const few = [tooLong(A, 1), tooLong(B, 2)]
    const printed = githubAnnotations(few, new Set([B]))
    expect(printed).toHaveLength(2)
    expect(printed[0]).toMatch(/^::error file=content\/pages\/b\.yaml,line=2,/)
    expect(printed.join('\n')).not.toContain('job summary')
  })

  it('past the cap, stop at it, the last saying how many more the job summary lists', () => {
    const printed = githubAnnotations(many, new Set([B]))
    expect(printed).toHaveLength(10)
    expect(printed.slice(0, 7).every((a) => a.includes('file=content/pages/b.yaml'))).toBe(true)
    expect(printed[9]).toMatch(
      /^::error file=content\/pages\/a\.yaml,line=3,.*\(and 4 more problems are listed in the job summary\)/,
    )
    expect(printed.slice(0, 9).join('\n')).not.toContain('job summary')
  })

  it('count warnings apart from errors, as GitHub does', () => {
    const printed = githubAnnotations([...many, ...Array.from({ length: 11 }, (_, i) => longAnswer(C, i + 1))])
    expect(printed.filter((a) => a.startsWith('::error'))).toHaveLength(10)
    const warnings = printed.filter((a) => a.startsWith('::warning'))
    expect(warnings).toHaveLength(10)
    expect(warnings[9]).toContain('(and 1 more warning is listed in the job summary)')
  })
})

describe('the job summary', () => {
  it('has a table per file, the changed first, with each problem’s line, field, what is wrong and what to do', () => {
    const summary = markdownSummary([tooLong(A, 9), missing(B, 1)], new Set([B]))
    expect(summary).toMatch(/^## Content check: 2 errors in 2 files\n/)
    expect(summary.indexOf('### content/pages/b\\.yaml (changed)')).toBeLessThan(summary.indexOf('### content/pages/a\\.yaml'))
    expect(summary).toContain('| line | field | what is wrong | what to do |')
    expect(summary).toContain(
      '| 1 | faqs | \'faqs\' is required but missing \\(MissingField\\) | Add a line "faqs\\:" with no indentation, followed by its items on the lines below, each starting with "\\- ", two spaces further in\\. |',
    )
  })

  it('shows markup and table characters as written', () => {
    const nested = problem('IllegalNesting', at(A, 3, 'services[0].desc'), 'the <b> before "x|y" is never closed')
    const summary = markdownSummary([nested])
    expect(summary).toContain('services 1 › desc')
    expect(summary).toContain('the \\<b\\> before "x\\|y" is never closed')
    expect(summary).not.toContain('<b>')
  })

  it('says so when nothing is wrong', () => {
    expect(markdownSummary([])).toContain('No problems')
  })
})
