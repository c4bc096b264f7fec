import { describe, expect, it } from 'vitest'
import { placeholders } from './placeholders.ts'
import type { Problem } from '../errors.ts'
import { fileRuleProblems, realSiteProblems } from './testing.ts'

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

describe('stand-ins for copy not written yet', () => {
  const found = (text: string) => fileRuleProblems(placeholders, text).map((p) => [p.name, p.message])

  it.each([
    ['dummy Latin', 'title1: "Lorem ipsum dolor sit amet"\n', 'Lorem'],
    ['dummy Latin past its first words', 'title1: "Our team: consectetur adipiscing elit"\n', 'consectetur adipiscing'],
    ['TBD in any case', 'title1: "Pricing tbd"\n', 'tbd'],
    ['TBC', 'title1: "Launch date TBC."\n', 'TBC'],
    ["the printers' TK", 'title1: "Cut claims time by TK percent"\n', 'TK'],
    ['XX for a figure', 'title1: "Cut costs by XX%"\n', 'XX'],
    ['XXX for a sum', 'title1: "Save $XXX,XXX a year"\n', 'XXX'],
    ['a year left as 20XX', 'title1: "Founded in 20XX"\n', '20XX'],
    ['an instruction in square brackets', 'title1: "AI consulting in [insert city]"\n', '[insert city]'],
    ['a kind of copy in square brackets', 'title1: "Trusted by [client name]"\n', '[client name]'],
    ['[placeholder]', 'title1: "[placeholder]"\n', '[placeholder]'],
    ['an instruction in angle brackets', 'title1: "AI consulting in <add city>"\n', '<add city>'],
    ['your text here', 'title1: "Your headline here"\n', 'Your headline here'],
    ['copy goes here', 'title1: "Description goes here"\n', 'Description goes here'],
    ['copy to come', 'title1: "Copy to come"\n', 'Copy to come'],
    ['a lone coming soon', 'title1: "Coming soon!"\n', 'Coming soon!'],
    ['content coming soon', 'title1: "AI for retail. Content coming soon."\n', 'Content coming soon'],
  ])('%s', (_what, text, stand_in) => {
    expect(found(text)).toEqual([['DummyText', `"${stand_in}" stands in for copy not written yet`]])
  })

  it.each([
    ['a size', 'title1: "Sizes up to XXL"\n'],
    ['a knockout', 'title1: "A TKO for manual data entry"\n'],
    ['the Tk toolkit', 'title1: "Desktop tools in Python and Tcl/Tk"\n'],
    ['a Roman numeral', 'title1: "Super Bowl XXI analytics"\n'],
    ['a word holding a stand-in', 'title1: "Tbdx and Loremar are clients"\n'],
    ['coming soon inside a sentence', 'title1: "New articles are coming soon to the blog"\n'],
    ['a form asking its visitor', 'title1: "Enter your email here"\n'],
    ['a citation in brackets', 'title1: "Accuracy rose by 21 percent [1]"\n'],
    ['a picture named placeholder', 'img1:\n  src: /images/pages/placeholder.svg\n  alt: "A diagram"\n'],
    ['a link whose words are in brackets', 'title1: "[your guide](/blog)"\n'],
    ['years to come', 'title1: "A roadmap for the years to come"\n'],
  ])('passes %s', (_what, text) => {
    expect(found(text)).toEqual([])
  })

  it('reads the text a visitor sees, not the markup around it', () => {
    const text = 'faqs: [{question: "Why?", answer: "Pricing is <b>T</b>BD."}]\n'
    expect(found(text)).toEqual([['DummyText', '"TBD" stands in for copy not written yet']])
  })
})

describe('stand-ins on real pages', { timeout: 60_000 }, () => {
  const located = (problems: Problem[]) => problems.map((p) => [p.name, p.file, p.line, p.column, p.field])
  const CONSULTING = 'content/pages/Ai-Consulting.yaml'
  const ANSWER = 'Engagements start from <b>about $10,000</b> for a focused assessment of one business area.'
  const POST = 'content/blogs/estimating-the-cost-of-an-ai-project.yaml'

  // [what, file, the real text, the mistake, line, column, field]
  it.each([
    ['dummy Latin as a title', CONSULTING, 'title1: "AI Consulting"', 'title1: "Lorem ipsum"', 6, 9, 'title1'],
    ['a price left TBD', CONSULTING, ANSWER, 'Engagements start from <b>$TBD</b>.', 104, 13, 'faqs[0].answer'],
    [
      'a bracketed instruction',
      CONSULTING,
      'title: "Clear price and scope"',
      'title: "[insert benefit]"',
      76,
      12,
      'why_choose[2].title',
    ],
    ['a figure left as XX', POST, 'is the first question', 'is the first of XX questions', 13, 5, 'description[0]'],
  ])('%s is reported at its field, and the real copy passes', (_what, file, real, mistake, line, column, field) => {
    expect(located(realSiteProblems(file, [real, mistake]))).toEqual([['DummyText', file, line, column, field]])
    expect(realSiteProblems(file, [real, mistake], [mistake, real])).toEqual([])
  })
})
