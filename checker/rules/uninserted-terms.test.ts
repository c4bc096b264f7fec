import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { checkSource } from '../checker.ts'
import { readSiteIndex } from '../../codegen/read-site.ts'
import { parseYamlSource } from '../yaml-source.ts'

describe('placeholders where nothing is inserted', () => {
  const index = readSiteIndex(process.cwd())
  const site = readFileSync('content/site.yaml', 'utf8')
  const projects = readFileSync('content/projects.yaml', 'utf8')
  const check = (text: string, file: string, kind: 'site' | 'projects') => checkSource(parseYamlSource(text, file), kind, index)

  it.each([
    ['the 404 heading', site.replace('title: This page does not exist', 'title: "{{terms.ownership}}"'), 'notFound.title'],
    // A term's wording holds no braces (the schema says so), but it may name another term.
    [
      'a term of site.yaml naming another',
      site.replace('engagement ends."', 'engagement ends, as terms.ownership says."'),
      'terms.noCopy',
    ],
    ['a near miss in site.yaml', site.replace('back: Go to the home page', 'back: Go home {terms.ownership}'), 'notFound.back'],
    [
      'a name without braces in site.yaml',
      site.replace('back: Go to the home page', 'back: Go home terms.noCopy'),
      'notFound.back',
    ],
  ])('%s is reported', (_what, text, field) => {
    expect(check(text, 'content/site.yaml', 'site')).toEqual([
      expect.objectContaining({
        name: 'TermNotInserted',
        field,
        message: expect.stringMatching(/ is not filled in here; visitors would see it as written$/),
        hint: expect.stringContaining('Write the words out in full'),
      }),
    ])
  })

  it('reports a placeholder in projects.yaml', () => {
    const text = projects.replace('cutting triage time', '{{terms.noTraining}} cutting triage time')
    expect(check(text, 'content/projects.yaml', 'projects')).toEqual([
      expect.objectContaining({
        name: 'TermNotInserted',
        field: 'project[0].summary',
        line: 6,
        column: 14,
        message: '{{terms.noTraining}} is not filled in here; visitors would see it as written',
      }),
    ])
  })

  it("leaves the footer's {year} and {company} alone", () => {
    expect(site).toContain('{year} {company}')
    expect(check(site, 'content/site.yaml', 'site')).toEqual([])
  })
})
