import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkSource } from '../checker.ts'
import type { SiteIndex } from '../site-index.ts'
import { expandTerms } from '../terms.ts'
import { parseYamlSource } from '../yaml-source.ts'
import { claimProblems, type CompanyFacts } from './claims.ts'

const facts: CompanyFacts = {
  name: 'Corvane',
  headquarters: 'San Francisco',
  offices: ['San Francisco'],
  timeZone: 'America/Los_Angeles',
  country: 'US',
  currency: 'USD',
}
const terms = {
  ownership:
    'Under our standard agreement, you own the deliverables: the code, the documentation and any models trained for you, with no license back to us.',
  noTraining: 'Under our standard agreement, your data is never used to train models for anyone else.',
}
const index: SiteIndex = {
  routes: new Set(['/', '/blog', '/ai/Ai-Development']),
  imageExists: (src) => src === '/images/pages/placeholder.svg',
}

/** Every check a page gets, in the order the content check runs them. */
function checkPage(file: string, text: string) {
  const source = parseYamlSource(text, file)
  const unknown = expandTerms(source, terms)
  if (unknown.length > 0) return unknown
  return [...checkSource(source, 'page', index), ...claimProblems([source], facts, terms)]
}
const fixtureDir = path.join(import.meta.dirname, '../__fixtures__/pages')
const checkFixture = (name: string) =>
  checkPage(`checker/__fixtures__/pages/${name}`, readFileSync(path.join(fixtureDir, name), 'utf8'))

// [fixture, error, line, column, field, part of the message, part of the hint]
const cases: [string, string, number, number, string, string, string][] = [
  [
    'claimed-time-zone.yaml',
    'ClaimedTimeZone',
    26,
    13,
    'faqs[0].answer',
    `"work Boston hours" claims Boston's time zone as ours`,
    'the hours that overlap',
  ],
  ['local-office.yaml', 'LocalOffice', 26, 13, 'faqs[0].answer', `"Our Boston AI team" reads as an office`, 'facts.offices'],
  [
    'unnamed-currency.yaml',
    'UnnamedCurrency',
    26,
    13,
    'faqs[0].answer',
    'the price $10,000 does not name its currency',
    'US$10,000',
  ],
  [
    'contract-term.yaml',
    'ContractTerm',
    22,
    13,
    'faqs[0].answer',
    `"You own the code" states a contract term`,
    '{{terms.ownership}}',
  ],
  [
    'unknown-term.yaml',
    'UnknownTerm',
    22,
    13,
    'faqs[0].answer',
    '{{terms.owner}} is not one of the contract terms',
    '{{terms.ownership}}, {{terms.noTraining}}',
  ],
]

describe('claims the company cannot stand behind: one fixture per rule', () => {
  it.each(cases)('%s → %s at %i:%i %s', (fixture, name, line, column, field, message, hint) => {
    const problems = checkFixture(fixture)
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatchObject({ name, line, column, field })
    expect(problems[0].message).toContain(message)
    expect(problems[0].hint).toContain(hint)
  })
})

const page = (audience: string, answer: string) =>
  readFileSync(path.join(fixtureDir, 'valid.yaml'), 'utf8').replace('category: service\n', `category: location\n${audience}`) +
  `faqs:\n  - question: A question?\n    answer: ${JSON.stringify(answer)}\n`
const BOSTON = 'audience:\n  places: [Boston, Massachusetts]\n  country: US\n  timeZone: America/New_York\n'
const CALGARY = 'audience:\n  places: [Calgary, Alberta]\n  country: CA\n  timeZone: America/Edmonton\n'
const VANCOUVER = 'audience:\n  places: [Vancouver, British Columbia]\n  country: CA\n  timeZone: America/Vancouver\n'
const found = (audience: string, answer: string) => checkPage('content/pages/x.yaml', page(audience, answer)).map((p) => p.name)

