import { describe, expect, it } from 'vitest'
import { headingLetters } from './heading-letters.ts'
import { fileRuleProblems, realContentProblems } from './testing.ts'

const CHICAGO = 'content/pages/ai-consulting-chicago.yaml'

describe('titles must contain letters', () => {
  it('reports a heading of emoji on a copy of a real page, and passes once it is words again', { timeout: 60_000 }, () => {
    const problems = realContentProblems({ [CHICAGO]: [['title1: "AI Consulting in Chicago"', 'title1: "🚀✨🤖"']] })
    expect(problems.map((p) => [p.name, p.file, p.line, p.field, p.message, p.hint])).toEqual([
      [
        'NoLettersInTitle',
        CHICAGO,
        10,
        'title1',
        `"🚀✨🤖" must contain letters: made of emoji or symbols only, it tells a reader nothing, and a screen reader reads out the symbols' names`,
        'Write it in words. An emoji may stay beside them, as in "🚀 Fast delivery".',
      ],
    ])
    expect(
      realContentProblems({ [CHICAGO]: [['title1: "AI Consulting in Chicago"', 'title1: "🚀 AI Consulting in Chicago"']] }),
    ).toEqual([])
  })

  it.each([
    ['a section heading', 'serviceTitle: "★ ★ ★"\n', ['serviceTitle']],
    ['a card title', 'why_choose:\n  - title: "→→→"\n    desc: x\n', ['why_choose[0].title']],
    ['a question', 'faqs:\n  - question: "??? !!!"\n    answer: x\n', ['faqs[0].question']],
    ['a blog title', 'meta_title: "💡💡💡💡💡💡💡💡💡💡"\n', ['meta_title']],
    ['words beside emoji', 'title1: "🚀 Fast delivery"\n', []],
    ['a number for a heading', 'title1: "404"\n', []],
    ['the accent part of a heading', 'title2: "✨"\n', []],
    ['a text that is no title', 'metaDescription: "★★★"\n', []],
  ])('%s', (_what, text, fields) => {
    expect(fileRuleProblems(headingLetters, text).map((p) => p.field)).toEqual(fields)
  })
})
