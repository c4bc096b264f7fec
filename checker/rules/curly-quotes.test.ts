import { describe, expect, it } from 'vitest'
import { curlyQuotes } from './curly-quotes.ts'
import { fileRuleProblems } from './testing.ts'

const check = (text: string) => fileRuleProblems(curlyQuotes, text).map((p) => [p.line, p.column, p.field, p.message])

describe('curly quotes around a whole value', () => {
  // [what, file text, problems as line, column, field, message]
  it.each([
    [
      'double quotes from a word processor',
      'title1: “AI Consulting”\n',
      [[1, 9, 'title1', 'the whole value is wrapped in curly quotes (“…”), which the page shows as part of the text']],
    ],
    ['single quotes', 'label: ‘AI Consulting’\n', [[1, 8, 'label', expect.stringContaining('(‘…’)')]]],
    ['single quotes around an apostrophe', 'label: ‘We’re here’\n', [[1, 8, 'label', expect.stringContaining('(‘…’)')]]],
    ['quotes inside straight ones', 'title1: "“AI Consulting”"\n', [[1, 9, 'title1', expect.stringContaining('(“…”)')]]],
    [
      'a paragraph of a description',
      'descriptionOne:\n  - “Some <b>bold</b> text.”\n',
      [[2, 5, 'descriptionOne[0]', expect.any(String)]],
    ],
    ['low-high quotes', 'title1: „AI Consulting“\n', [[1, 9, 'title1', expect.stringContaining('(„…“)')]]],
  ])('flags %s', (_what, text, expected) => {
    expect(check(text)).toEqual(expected)
  })

  it.each([
    ['a quotation inside the text', 'title1: He said “yes” to AI\n'],
    ['two quotations', 'title1: “Fast” and “cheap”\n'],
    ['a quotation that ends the text', 'title1: Ask us “why”\n'],
    ['an apostrophe', 'title1: We’re the AI team\n'],
    ['straight quotes in the text', 'title1: \'"Fast" and cheap\'\n'],
  ])('lets %s pass', (_what, text) => {
    expect(check(text)).toEqual([])
  })

  it('says to use straight double quotes', () => {
    expect(fileRuleProblems(curlyQuotes, 'title1: “AI”\n')[0].hint).toContain('straight double quotes: "…"')
  })
})