describe('claim rules read sentences the way a reviewer would', () => {
  it.each([
    ["We share Boston's Eastern Time working day.", BOSTON, 'ClaimedTimeZone'],
    ['Workshops on site, and we work remotely on Eastern time in between.', BOSTON, 'ClaimedTimeZone'],
    ['An Eastern-time team, pilots in 4-6 weeks.', BOSTON, 'ClaimedTimeZone'],
    ['Our EST hours match yours.', BOSTON, 'ClaimedTimeZone'],
    ['Corvane is the AI firm in Calgary that operators call.', CALGARY, 'LocalOffice'],
    ["Corvane's Calgary consultants know the energy sector.", CALGARY, 'LocalOffice'],
    ['We are based in Calgary.', CALGARY, 'LocalOffice'],
    ['Our team in Alberta is small.', CALGARY, 'LocalOffice'],
    ['Fees start at $10,000.', CALGARY, 'UnnamedCurrency'],
    ['Fees start at 10,000 dollars.', CALGARY, 'UnnamedCurrency'],
    ['We keep no copy of your data.', BOSTON, 'ContractTerm'],
    ['Reports and code are your property.', BOSTON, 'ContractTerm'],
    ['Your data is never used to train models for other clients.', BOSTON, 'ContractTerm'],
    ['We sign a HIPAA business associate agreement first.', BOSTON, 'ContractTerm'],
    ['We never train models on your data.', BOSTON, 'ContractTerm'],
    ['We don’t train on customer data.', BOSTON, 'ContractTerm'],
    ['Corvane does not train its models using client data.', BOSTON, 'ContractTerm'],
    ['Your data is never used to train.', BOSTON, 'ContractTerm'],
    ['Customer data will not be used for training.', BOSTON, 'ContractTerm'],
    ['We will never use your data to train anything.', BOSTON, 'ContractTerm'],
    ['No training on your data, ever.', BOSTON, 'ContractTerm'],
    ['We never keep copies of your data.', BOSTON, 'ContractTerm'],
    ["We don't retain any copies after handover.", BOSTON, 'ContractTerm'],
    ['No copies are retained.', BOSTON, 'ContractTerm'],
    ['No copies of your data are kept after the project.', BOSTON, 'ContractTerm'],
  ])('%#: flags %j', (sentence, audience, name) => {
    expect(found(audience, sentence)).toEqual([name])
  })

  it.each([
    ['Boston runs on Eastern time, three hours ahead of our San Francisco office.', BOSTON],
    ['Calls start at 09:00 Pacific, noon in Boston, and we visit for kickoffs.', BOSTON],
    ['Fees start at $10,000.', BOSTON],
    ['Fees start at US$10,000.', CALGARY],
    ['Fees start at $10,000 USD.', CALGARY],
    ['Our team travels to Calgary for kickoffs; Mountain time is one hour ahead of ours.', CALGARY],
    ['We work on Pacific time, the same clock as Vancouver.', VANCOUVER],
    ["OpenAI's business terms say API data is not used to train their models by default.", BOSTON],
    ['{{terms.ownership}} Everything is documented.', BOSTON],
    ['Our AI team and our Generative AI consultants work from San Francisco.', BOSTON],
    ['We never train a model before we have seen your data.', BOSTON],
    ['We train models on your data for your project only.', BOSTON],
    ['Keep copies of your data in your own cloud.', BOSTON],
    ['{{terms.noTraining}} Ask us for the clause.', BOSTON],
  ])('%#: passes %j', (sentence, audience) => {
    expect(found(audience, sentence)).toEqual([])
  })

  it('inserts the approved wording where a page names a term', () => {
    const source = parseYamlSource(page(BOSTON, '{{terms.noTraining}} Ask us for the clause.'), 'content/pages/x.yaml')
    expect(expandTerms(source, terms)).toEqual([])
    expect((source.data as { faqs: { answer: string }[] }).faqs[0].answer).toBe(`${terms.noTraining} Ask us for the clause.`)
  })
})

describe('a contract term stated in other words', () => {
  const stated = (sentence: string) => checkPage('content/pages/x.yaml', page(BOSTON, sentence))

  it('is reported once per sentence, however many phrasings match', () => {
    expect(stated('Your data is never used to train models for anyone else, we never train on your data.')).toEqual([
      expect.objectContaining({
        name: 'ContractTerm',
        message: '"never used to train models for anyone" states a contract term in this page\'s own words',
      }),
    ])
  })

  it('points to the approved wording when site.yaml has the term', () => {
    expect(stated('We never train models on your data.')[0].hint).toBe(
      'Insert the approved wording instead: {{terms.noTraining}}. Legal keeps it in content/site.yaml under terms.',
    )
  })

  it('says legal has no wording yet when site.yaml lacks the term', () => {
    expect(stated('We never keep copies of your data.')[0].hint).toBe(
      'Legal has no approved wording for this promise (content/site.yaml has no terms.noCopy): remove it, or ask legal to add the term and insert it as {{terms.noCopy}}.',
    )
  })
})

describe('an FAQ question, where the buyer speaks', () => {
  const asked = (question: string, answer = 'We visit for kickoffs and workshops.') =>
    checkPage(
      'content/pages/x.yaml',
      page(BOSTON, answer).replace('question: A question?', `question: ${JSON.stringify(question)}`),
    ).map((p) => [p.name, p.field])

  it.each([
    ['Can your team come to our Boston office?'],
    ['Our Boston team is small: can you help?'],
    ['Do we need to work Eastern time with you?'],
  ])('claims no office or time zone for us: %j', (question) => {
    expect(asked(question)).toEqual([])
  })

  it('still holds the answer to the claim rules', () => {
    expect(asked('Where are you?', 'Our Boston office is downtown.')).toEqual([['LocalOffice', 'faqs[0].answer']])
  })
})

describe('the company, as site.yaml names it', () => {
  // [sentence, the company's name in site.yaml, what is flagged]
  it.each([
    ['Acme keeps no copy of your data.', 'Acme', ['ContractTerm']],
    ['Corvane keeps no copy of your data.', 'Acme', []],
    ['Acme is the AI firm in Boston that teams call.', 'Acme', ['LocalOffice']],
    ['Corvane is the AI firm in Boston that teams call.', 'Acme', []],
  ])('%j, when the company is %s', (sentence, name, flagged) => {
    const source = parseYamlSource(page(BOSTON, sentence), 'content/pages/x.yaml')
    expect(claimProblems([source], { ...facts, name }, terms).map((p) => p.name)).toEqual(flagged)
  })
})

