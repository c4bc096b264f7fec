import { readFileSync } from 'node:fs'
import { parseDocument } from 'yaml'
import { describe, expect, it } from 'vitest'
import { parseYamlSource } from './yaml-source.ts'

const page = readFileSync('content/pages/Ai-Development.yaml', 'utf8')
/** The real page with line `line` (from 1) replaced by what `edit` makes of it. */
function editLine(line: number, edit: (text: string) => string): string {
  const lines = page.split('\n')
  lines[line - 1] = edit(lines[line - 1])
  return lines.join('\n')
}

const problemsOf = (text: string) => parseYamlSource(text, 'content/pages/x.yaml').problems

// [the mistake, the file, the parser's code, line and column to fix, what the message says, what the hint says]
const cases: [string, string, string, number, number, string, string][] = [
  [
    'a value with ": " in it',
    'label: x\nmetaTitle: AI: the future\n',
    'BLOCK_AS_IMPLICIT_KEY',
    2,
    12,
    'this value contains ": "',
    'Put the whole value in double quotes: metaTitle: "AI: the future"',
  ],
  [
    'no space after the colon',
    'label: x\nmetaTitle:AI Development\ncategory: service\n',
    'MULTILINE_IMPLICIT_KEY',
    2,
    10,
    'no space after the colon',
    'Put a space after the colon: metaTitle: AI Development',
  ],
  [
    'a line indented less than its neighbours',
    'img1:\n  src: /a.svg\n alt: b\nlabel: x\n',
    'BAD_INDENT',
    3,
    2,
    'indented differently from the lines around it',
    'Indent it by 2 spaces, like "src" on line 2.',
  ],
  [
    'a line indented more than the field above it',
    'img1:\n  src: /a.svg\n    alt: b\nlabel: x\n',
    'BLOCK_AS_IMPLICIT_KEY',
    3,
    5,
    'indented more than "src" above it',
    'Indent it by 2 spaces, like "src" on line 2.',
  ],
  [
    'a list item written without "- "',
    'services:\n  - title: a\n    desc: b\n  title: c\n    desc: d\n',
    'BAD_INDENT',
    4,
    3,
    'a list item starts with "- "',
    'Start it with "- " if it is a new item of the list',
  ],
  [
    'a list item written "-text"',
    'descriptionOne:\n  - one\n  -two\nlabel: x\n',
    'BAD_INDENT',
    3,
    3,
    'a list item starts with "- ", a hyphen and then a space',
    'Put a space after the hyphen: - two',
  ],
  [
    'a tab',
    'img1:\n  src: /a.svg\n\talt: b\nlabel: x\n',
    'TAB_AS_INDENT',
    3,
    1,
    'a tab is used for indenting this line',
    'two spaces per level',
  ],
  [
    'a double quote never closed',
    'label: x\ntitle1: "Fixture title\nimg1:\n  src: /a.svg\n',
    'MISSING_CHAR',
    2,
    9,
    'the text that starts with " here is never closed',
    'Add a " where the text ends',
  ],
  [
    'a single quote never closed',
    "label: x\ntitle1: 'Fixture title\nimg1:\n  src: /a.svg\n",
    'MISSING_CHAR',
    2,
    9,
    "the text that starts with ' here is never closed",
    "Write a ' inside the text as two: ''.",
  ],
  [
    'a quote closed on a later line',
    'label: "x\n  title1: "y"\ncategory: z\n',
    'UNEXPECTED_TOKEN',
    1,
    8,
    'is not closed on its line; YAML closes it at the " on line 2',
    'Add a " where the text ends, on this line.',
  ],
  [
    'double quotes inside double quotes',
    'label: x\ntitle1: "The "best" title"\n',
    'UNEXPECTED_TOKEN',
    2,
    9,
    'the text in quotes ends at its second "',
    `put the whole text in single quotes: title1: 'The "best" title'`,
  ],
  [
    'a value that starts with a reserved character',
    'label: x\ntitle1: @home service\n',
    'BAD_SCALAR_START',
    2,
    9,
    'a value that starts with @ must be in quotes',
    'Put the whole value in double quotes: title1: "@home service"',
  ],
  [
    'a value that starts with [',
    'label: x\ntitle1: [New] service\n',
    'UNEXPECTED_TOKEN',
    2,
    9,
    'a value that starts with [ must be in quotes: unquoted, [ starts a list',
    'title1: "[New] service"',
  ],
  [
    'a value that starts with &',
    'label: x\ntitle1: & more\n',
    'BAD_ALIAS',
    2,
    9,
    'a value that starts with & must be in quotes',
    'title1: "& more"',
  ],
  ['a line "---"', 'label: a\n---\ntitle1: b\n', 'MULTIPLE_DOCS', 2, 1, 'a line "---" ends the page here', 'Remove this line.'],
  [
    'a backslash in double quotes',
    'label: x\ntitle1: "C:\\Users\\x"\n',
    'BAD_DQ_ESCAPE',
    2,
    12,
    'a backslash starts an escape code, and \\U is not one',
    'Write a backslash as \\\\',
  ],
  [
    'a list in brackets never closed',
    'tags: [a, b\nlabel: x\n',
    'BAD_INDENT',
    1,
    7,
    'the list opened with [ here is not closed with ]',
    'End it with ] on the same line.',
  ],
  [
    'a line that is not a field',
    'label: x\ncategory service\ntitle1: y\n',
    'MULTILINE_IMPLICIT_KEY',
    2,
    1,
    'this line is not a field ("name: value")',
    'write a colon and a space after its name',
  ],
  [
    'the text of a | block not indented',
    'title1: |\nfoo\nlabel: x\n',
    'MULTILINE_IMPLICIT_KEY',
    2,
    1,
    'the lines of a text that starts with | must be indented more than its field',
    'Indent each line of the text by 2 spaces',
  ],
  [
    'a list item in step with its field, not with its list',
    'a:\n  - b\n - c\n',
    'BLOCK_AS_IMPLICIT_KEY',
    3,
    2,
    'this list item is indented differently from the items above it',
    'Line up its "-" with the one on line 2: indent it by 2 spaces.',
  ],
  [
    'a list under a field that has a value',
    'a: "x"\n  - y\n',
    'BLOCK_AS_IMPLICIT_KEY',
    2,
    3,
    '"a" above already has its value on its own line',
    'Remove the value after "a:" on line 1',
  ],
]

