import { describe, expect, it } from 'vitest'
import { isWarning } from '../errors.ts'
import { bareUrls } from './bare-urls.ts'
import { fileRuleProblems } from './testing.ts'

const check = (text: string, kind: 'page' | 'site' = 'page') =>
  fileRuleProblems(bareUrls, text, { kind }).map((p) => [p.field, p.message])
const paragraph = (text: string) => `descriptionOne:\n  - ${JSON.stringify(text)}\n`

describe('a web address written out as text', () => {
  it('warns in a description, with the link to write instead', () => {
    const problems = fileRuleProblems(bareUrls, paragraph('Book a call at https://example.com/contact.'))
    expect(problems).toEqual([
      expect.objectContaining({
        name: 'BareUrl',
        line: 2,
        column: 5,
        field: 'descriptionOne[0]',
        message: 'https://example.com/contact is written out as text: readers see the address but cannot click it',
        hint: "Make it a link with words that say where it leads: <a href='https://example.com/contact'>…</a>.",
      }),
    ])
    expect(isWarning(problems[0])).toBe(true)
  })

  it('warns in a plain field, pointing to a description for the link', () => {
    const [found] = fileRuleProblems(bareUrls, 'title2: see www.example.com/ai\n')
    expect(found.message).toMatch(/^www\.example\.com\/ai is written out/)
    expect(found.hint).toBe(
      "This field cannot hold a link: remove the address, and link to it from a description (<a href='…'>…</a>) instead.",
    )
  })

  it('suggests https:// for an address written from www.', () => {
    expect(fileRuleProblems(bareUrls, paragraph('Go to www.example.com today'))[0].hint).toContain(
      "<a href='https://www.example.com'>",
    )
  })

  it('writes the link in double quotes in a value in single quotes, where a single quote would end it', () => {
    const [found] = fileRuleProblems(bareUrls, "descriptionOne:\n  - 'Book a call at https://example.com/contact.'\n")
    expect(found.hint).toContain('<a href="https://example.com/contact">…</a>')
  })

  // [what, file text, kind of file]
  it.each([
    ['a link', paragraph('Book <a href="https://example.com/contact">a call</a>.'), 'page'],
    ['a link whose words are its address', paragraph("See <a href='https://example.com'>https://example.com</a>."), 'page'],
    ['an e-mail address', paragraph('Write to hello@www.example.com.'), 'page'],
    ['a domain without www.', paragraph('We are corvane.example.'), 'page'],
    ['a link field of site.yaml', 'links:\n  contact: https://www.example.com/contact\n', 'site'],
    ['a menu link of site.yaml', 'nav:\n  - label: Blog\n    href: https://www.example.com/blog\n', 'site'],
    ["the site's address", 'company:\n  url: https://www.example.com\n', 'site'],
  ] as const)('lets %s pass', (_what, text, kind) => {
    expect(check(text, kind)).toEqual([])
  })

  it('warns in a text field of site.yaml, whose schema gives it no form', () => {
    expect(check('company:\n  tagline: AI at https://example.com\n', 'site')).toEqual([['company.tagline', expect.any(String)]])
  })

  it('reports each address once, without the punctuation after it', () => {
    expect(check(paragraph('Try https://a.example/x, then https://a.example/x; or (https://b.example).'))).toEqual([
      ['descriptionOne[0]', expect.stringMatching(/^https:\/\/a\.example\/x is/)],
      ['descriptionOne[0]', expect.stringMatching(/^https:\/\/b\.example is/)],
    ])
  })
})
