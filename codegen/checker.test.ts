import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkSource, crossFileProblems, sharedParagraphProblems } from './content.ts'
import type { ContentErrorName } from './errors.ts'
import { formatProblem, githubAnnotation } from './report.ts'
import { expandTerms } from './terms.ts'
import { textRunProblems, type SiteIndex } from './validate.ts'
import { parseYamlSource } from './yaml-source.ts'

const fixtureDir = path.join(import.meta.dirname, '__fixtures__/pages')
const index: SiteIndex = {
  routes: new Set(['/', '/blog', '/ai/Ai-Development']),
  imageExists: (src) => src === '/images/pages/placeholder.svg',
  images: ['/images/pages/placeholder.svg'],
}
const checkFixture = (name: string) => {
  const file = `codegen/__fixtures__/pages/${name}`
  return checkSource(parseYamlSource(readFileSync(path.join(fixtureDir, name), 'utf8'), file), 'page', index)
}

// One bad file per error kind: [fixture, error name, line, column, field, part of the message, part of the hint]
const cases: [string, ContentErrorName, number, number, string, string, string?][] = [
  ['yaml-syntax.yaml', 'YamlSyntax', 6, 23, '', 'Missing closing "quote'],
  ['duplicate-key.yaml', 'DuplicateKey', 5, 1, 'label', "'label' is written twice"],
  [
    'unknown-key.yaml',
    'UnknownKey',
    10,
    1,
    'descriptionone',
    "'descriptionone' is not a known field",
    'did you mean descriptionOne?',
  ],
  ['wrong-type.yaml', 'WrongType', 13, 3, 'serviceTitle', 'expected text, found a list', 'same line as the field name'],
  ['missing-field.yaml', 'MissingField', 2, 1, 'title1', "'title1' is required but missing", 'main heading'],
  ['empty.yaml', 'EmptyFile', 1, 1, '', 'the file is empty'],
  [
    'broken-link.yaml',
    'BrokenLink',
    11,
    5,
    'descriptionOne[0]',
    'links to /ai/Ai-Developmnet',
    'did you mean /ai/Ai-Development?',
  ],
  [
    'missing-image.yaml',
    'MissingImage',
    8,
    8,
    'img1.src',
    'image /images/pages/placeholdr.svg does not exist',
    'did you mean /images/pages/placeholder.svg?',
  ],
  ['unsafe-script.yaml', 'UnsafeMarkup', 11, 5, 'descriptionOne[0]', 'sanitizer: <script>'],
  ['unsafe-onclick.yaml', 'UnsafeMarkup', 11, 5, 'descriptionOne[0]', 'onclick on <b>'],
  ['unsafe-javascript-link.yaml', 'UnsafeMarkup', 20, 17, 'contactUsToday', 'href="javascript:alert(1)" on <a>'],
  ['illegal-nesting.yaml', 'IllegalNesting', 11, 5, 'descriptionOne[0]', '<p> is closed early'],
  ['too-long.yaml', 'TooLong', 2, 12, 'metaTitle', 'is 68 characters long; at most 60 allowed', '10 to 60 characters'],
  ['bad-enum.yaml', 'InvalidValue', 5, 11, 'category', "'servce' is not allowed", 'did you mean service?'],
  ['too-many-steps.yaml', 'TooManySteps', 26, 3, 'our_steps2', 'hold 7 steps together'],
]

