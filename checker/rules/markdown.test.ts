import { describe, expect, it } from 'vitest'
import { markdown } from './markdown.ts'
import { fileRuleProblems } from './testing.ts'

const check = (text: string) => fileRuleProblems(markdown, text).map((p) => [p.field, p.message])
const paragraph = (text: string) => `descriptionOne:\n  - ${JSON.stringify(text)}\n`
const heading = (text: string) => `title1: ${JSON.stringify(text)}\n`

describe('Markdown in a text', () => {
  // [what, file text, the Markdown the message quotes]
  it.each([
    ['bold with stars', paragraph('We ship **fixed price** pilots.'), '**fixed price**'],
    ['bold with underscores', heading('__Fast__ delivery'), '__Fast__'],
    ['italics with a star', paragraph('It is *not* a chatbot.'), '*not*'],
    ['italics with an underscore', paragraph('It is _not_ a chatbot.'), '_not_'],
    ['a link', paragraph('Read [our post](https://example.com/post) first.'), '[our post](https://example.com/post)'],
    ['a site link', paragraph('See [AI development](/ai/Ai-Development).'), '[AI development](/ai/Ai-Development)'],
    ['a heading', paragraph('## Why us'), '## Why us'],
    ['a heading on a later line', paragraph('Intro\n# Why us'), '# Why us'],
  ])('flags %s', (_what, text, written) => {
    expect(check(text)).toEqual([
      [expect.any(String), `${written} is Markdown, which the site does not read: the page shows the symbols as written`],
    ])
  })

  it.each([
    ['a name with underscores', heading('Migrating snake_case_columns')],
    ['multiplication', paragraph('A 5 * 3 * 2 grid, or 5*3*2.')],
    ['a footnote star', paragraph('Prices start at $10,000* for a pilot.')],
    ['a number sign', heading('Rated #1 for production AI')],
    ['a hashtag', paragraph('Follow #AI and # 1 trends.')],
    ['underscores in a link', paragraph('See <a href="/blog/_draft_">the draft</a>.')],
    ['underscores in a web address', paragraph('At https://example.com/_draft_ now.')],
    ['square brackets without a link', paragraph('Fields [optional] (see below).')],
  ])('lets %s pass', (_what, text) => {
    expect(check(text)).toEqual([])
  })

  it('says how to write it in a markup field, and to remove it in a plain one', () => {
    const [inMarkup] = fileRuleProblems(markdown, paragraph('**Bold**'))
    expect(inMarkup.hint).toContain('<b>…</b>')
    const [inPlain] = fileRuleProblems(markdown, heading('**Bold**'))
    expect(inPlain.hint).toBe('This field is plain text: remove the *, _, # or [ ](…) and keep the words.')
  })

  it('reads a long text of stars in linear time', () => {
    const started = performance.now()
    expect(check(paragraph(`${'* a '.repeat(2_500)}`))).toEqual([])
    expect(performance.now() - started).toBeLessThan(1_000)
  })
})
