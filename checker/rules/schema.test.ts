import { describe, expect, it } from 'vitest'
import { schema } from './schema.ts'
import { fileRuleProblems } from './testing.ts'

/** The problems of a page holding only `text`, but for the fields it lacks. */
const besidesMissing = (text: string) =>
  fileRuleProblems(schema, text)
    .filter((p) => p.name !== 'MissingField')
    .map((p) => [p.name, p.line, p.column, p.field, p.message])

describe('the schema rule', () => {
  // [what, page text, its problems as name, line, column, field, message]
  it.each([
    [
      'every problem of the file in one run',
      'metaTitle: 5\nlabel: x\ncategory: nope\n',
      [
        ['WrongType', 1, 12, 'metaTitle', 'expected text, found a number (5)'],
        ['TooShort', 2, 8, 'label', 'is 1 characters long; at least 3 needed'],
        ['InvalidValue', 3, 11, 'category', "'nope' is not allowed here; use one of: service, industry, location"],
      ],
    ],
    [
      'a field inside a list, through its $ref',
      'services: [{title: 5, desc: x}]\n',
      [
        ['WrongType', 1, 20, 'services[0].title', 'expected text, found a number (5)'],
        ['TooShort', 1, 29, 'services[0].desc', 'is 1 characters long; at least 20 needed'],
      ],
    ],
    [
      'a list too short, in items',
      'descriptionOne: []\n',
      [['TooShort', 1, 17, 'descriptionOne', 'is 0 items long; at least 1 needed']],
    ],
    [
      'an image path outside /images/',
      'img1: {src: images/x.svg, alt: A picture}\n',
      [['InvalidFormat', 1, 13, 'img1.src', "'images/x.svg' does not have the expected form"]],
    ],
    [
      'a key with the characters JSON Pointer escapes',
      '"a/b~c": 1\n',
      [['UnknownKey', 1, 1, 'a/b~c', "'a/b~c' is not a known field"]],
    ],
  ])('reports %s', (_what, text, expected) => {
    expect(besidesMissing(text)).toEqual(expected)
  })

  it('says how to add each missing field, then what it is for', () => {
    expect(fileRuleProblems(schema, 'label: A page\n')).toContainEqual(
      expect.objectContaining({
        name: 'MissingField',
        field: 'title1',
        line: 1,
        column: 1,
        message: "'title1' is required but missing",
        hint: `Add a line "title1:" with no indentation, followed by the text. First part of the page's main heading (h1).`,
      }),
    )
  })
})
