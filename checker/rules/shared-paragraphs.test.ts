import { describe, expect, it } from 'vitest'
import { parseYamlSource } from '../yaml-source.ts'
import { sharedParagraphs } from './shared-paragraphs.ts'
import { siteRuleProblems } from './testing.ts'

const shared =
  'We design, build and run machine-learning systems for logistics companies, from demand forecasts to routing, and we stay on call after launch.'
const check = (...pages: [file: string, text: string][]) =>
  siteRuleProblems(
    sharedParagraphs,
    pages.map(([file, text]) => parseYamlSource(text, file)),
  )

describe('one page, one copy', () => {
  it('reports a long paragraph shared by two pages at both places', () => {
    const problems = check(
      ['content/pages/a.yaml', `descriptionOne:\n  - ${shared}\n`],
      ['content/pages/b.yaml', `title1: x\ndescriptionTwo:\n  - "${shared}"\n`],
    )
    expect(problems.map((p) => [p.file, p.line, p.column, p.field])).toEqual([
      ['content/pages/b.yaml', 3, 5, 'descriptionTwo[0]'],
      ['content/pages/a.yaml', 2, 5, 'descriptionOne[0]'],
    ])
    expect(problems[0].message).toBe('this paragraph is also used by content/pages/a.yaml:2:5 (descriptionOne 1)')
  })

  it('reports a page that shares more than four paragraphs with another once, as a copy, on the later file', () => {
    const page = `descriptionOne:\n${[1, 2, 3, 4, 5].map((n) => `  - "${n}. ${shared}"`).join('\n')}\n`
    const problems = check(['content/pages/a.yaml', page], ['content/pages/a-copy.yaml', page])
    expect(problems.map((p) => [p.name, p.file, p.line, p.field])).toEqual([
      ['CopiedPage', 'content/pages/a-copy.yaml', 2, 'descriptionOne[0]'],
    ])
    expect(problems[0].message).toBe(
      '5 paragraphs of this page are the same as on content/pages/a.yaml: it reads as a copy of that page',
    )
  })

  // [what, the first page, the second page]
  it.each([
    ['short texts', 'label: Full Support\n', 'label: Full Support\n'],
    ['a paragraph twice on one page', `descriptionOne:\n  - ${shared}\n  - ${shared}\n`, 'label: Other\n'],
    ['a page that is not YAML', `descriptionOne:\n  - ${shared}\n`, `descriptionOne: [${shared}\n`],
  ])('lets %s pass', (_what, a, b) => {
    expect(check(['content/pages/a.yaml', a], ['content/pages/b.yaml', b])).toEqual([])
  })

  it('compares words, not markup, spacing or letter case', () => {
    const problems = check(
      ['content/pages/a.yaml', `descriptionOne:\n  - ${shared}\n`],
      ['content/pages/b.yaml', `descriptionOne:\n  - "<b>${shared.toUpperCase().replace(/ /g, '  ')}</b>"\n`],
    )
    expect(problems.map((p) => p.name)).toEqual(['DuplicateParagraph', 'DuplicateParagraph'])
  })
})
