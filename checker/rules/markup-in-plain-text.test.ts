import { describe, expect, it } from 'vitest'
import { markupFieldsOf, markupInPlainText } from './markup-in-plain-text.ts'
import { fileRuleProblems } from './testing.ts'

const check = (text: string, kind: 'page' | 'site' | 'blog' = 'page') =>
  fileRuleProblems(markupInPlainText, text, { kind }).map((p) => [p.line, p.column, p.field, p.message])

describe('markup in a plain-text field', () => {
  // [what, file text, problems as line, column, field, message]
  it.each([
    [
      'a tag in the heading',
      'title1: "AI <b>Consulting</b>"\n',
      [[1, 9, 'title1', '<b> is shown on the page exactly as written: this field is plain text, not markup']],
    ],
    [
      'a link in a card title',
      'services:\n  - title: <a href="/blog">Blog</a>\n',
      [[2, 12, 'services[0].title', expect.stringMatching(/^<a href="\/blog"> is shown/)]],
    ],
    ['an entity in a label', 'label: "R&amp;D"\n', [[1, 8, 'label', expect.stringMatching(/^&amp; is shown/)]]],
    [
      'a numeric entity in a question',
      'faqs: [{question: "What&#39;s next?", answer: Soon.}]\n',
      [[1, 19, 'faqs[0].question', expect.stringMatching(/^&#39; is shown/)]],
    ],
    [
      'a line break in an alt text',
      'img1: {src: /images/pages/placeholder.svg, alt: "One<br>two"}\n',
      [[1, 49, 'img1.alt', expect.stringMatching(/^<br> is shown/)]],
    ],
  ])('flags %s', (_what, text, expected) => {
    expect(check(text)).toEqual(expected)
  })

  it.each([
    ['markup in a description', 'descriptionOne:\n  - Some <b>bold</b> &amp; <a href="/blog">a link</a>.\n'],
    ['markup in an FAQ answer', 'faqs: [{question: Why?, answer: "<i>Because</i>."}]\n'],
    ['a less-than sign before a number', 'title1: "Answers in <5 ms & for less"\n'],
    ['an ampersand that is no entity', 'title1: "R&D; then AT&T"\n'],
  ])('lets %s pass', (_what, text) => {
    expect(check(text)).toEqual([])
  })

  it('names the fields that take markup, from the schema of each kind of file', () => {
    expect(markupFieldsOf('page')).toEqual([
      'descriptionOne',
      'descriptionTwo',
      'descriptionThree',
      'faqs[].answer',
      'contactUsToday',
    ])
    expect(markupFieldsOf('blog')).toEqual(['description'])
    expect(markupFieldsOf('site')).toEqual([])
    const [onPage] = fileRuleProblems(markupInPlainText, 'title1: "<b>AI</b>"\n')
    expect(onPage.hint).toBe(
      'Remove the tags, and type a character as itself (& rather than &amp;). Bold, italics and links work only in descriptionOne, descriptionTwo, descriptionThree, faqs[].answer, contactUsToday.',
    )
    const [onSite] = fileRuleProblems(markupInPlainText, 'company:\n  tagline: "<b>AI</b> for all"\n', { kind: 'site' })
    expect(onSite.hint).toContain('No field of this file takes markup.')
  })
})
