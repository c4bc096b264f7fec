import { readFileSync } from 'node:fs'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'
import type { Problem } from '../errors.ts'
import { parseYamlSource } from '../yaml-source.ts'
import { companyFacts } from './company-facts.ts'
import { realSiteProblems, siteRuleProblems } from './testing.ts'

const site = parse(readFileSync('content/site.yaml', 'utf8')) as Record<string, unknown>

/** What the rule finds in one FAQ answer of a page, against the real site.yaml. */
const inAnswer = (answer: string) =>
  siteRuleProblems(
    companyFacts,
    [parseYamlSource(`faqs:\n  - question: "How?"\n    answer: ${JSON.stringify(answer)}\n`, 'content/pages/x.yaml')],
    { site },
  ).map((p) => [p.name, p.message, p.warning ?? false])

describe('phone numbers and email addresses', () => {
  it.each([
    ['another number', 'Call (415) 555-0199.', '(415) 555-0199'],
    ['a number in dots', 'Call 312.555.0187 today.', '312.555.0187'],
    ['a number with its country code', 'Call +1 212 555 0100.', '+1 212 555 0100'],
    ['an international number', 'Call our partner on +44 20 7946 0958.', '+44 20 7946 0958'],
    ['a tel: link', 'Call <a href="tel:+13125550187">our desk</a>.', '+13125550187'],
  ])("%s is not the company's", (_what, answer, written) => {
    expect(inAnswer(answer)).toEqual([
      ['ForeignPhone', `${written} is not the company's phone number, which is +1 (415) 555-0142`, false],
    ])
  })

  it.each([
    ['an address elsewhere', 'Write to sales@corvane.com.', 'sales@corvane.com'],
    ["another mailbox of the company's domain", 'Write to helo@corvane.example.', 'helo@corvane.example'],
    ['a mailto: link', 'Just <a href="mailto:jane.doe@gmail.com">email Jane</a>.', 'jane.doe@gmail.com'],
  ])("%s is not the company's", (_what, answer, written) => {
    expect(inAnswer(answer)).toEqual([
      ['ForeignEmail', `${written} is not the company's email address, which is hello@corvane.example`, false],
    ])
  })

  it.each([
    ["the company's number as site.yaml writes it", 'Call +1 (415) 555-0142.'],
    ["the company's number in other forms", 'Call (415) 555-0142, 415.555.0142 or 415-555-0142.'],
    ["the company's number as a tel: link", '<a href="tel:+14155550142">Call us</a>.'],
    ["the company's address in capitals", 'Write to HELLO@corvane.example.'],
    ["the company's address as a mailto: link", '<a href="mailto:hello@corvane.example">Email us</a>.'],
    ['a handle', 'Follow @corvane on LinkedIn.'],
    ['a package name', 'We use @tanstack/query.'],
    ['a picture at twice the size', 'See /images/team@2x.png and logo@2x.webp.'],
    ['a year range and a duration', 'From 2019-2024 we ran pilots of 4-6 weeks.'],
    ['figures with plus signs', '850 + projects and +40% accuracy, +10,000 users.'],
    ['an order number', 'Ticket 4155550199 was closed.'],
    ['a large figure', '1,200,000,000 records a day.'],
    ['a standard', 'Certified to ISO 27001:2022.'],
  ])('passes %s', (_what, answer) => {
    expect(inAnswer(answer)).toEqual([])
  })
})

