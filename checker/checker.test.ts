import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkSource, fileLeaves } from './checker.ts'
import { reporter } from './errors.ts'
import { githubAnnotation } from '../tools/content-check/report.ts'
import { formatProblem } from './report.ts'
import { fileRules } from './rules/index.ts'
import { schema as schemaRule } from './rules/schema.ts'
import { testIndex as index } from './rules/testing.ts'
import { defineFileRule } from './rules/types.ts'
import { parseYamlSource } from './yaml-source.ts'

const fixtureDir = path.join(import.meta.dirname, '__fixtures__/pages')
const checkFixture = (name: string) => {
  const file = `checker/__fixtures__/pages/${name}`
  return checkSource(parseYamlSource(readFileSync(path.join(fixtureDir, name), 'utf8'), file), 'page', index)
}

// One bad file per error kind: [fixture, error name, line, column, field, part of the message, part of the hint]
const cases: [string, string, number, number, string, string, string?][] = [
  ['yaml-syntax.yaml', 'YamlSyntax', 6, 9, '', 'the text that starts with " here is never closed', 'Add a " where the text ends'],
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
  [
    'missing-field.yaml',
    'MissingField',
    2,
    1,
    'title1',
    "'title1' is required but missing",
    'Add a line "title1:" with no indentation, followed by the text. First part of the page\'s main heading',
  ],
  ['empty.yaml', 'EmptyFile', 1, 1, '', 'the file is empty'],
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
    expect(first).toMatchObject({ name, line, column, field, file: `checker/__fixtures__/pages/${fixture}` })
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

  it('checks the content of a file whose shape is wrong, in the same run', () => {
    const problems = checkFixture('complete-round.yaml').map((p) => [p.name, p.field, p.line])
    expect(problems).toEqual(
      expect.arrayContaining([
        ['MissingField', 'metaTitle', 2],
        ['WrongType', 'label', 3],
        ['UnknownKey', 'descriptionone', 9],
        ['WrongType', 'our_steps', 20],
        ['MissingImage', 'img1.src', 7],
        ['IllegalNesting', 'descriptionOne[0]', 11],
        ['Placeholder', 'why_choose_title', 16],
      ]),
    )
    // our_steps is text where a list belongs: the step count skips it rather than count its characters.
    expect(problems.map(([name]) => name)).not.toContain('TooManySteps')
  })

  it('names the tag left open, and says to close it', () => {
    const nesting = checkFixture('complete-round.yaml').find((p) => p.name === 'IllegalNesting')
    expect(nesting?.message).toBe('markup nests illegally: the <b> before "bold text" is not closed before </p>')
    expect(nesting?.hint).toContain('Add </b> where its text ends, before </p>')
  })
})

describe('report format', () => {
  const p = checkFixture('unknown-key.yaml')[0]
  it('prints file:line:col, the field, the message and the hint', () => {
    expect(formatProblem(p)).toBe(
      "checker/__fixtures__/pages/unknown-key.yaml:10:1  descriptionone  'descriptionone' is not a known field  [UnknownKey]\n    hint: did you mean descriptionOne?",
    )
  })
  it('prints a GitHub annotation for pull requests', () => {
    expect(githubAnnotation(p)).toBe(
      "::error file=checker/__fixtures__/pages/unknown-key.yaml,line=10,col=1,title=UnknownKey descriptionone::'descriptionone' is not a known field (hint: did you mean descriptionOne?)",
    )
  })
})

describe('the one walk of a file', () => {
  it('gives every string in file order, each field name just before its value, with what the schema makes of it', () => {
    const text = 'img1:\n  src: /images/a.svg\n  alt: A picture\ndescriptionOne:\n  - <b>Hi</b>\nnotes: [x, 5]\n'
    const leaves = fileLeaves(parseYamlSource(text, 'content/pages/x.yaml').data, 'page')
    expect(leaves.map(({ part, path, text, role }) => [part, path.join('.'), text, role])).toEqual([
      ['key', 'img1', 'img1', undefined],
      ['key', 'img1.src', 'src', undefined],
      ['value', 'img1.src', '/images/a.svg', 'image'],
      ['key', 'img1.alt', 'alt', undefined],
      ['value', 'img1.alt', 'A picture', undefined],
      ['key', 'descriptionOne', 'descriptionOne', undefined],
      ['value', 'descriptionOne.0', '<b>Hi</b>', 'markup'],
      // A field the schema does not know is still walked, with nothing made of it.
      ['key', 'notes', 'notes', undefined],
      ['value', 'notes.0', 'x', undefined],
    ])
  })
})

describe('the file rules', () => {
  const echoed = { Echo: (message: string) => ({ message }) }
  const echo = reporter(echoed)
  /** A rule that reports every value it is given, named by the rule. */
  const echoing = (name: string, stage: 'shape' | 'content', kinds: ('page' | 'blog')[] = ['page'], keys = false) =>
    defineFileRule({
      name,
      stage,
      kinds,
      keys,
      messages: echoed,
      leaf: ({ path, text }, file) => [echo('Echo', file.at(path), `${name} ${text}`)],
    })
  const run = (rules: ReturnType<typeof echoing>[], text = 'a: one\nb: two\n') =>
    checkSource(parseYamlSource(text, 'content/pages/x.yaml'), 'page', index, { rules }).map((p) => p.message)

  // [what, rules, messages]
  it.each([
    [
      'report in the registry order, each rule in file order',
      [echoing('first', 'content'), echoing('second', 'content')],
      ['first one', 'first two', 'second one', 'second two'],
    ],
    [
      'run the content rules after the shape rules, whatever those find',
      [echoing('content', 'content'), echoing('shape', 'shape')],
      ['shape one', 'shape two', 'content one', 'content two'],
    ],
    [
      'run only on the kinds of file they name',
      [echoing('posts', 'content', ['blog']), echoing('pages', 'content')],
      ['pages one', 'pages two'],
    ],
    [
      'read field names when they ask to',
      [echoing('keys', 'content', ['page'], true)],
      ['keys a', 'keys one', 'keys b', 'keys two'],
    ],
  ])('%s', (_what, rules, messages) => {
    expect(run(rules)).toEqual(messages)
  })

  it('give nothing for a file of the wrong shape they fail on, and fail on a file of the right shape', () => {
    const failing = defineFileRule({
      name: 'failing',
      stage: 'content',
      kinds: ['page'],
      messages: echoed,
      file: ({ source }) =>
        [(source.data as { services: unknown[] }).services.length].map(() =>
          echo('Echo', { file: 'x', line: 1, column: 1, field: '' }, 'x'),
        ),
    })
    const check = (text: string) =>
      checkSource(parseYamlSource(text, 'content/pages/x.yaml'), 'page', index, { rules: [schemaRule, failing] })
    expect(check('label: 5\n').map((p) => p.name)).not.toContain('SchemaViolation')
    expect(() =>
      checkSource(parseYamlSource('label: x\n', 'content/pages/x.yaml'), 'page', index, { rules: [failing] }),
    ).toThrow()
  })

  it('are each listed once, under their own name', () => {
    const names = fileRules.map((rule) => rule.name)
    expect(new Set(names).size).toBe(names.length)
  })
})
