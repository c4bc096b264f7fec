import { describe, expect, it } from 'vitest'
import type { Problem } from '../errors.ts'
import { linkAddresses } from './link-addresses.ts'
import { fileRuleProblems, realContentProblems } from './testing.ts'

const CHICAGO = 'content/pages/ai-consulting-chicago.yaml'
const PRICED_LINK = '<a href=\\"https://www.corvane.example/ai-consulting\\">'
const AGENTS_LINK = '<a href=\\"/ai/Ai-Agent-Development\\">'
const shown = (problems: Problem[]) => problems.map((p) => [p.name, p.file, p.line, p.field, p.message, p.hint])

describe('link addresses, on a copy of the real content', { timeout: 60_000 }, () => {
  it('reports an address between curly quotes where it is written, with straight quotes that fit the value', () => {
    expect(
      shown(realContentProblems({ [CHICAGO]: [[PRICED_LINK, '<a href=”https://www.corvane.example/ai-consulting”>']] })),
    ).toEqual([
      [
        'CurlyQuotedHref',
        CHICAGO,
        24,
        'descriptionOne[2]',
        "the link's address is written between curly quotes (href=”https://www.corvane.example/ai-consulting”), so the link leads nowhere",
        "Type straight quotes around the address: href='https://www.corvane.example/ai-consulting'. A word processor curls quotes as they are typed; paste from it into a plain-text editor first.",
      ],
    ])
    // The fix as the hint gives it: the value is in double quotes, so the address takes single ones.
    expect(realContentProblems({ [CHICAGO]: [[PRICED_LINK, "<a href='https://www.corvane.example/ai-consulting'>"]] })).toEqual(
      [],
    )
  })

  it('reports a page address without its / once, with the address meant, and the sanitizer says nothing more', () => {
    const problems = realContentProblems({ [CHICAGO]: [[AGENTS_LINK, '<a href=\\"ai/Ai-Agent-Development\\">']] })
    expect(shown(problems)).toEqual([
      [
        'UnsupportedHref',
        CHICAGO,
        26,
        'descriptionTwo[0]',
        'links to "ai/Ai-Agent-Development", which is not an address a link can lead to: the page shows the words without the link',
        'Write it as /ai/Ai-Agent-Development. A link starts with / (a page of this site), # (a place on this page), https://, http://, mailto: or tel:.',
      ],
    ])
  })
})

describe('link addresses', () => {
  const hints = (text: string) => fileRuleProblems(linkAddresses, text).map((p) => [p.name, p.hint])

  it.each([
    ['a page', '/ai/Ai-Development'],
    ['a place on the page', '#faq'],
    ['a web address in capitals', 'HTTPS://example.com'],
    ['an e-mail address', 'mailto:hello@corvane.example'],
    ['a phone number', 'tel:+14155550142'],
  ])('accepts a link to %s', (_what, href) => {
    expect(hints(`descriptionOne:\n  - See <a href="${href}">this</a>.\n`)).toEqual([])
  })

  it('leaves an address of an unsafe scheme to the markup rule, which says the sanitizer removes it', () => {
    expect(hints('descriptionOne:\n  - See <a href="javascript:alert(1)">this</a>.\n')).toEqual([])
  })

  it('reads no link in a plain field, where markup is shown as written', () => {
    expect(hints('title1: See <a href=”https://x.example”>this</a>\n')).toEqual([])
  })

  it('quotes the fix with double quotes in a value written without them', () => {
    const [[name, hint]] = hints('descriptionOne:\n  - See <a href=“/ai/Ai-Development”>this</a>.\n')
    expect(name).toBe('CurlyQuotedHref')
    expect(hint).toContain('href="/ai/Ai-Development"')
  })

  it.each([
    ['www.example.com', 'Write it as https://www.example.com.'],
    ['//example.com/x', 'Write it as https://example.com/x.'],
    ['hello@corvane.example', 'Write it as mailto:hello@corvane.example.'],
    ['contact', 'A link starts with / (a page of this site)'],
  ])('says how to write %s', (href, fix) => {
    const [[name, hint]] = hints(`descriptionOne:\n  - "See <a href='${href}'>this</a>."\n`)
    expect(name).toBe('UnsupportedHref')
    expect(hint).toContain(fix)
  })
})