describe('starting prices against the floor', () => {
  it.each([
    ['start from about', 'Engagements start from about $5,000.', 'start from about $5,000'],
    ['starting at, in thousands', 'Consulting starting at $7.5k.', 'starting at $7.5k'],
    ['begins at, with its currency', 'A pilot begins at US$8,000.', 'begins at US$8,000'],
    ['as little as', 'Our fees run as little as $2,500.', 'as little as $2,500'],
    ['a starting point', 'Expect about $9,000 as the starting point for an assessment.', '$9,000 as the starting point'],
  ])("%s, below the floor for the company's work, is an error", (_what, answer, phrase) => {
    expect(inAnswer(answer)).toEqual([
      ['PriceBelowFloor', `"${phrase}" quotes a starting price below the site's, which is $10,000`, false],
    ])
  })

  it("is only a warning where the sentence does not say it is the company's work", () => {
    expect(inAnswer('Hosting for a model like this starts from $400.')).toEqual([
      ['LowStartingPrice', `"starts from $400" reads as a starting price below the site's, which is $10,000`, true],
    ])
  })

  it("reads the site's own currency", () => {
    const euroSite = { ...site, facts: { ...(site.facts as object), currency: 'EUR', priceFloor: 9000 } }
    const answer = 'faqs:\n  - question: "How much?"\n    answer: "Engagements start from about €5,000."\n'
    const found = siteRuleProblems(companyFacts, [parseYamlSource(answer, 'content/pages/x.yaml')], { site: euroSite })
    expect(found.map((p) => p.message)).toEqual([
      `"start from about €5,000" quotes a starting price below the site's, which is €9,000`,
    ])
  })

  it.each([
    ['the floor itself', 'Engagements start from about <b>$10,000</b>.'],
    ['a higher starting price', 'Production builds start from about $50,000.'],
    ['a price per month', 'Hosting starts from $400 a month.'],
    ['a price per user', 'Seats start at $30 per user.'],
    ['a saving', 'We cut the cost per claim from $8,000 to $2,000.'],
    ['a sum saved', 'The pilot saved $4,000 in its first week.'],
    ['figures of records', 'Starting from 5,000 records, the model learns.'],
  ])('passes %s', (_what, answer) => {
    expect(inAnswer(answer)).toEqual([])
  })
})

describe('facts on real pages', { timeout: 60_000 }, () => {
  const located = (problems: Problem[]) => problems.map((p) => [p.name, p.file, p.line, p.column, p.field])
  const CONSULTING = 'content/pages/Ai-Consulting.yaml'
  const CHICAGO = 'content/pages/ai-consulting-chicago.yaml'
  const START = "We'll discuss your goals"
  const CHICAGO_PRICE = 'Consulting in Chicago starts from about <b>$10,000</b>.'

  // [what, file, the real text, the mistake, the fix the hint gives, name, line, column, field]
  it.each([
    [
      'a local number',
      CHICAGO,
      CHICAGO_PRICE,
      `${CHICAGO_PRICE} Call our desk on (312) 555-0187.`,
      `${CHICAGO_PRICE} Call our desk on +1 (415) 555-0142.`,
      'ForeignPhone',
      112,
      13,
      'faqs[1].answer',
    ],
    [
      'another mailbox in a link',
      CONSULTING,
      START,
      `Or <a href='mailto:sales@corvane.com'>email us</a>. ${START}`,
      `Or <a href='mailto:hello@corvane.example'>email us</a>. ${START}`,
      'ForeignEmail',
      118,
      13,
      'faqs[7].answer',
    ],
    [
      'a lower starting price',
      CONSULTING,
      'Engagements start from about $10,000, with scope',
      'Engagements start from about $6,000, with scope',
      'Engagements start from about $10,000, with scope',
      'PriceBelowFloor',
      77,
      11,
      'why_choose[2].desc',
    ],
    [
      'a number in site.yaml',
      'content/site.yaml',
      'A senior consultant replies within one business day.',
      'Or call 415-555-0100 now.',
      'Or call 415-555-0142 now.',
      'ForeignPhone',
      144,
      10,
      'consultation.intro',
    ],
  ])("%s is reported at its field, and the hint's fix passes", (_what, file, real, mistake, fix, name, line, column, field) => {
    expect(located(realSiteProblems(file, [real, mistake]))).toEqual([[name, file, line, column, field]])
    expect(realSiteProblems(file, [real, fix])).toEqual([])
  })
})
