import { describe, expect, it } from 'vitest'
import { locationAudience } from './location-audience.ts'
import { fileRuleProblems } from './testing.ts'

const AUDIENCE = 'audience: {places: [Boston], country: US, timeZone: America/New_York}\n'

describe('pages about a place', () => {
  // [what, page text, problems as name, line, column, field, message]
  it.each([
    [
      'a location page without its audience, reported at its category',
      'label: x\ncategory: location\n',
      [['MissingField', 2, 1, 'audience', "'audience' is required but missing"]],
    ],
    ['a location page that says where its readers are', `category: location\n${AUDIENCE}`, []],
    ['a service page, which addresses no place', 'label: x\ncategory: service\n', []],
  ])('%s', (_what, text, expected) => {
    expect(fileRuleProblems(locationAudience, text).map((p) => [p.name, p.line, p.column, p.field, p.message])).toEqual(expected)
  })

  it('explains the field with its description in the schema', () => {
    expect(fileRuleProblems(locationAudience, 'category: location\n')[0].hint).toMatch(
      /\. Where the readers of a page about a place are\./,
    )
  })
})