describe('claim rules read text as a visitor reads it', () => {
  it.each([
    ['a no-break space as an entity', 'Our Boston&#xA0;AI team is on call.', BOSTON, 'LocalOffice'],
    ['a named no-break space', 'We work Boston&nbsp;hours.', BOSTON, 'ClaimedTimeZone'],
    ['an empty tag inside a word', 'Our Bos<b></b>ton AI team is on call.', BOSTON, 'LocalOffice'],
    ['a tag around part of a word', 'Our Bos<i>ton</i> AI team is on call.', BOSTON, 'LocalOffice'],
    ['a zero-width space', 'Our Bos\u200Bton AI team is on call.', BOSTON, 'LocalOffice'],
    ['a soft hyphen as an entity', 'Our Bos&shy;ton AI team is on call.', BOSTON, 'LocalOffice'],
    ['a word joiner', 'Our Boston\u2060 AI team is on call.', BOSTON, 'LocalOffice'],
    ['an ideographic space', 'Our Boston\u3000AI team is on call.', BOSTON, 'LocalOffice'],
    ['fullwidth letters', 'Ｏｕｒ Ｂｏｓｔｏｎ team is on call.', BOSTON, 'LocalOffice'],
    ['a line break between words', 'Our Boston<br>AI team is on call.', BOSTON, 'LocalOffice'],
    ['a fullwidth dollar', 'Fees start at ＄10,000.', CALGARY, 'UnnamedCurrency'],
    ['a small dollar', 'Fees start at ﹩10,000.', CALGARY, 'UnnamedCurrency'],
    ['a numeric entity for a space', 'You&#32;own the code.', BOSTON, 'ContractTerm'],
    ['an entity spelled without its semicolon', 'You&nbspown the code.', BOSTON, 'ContractTerm'],
  ])('%#: sees through %s', (_what, sentence, audience, name) => {
    expect(found(audience, sentence)).toEqual([name])
  })

  it.each([
    ['a line break splitting a word', 'Our Bos<br>ton AI team is on call.'],
    ['a tag written as text', 'Our Boston&lt;b&gt; AI team is on call.'],
  ])('%#: does not join what the browser keeps apart: %s', (_what, sentence) => {
    expect(found(BOSTON, sentence)).toEqual([])
  })

  it('reads a text of many unclosed tags in linear time', () => {
    const source = parseYamlSource(page(BOSTON, `${'<br'.repeat(50_000)} Our Boston AI team is on call.`), 'content/pages/x.yaml')
    const started = performance.now()
    expect(claimProblems([source], facts, terms).map((p) => p.name)).toEqual(['LocalOffice'])
    expect(performance.now() - started).toBeLessThan(1_000)
  })

  it('still points at the field', () => {
    const problems = checkPage('content/pages/x.yaml', page(BOSTON, 'Our Bos&shy;ton AI team is on call.'))
    expect(problems).toEqual([expect.objectContaining({ name: 'LocalOffice', line: 27, column: 13, field: 'faqs[0].answer' })])
  })
})

describe('a place one page names, claimed as an office on another', () => {
  // Chicago's readers are also "AI" people here: every page now claims an office in AI.
  const chicago = page(
    'audience:\n  places: [Chicago, AI]\n  country: US\n  timeZone: America/Chicago\n',
    'Workshops on site in Chicago.',
  )
  const consulting = readFileSync(path.join(fixtureDir, 'valid.yaml'), 'utf8').replace(
    'Call us',
    'Our AI development team ships weekly. Call us',
  )
  const problems = claimProblems(
    [parseYamlSource(chicago, 'content/pages/chicago.yaml'), parseYamlSource(consulting, 'content/pages/consulting.yaml')],
    facts,
    terms,
  )

  it('is reported on the page that names the place, at the place', () => {
    expect(problems).toContainEqual(
      expect.objectContaining({
        name: 'AudiencePlaceClaim',
        file: 'content/pages/chicago.yaml',
        line: 7,
        column: 21,
        field: 'audience.places[1]',
        message:
          'with AI among this page\'s places, "Our AI development team" in content/pages/consulting.yaml:20:17 (contactUsToday) reads as an office or team in AI, where the company has none',
      }),
    )
  })

  it('is reported on the page with the claim, naming the page that made it a place', () => {
    expect(problems).toContainEqual(
      expect.objectContaining({
        name: 'LocalOffice',
        file: 'content/pages/consulting.yaml',
        line: 20,
        column: 17,
        field: 'contactUsToday',
        message: expect.stringContaining('in AI, a place named in the audience of content/pages/chicago.yaml'),
        hint: expect.stringContaining('remove it from audience.places in content/pages/chicago.yaml'),
      }),
    )
    expect(problems).toHaveLength(2)
  })
})
