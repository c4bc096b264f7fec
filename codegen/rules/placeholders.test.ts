import { describe, expect, it } from 'vitest'
import { placeholders } from './placeholders.ts'
import { fileRuleProblems } from './testing.ts'

describe('placeholder text', () => {
  // [what, file text, problems as line, column, field]
  it.each([
    ['a value that starts with the marker', 'title1: "TODO: the title"\n', [[1, 9, 'title1']]],
    [
      'the marker inside a text of a list',
      'faqs: [{question: "Why? TODO: ask", answer: Because.}]\n',
      [[1, 19, 'faqs[0].question']],
    ],
    ['the marker in other letter case', 'title1: "todo: the title"\n', []],
    ['the marker in a field name, which the schema reports', '"TODO: x": y\n', []],
  ])('%s', (_what, text, expected) => {
    expect(fileRuleProblems(placeholders, text).map((p) => [p.line, p.column, p.field])).toEqual(expected)
  })

  it('quotes the text, cut when long', () => {
    const [found] = fileRuleProblems(placeholders, `title1: "TODO: ${'x'.repeat(100)}"\n`)
    expect(found.message).toBe(`still holds placeholder text: "TODO: ${'x'.repeat(61)}…"`)
  })
})
