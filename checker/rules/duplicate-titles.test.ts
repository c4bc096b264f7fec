import { describe, expect, it } from 'vitest'
import { parseYamlSource } from '../yaml-source.ts'
import { duplicateTitles } from './duplicate-titles.ts'
import { siteRuleProblems } from './testing.ts'

const check = (...pages: [file: string, text: string][]) =>
  siteRuleProblems(
    duplicateTitles,
    pages.map(([file, text]) => parseYamlSource(text, file)),
  )

describe('one title per page', () => {
  it('reports a label two pages share on the later page, naming the first', () => {
    const problems = check(
      ['content/pages/a.yaml', 'metaTitle: AI in Chicago | Corvane\nlabel: AI Consulting in Chicago\n'],
      ['content/pages/b.yaml', 'metaTitle: AI in Denver | Corvane\nlabel: "ai consulting  in Chicago"\n'],
    )
    expect(problems).toEqual([
      {
        name: 'DuplicateTitle',
        file: 'content/pages/b.yaml',
        line: 2,
        column: 8,
        field: 'label',
        message: 'label "ai consulting  in Chicago" is the same as on content/pages/a.yaml:2:8',
        hint: 'Menus, the footer and the home page would list two entries with one name: give this page a label of its own.',
      },
    ])
  })

  it('reports every later copy, each naming the first, for each of the three fields', () => {
    const copied = 'metaTitle: AI Consulting | Corvane\nlabel: AI Consulting\ntitle1: AI Consulting for you\n'
    const problems = check(['content/pages/a.yaml', copied], ['content/pages/b.yaml', copied], ['content/pages/c.yaml', copied])
    expect(problems.map((p) => [p.file, p.field, p.message.split(' is the same as on ')[1]])).toEqual([
      ['content/pages/b.yaml', 'metaTitle', 'content/pages/a.yaml:1:12'],
      ['content/pages/b.yaml', 'label', 'content/pages/a.yaml:2:8'],
      ['content/pages/b.yaml', 'title1', 'content/pages/a.yaml:3:9'],
      ['content/pages/c.yaml', 'metaTitle', 'content/pages/a.yaml:1:12'],
      ['content/pages/c.yaml', 'label', 'content/pages/a.yaml:2:8'],
      ['content/pages/c.yaml', 'title1', 'content/pages/a.yaml:3:9'],
    ])
    expect(problems[0].hint).toContain('Search results would show two pages under one title')
    expect(problems[2].hint).toContain('Two pages would open with the same heading')
  })

  // [what, the first page, the second page]
  it.each([
    ['one text in two different fields', 'label: AI Consulting\n', 'title1: AI Consulting\n'],
    ['titles that differ', 'label: AI in Boston\n', 'label: AI in Austin\n'],
    ['the same text deeper in a page', 'services: [{title: Strategy, desc: x}]\n', 'services: [{title: Strategy, desc: y}]\n'],
    ['a page that is not YAML', 'label: AI Consulting\n', 'label: [AI Consulting\n'],
  ])('lets %s pass', (_what, a, b) => {
    expect(check(['content/pages/a.yaml', a], ['content/pages/b.yaml', b])).toEqual([])
  })
})
