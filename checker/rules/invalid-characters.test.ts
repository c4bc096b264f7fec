import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { pageProblems, testIndex } from './testing.ts'
import { checkSource } from '../checker.ts'
import { parseYamlSource } from '../yaml-source.ts'

const valid = readFileSync('checker/__fixtures__/pages/valid.yaml', 'utf8')

/** valid.yaml with its title (line 6, value at column 9) written as `value`. */
const withTitle = (value: string) => valid.replace('title1: Fixture title', `title1: ${value}`)

describe('characters that are never text, written as escapes in double quotes', () => {
  // [what, the title as written in YAML, how the message names the character]
  it.each([
    ['a lone high surrogate', String.raw`"Fixture \ud800 title"`, 'half of a surrogate pair (U+D800) at character 9'],
    ['a lone low surrogate', String.raw`"Fixture \udc00"`, 'half of a surrogate pair (U+DC00) at character 9'],
    ['a NUL', String.raw`"Fixture\0 title"`, 'the control character U+0000 at character 8'],
    ['a carriage return', String.raw`"Fixture\r title"`, 'the control character U+000D'],
    ['a bell', String.raw`"Fixture\a title"`, 'the control character U+0007'],
    ['an escape written \\x', String.raw`"Fixture\x1b title"`, 'the control character U+001B'],
    ['DEL', String.raw`"Fixture\x7f title"`, 'the control character U+007F'],
    ['a byte-order mark', String.raw`"\uFEFFFixture title"`, 'a byte-order mark (U+FEFF) at character 1'],
    ['a next line (\\N)', String.raw`"Fixture\Ntitle"`, 'the control character U+0085'],
    ['a line separator (\\L)', String.raw`"Fixture\Ltitle"`, 'a line separator (U+2028)'],
    ['a paragraph separator (\\P)', String.raw`"Fixture\Ptitle"`, 'a paragraph separator (U+2029)'],
    ['a right-to-left override', String.raw`"Fixture \u202E title"`, 'a text-direction control (U+202E)'],
    ['a direction isolate', String.raw`"Fixture \u2067 title"`, 'a text-direction control (U+2067)'],
    ['a noncharacter', String.raw`"Fixture \uFFFE title"`, 'the noncharacter U+FFFE'],
    ['a noncharacter past the first plane', String.raw`"Fixture \U0001FFFF title"`, 'the noncharacter U+1FFFF'],
  ])('%s is reported at the field', (_what, written, named) => {
    expect(pageProblems(withTitle(written))).toEqual([
      expect.objectContaining({
        name: 'InvalidCharacter',
        file: 'content/pages/x.yaml',
        line: 6,
        column: 9,
        field: 'title1',
        message: expect.stringMatching(new RegExp(`^the text holds ${named.replace(/[()+]/g, '\\$&')}.*, which is not text$`)),
        hint: expect.stringContaining('escape in double quotes'),
      }),
    ])
  })

  it('finds them in markup, in lists and in field names', () => {
    const text = valid
      .replace(/^ {2}- Some .*$/m, String.raw`  - "Some \u202E<b>bold</b> text."`)
      .replace('serviceTitle: Services', String.raw`"service\0Title": Services`)
    expect(pageProblems(text).map((p) => [p.name, p.field, p.line, p.column, p.message])).toEqual([
      [
        'InvalidCharacter',
        'descriptionOne[0]',
        11,
        5,
        'the text holds a text-direction control (U+202E) at character 6, which is not text',
      ],
      [
        'InvalidCharacter',
        'service\0Title',
        12,
        1,
        'the field name holds the control character U+0000 at character 8, which is not text',
      ],
      // The schema's own problems come in the same run.
      ['MissingField', 'serviceTitle', 2, 1, "'serviceTitle' is required but missing"],
      ['UnknownKey', 'service\0Title', 12, 1, expect.stringContaining('is not a known field')],
    ])
  })

  it('finds them in inserted terms, where the page uses them', () => {
    const text = valid.replace('Call us', 'Call us {{terms.ownership}}')
    expect(pageProblems(text, { ownership: 'You own\u2028 it.' })).toEqual([
      expect.objectContaining({ name: 'InvalidCharacter', field: 'contactUsToday', line: 20, column: 17 }),
    ])
  })

  it('finds them in every kind of file', () => {
    const projects = String.raw`project:
  - id: 1
    name: "Claims \u202E assistant"
    industry: Insurance
    summary: A retrieval-augmented assistant that routes claims.
    image: { src: /images/pages/insurance-ai.svg, alt: An umbrella over claim documents }
    tags: [LLM]
`
    expect(checkSource(parseYamlSource(projects, 'content/projects.yaml'), 'projects', testIndex)[0]).toMatchObject({
      name: 'InvalidCharacter',
      line: 3,
      column: 11,
      field: 'project[0].name',
    })
  })

  it('accepts escapes of real text: tabs, no-break spaces, emoji written as a surrogate pair', () => {
    // A no-break space is text, but one in a title is reported as invisible by its own rule.
    const problems = pageProblems(withTitle(String.raw`"Fixture\ttitle\_\ud83d\ude80 \u00e9"`))
    expect(problems.map((p) => p.name)).toEqual(['InvisibleCharacter'])
  })
})