describe('content check: one fixture per error kind', () => {
  it.each(cases)('%s → %s at %i:%i %s', (fixture, name, line, column, field, message, hint) => {
    const problems = checkFixture(fixture)
    expect(problems.length).toBeGreaterThan(0)
    const [first] = problems
    expect(first).toMatchObject({ name, line, column, field, file: `codegen/__fixtures__/pages/${fixture}` })
    expect(first.message).toContain(message)
    if (hint) expect(first.hint).toContain(hint)
  })

  it('passes the valid page', () => {
    expect(checkFixture('valid.yaml')).toEqual([])
  })

  it('normalises a BOM and CRLF line endings instead of reporting them', () => {
    expect(readFileSync(path.join(fixtureDir, 'crlf-bom.yaml')).subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]))
    expect(checkFixture('crlf-bom.yaml')).toEqual([])
  })

  it('reports every schema problem of a file in one run', () => {
    const source = parseYamlSource('metaTitle: 5\nlabel: x\ncategory: nope\n', 'content/pages/x.yaml')
    const names = checkSource(source, 'page', index).map((p) => p.name)
    expect(names).toContain('WrongType')
    expect(names).toContain('TooShort')
    expect(names).toContain('InvalidValue')
    expect(names.filter((n) => n === 'MissingField').length).toBeGreaterThanOrEqual(5)
  })
})

describe('content check: problems across files', () => {
  const page = (file: string, text = readFileSync(path.join(fixtureDir, 'valid.yaml'), 'utf8')) => parseYamlSource(text, file)

  it('finds two pages whose addresses differ only in letter case', () => {
    const problems = crossFileProblems([page('content/pages/Ai-Development.yaml'), page('content/pages/ai-development.yaml')], [])
    expect(problems).toEqual([
      expect.objectContaining({
        name: 'DuplicatePath',
        file: 'content/pages/ai-development.yaml',
        line: 1,
        column: 1,
        message: 'the page address /ai/ai-development is already used by content/pages/Ai-Development.yaml',
      }),
    ])
  })

  it('rejects a file name that cannot be an address', () => {
    const problems = crossFileProblems([page('content/pages/ai consulting.yaml')], [])
    expect(problems[0]).toMatchObject({ name: 'InvalidFileName' })
  })

  it('reports a long paragraph shared by two pages at both places', () => {
    const shared =
      'We design, build and run machine-learning systems for logistics companies, from demand forecasts to routing, and we stay on call after launch.'
    const a = page('content/pages/a.yaml', `descriptionOne:\n  - ${shared}\n`)
    const b = page('content/pages/b.yaml', `title1: x\ndescriptionTwo:\n  - "${shared}"\n`)
    const problems = sharedParagraphProblems([a, b])
    expect(problems.map((p) => [p.file, p.line, p.column, p.field])).toEqual([
      ['content/pages/b.yaml', 3, 5, 'descriptionTwo[0]'],
      ['content/pages/a.yaml', 2, 5, 'descriptionOne[0]'],
    ])
    expect(problems[0].message).toBe('this paragraph is also used by content/pages/a.yaml:2:5 (descriptionOne[0])')
  })

  it('ignores short texts repeated across pages', () => {
    const a = page('content/pages/a.yaml', 'label: Full Support\n')
    const b = page('content/pages/b.yaml', 'label: Full Support\n')
    expect(sharedParagraphProblems([a, b])).toEqual([])
  })
})

describe('report format', () => {
  const p = checkFixture('unknown-key.yaml')[0]
  it('prints file:line:col, the field, the message and the hint', () => {
    expect(formatProblem(p)).toBe(
      "codegen/__fixtures__/pages/unknown-key.yaml:10:1  descriptionone  'descriptionone' is not a known field  [UnknownKey]\n    hint: did you mean descriptionOne?",
    )
  })
  it('prints a GitHub annotation for pull requests', () => {
    expect(githubAnnotation(p)).toBe(
      "::error file=codegen/__fixtures__/pages/unknown-key.yaml,line=10,col=1,title=UnknownKey descriptionone::'descriptionone' is not a known field (hint: did you mean descriptionOne?)",
    )
  })
})

describe('content check: text a browser would cut into pieces', () => {
  const valid = readFileSync(path.join(fixtureDir, 'valid.yaml'), 'utf8')
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
    expect(textRunProblems(source, 'site')).toEqual([
      expect.objectContaining({ name: 'TextTooLong', field: 'notes', message: expect.stringContaining('10,001 characters') }),
    ])
  })
})
