import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkSource } from '../checker.ts'
import { expandTerms } from '../terms.ts'
import { parseYamlSource } from '../yaml-source.ts'
import { testIndex as index } from './testing.ts'
import { textRuns } from './text-runs.ts'

describe('text a browser would cut into pieces', () => {
  const valid = readFileSync(path.join(import.meta.dirname, '../__fixtures__/pages/valid.yaml'), 'utf8')
  /** valid.yaml with its first paragraph (line 11, column 5) written as `markup`. */
  const withParagraph = (markup: string) => valid.replace(/^ {2}- Some .*$/m, `  - ${JSON.stringify(markup)}`)
  const check = (text: string) => checkSource(parseYamlSource(text, 'content/pages/x.yaml'), 'page', index)
  const x = (n: number) => 'x'.repeat(n)

  it.each([
    ['a 200 KB paragraph', x(200_000), 200_000],
    ['bold text past the limit', `Intro <b>${x(12_000)}</b>`, 12_000],
    ['text joined by an entity', `${x(6_000)}&amp;${x(6_000)}`, 12_001],
  ])('refuses %s', (_what, markup, run) => {
    expect(check(withParagraph(markup))).toEqual([
      expect.objectContaining({
        name: 'TextTooLong',
        line: 11,
        column: 5,
        field: 'descriptionOne[0]',
        message: `one run of text is ${run.toLocaleString('en-US')} characters long; at most 10,000 allowed`,
        hint: expect.stringContaining('No paragraph needs more than 10,000 characters'),
      }),
    ])
  })

  it.each([
    ['pieces parted by line breaks', `${x(9_000)}<br>${x(9_000)}<br>${x(9_000)}`],
    ['pieces parted by an empty tag', `${x(6_000)}<b></b>${x(6_000)}`],
    ['entities that decode to fewer characters', '&amp;'.repeat(3_000)],
  ])('accepts %s', (_what, markup) => {
    expect(check(withParagraph(markup))).toEqual([])
  })

  it('measures text once its terms are inserted', () => {
    const source = parseYamlSource(
      valid.replace('Call us', `Call us ${'{{terms.ownership}} '.repeat(150)}`),
      'content/pages/x.yaml',
    )
    expect(
      expandTerms(source, { ownership: 'Under our standard agreement, you own the deliverables, with no license back.' }),
    ).toEqual([])
    expect(checkSource(source, 'page', index)).toEqual([
      expect.objectContaining({ name: 'TextTooLong', field: 'contactUsToday', line: 20, column: 17 }),
    ])
  })

  it('holds a plain field the schema does not limit to the same length', () => {
    const source = parseYamlSource(`notes: ${x(10_001)}\n`, 'content/site.yaml')
    expect(checkSource(source, 'site', index, { rules: [textRuns] })).toEqual([
      expect.objectContaining({ name: 'TextTooLong', field: 'notes', message: expect.stringContaining('10,001 characters') }),
    ])
  })
})