describe('YAML errors in plain words', () => {
  it.each(cases)('%s', (_mistake, text, code, line, column, what, fix) => {
    // The mistake is the one the parser names by this code first, so each translation is exercised.
    expect(parseDocument(text).errors[0]?.code).toBe(code)
    const problems = problemsOf(text)
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatchObject({ name: 'YamlSyntax', line, column })
    expect(problems[0].message).toContain(what)
    expect(problems[0].hint).toContain(fix)
  })

  it('reports a tab in a real page once, on its own line', () => {
    const tabbed = editLine(9, (text) => `\t${text.slice(2)}`)
    // The parser finds five errors here, four of them on lines with nothing wrong.
    expect(parseDocument(tabbed).errors.length).toBeGreaterThan(1)
    expect(problemsOf(tabbed)).toMatchObject([{ name: 'YamlSyntax', line: 9, column: 1 }])
  })

  it.each([
    ['a closing quote removed', 2, (text: string) => text.slice(0, -1)],
    ['a space after a colon removed', 5, (text: string) => text.replace(': ', ':')],
    ['a list item moved one space right', 32, (text: string) => ` ${text}`],
    ['a field moved one space left', 33, (text: string) => text.slice(1)],
    ['the "- " of a list item removed', 35, (text: string) => text.replace('- ', '  ').slice(2)],
    ['a line "---" written over a field', 20, () => '---'],
  ])('points at the line an editor changed in a real page: %s', (_edit, line, edit) => {
    const problems = problemsOf(editLine(line, edit))
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatchObject({ name: 'YamlSyntax', line })
    expect(problems[0].message).not.toMatch(/^YAML syntax/)
  })

  it('keeps the parser’s words, with the general hint, for an error it has no translation for', () => {
    const [found] = problemsOf('  label: x\ncategory: y\n')
    expect(found.message).toMatch(/^YAML syntax: /)
    expect(found.hint).toContain('two spaces per level')
  })

  it('reports a key written twice, and checks the file on', () => {
    const source = parseYamlSource('label: a\nlabel: b\n', 'content/pages/x.yaml')
    expect(source.problems).toMatchObject([{ name: 'DuplicateKey', line: 2, column: 1, field: 'label' }])
    expect(source.data).toEqual({ label: 'b' })
    expect(source.locate(['label'])).toEqual({ line: 2, column: 8 })
  })
})
