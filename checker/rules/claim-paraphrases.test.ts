/**
 * Claims the rules know, reworded: each family of wording (tenses, word order, the zone or amount
 * written another way) must still be caught, and the near misses real copy writes must still pass.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { anyTimeZoneClaim, timeZoneRules } from '../claim-phrases.ts'
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
const terms = { ownership: 'Under our standard agreement, you own the deliverables.' }
const valid = readFileSync(path.join(import.meta.dirname, '../__fixtures__/pages/valid.yaml'), 'utf8')
const audience = (places: string, country: string, timeZone: string) =>
  `audience:\n  places: [${places}]\n  country: ${country}\n  timeZone: ${timeZone}\n`
const DENVER = audience('Denver, Colorado', 'US', 'America/Denver')
const CALGARY = audience('Calgary, Alberta', 'CA', 'America/Edmonton')
const BOSTON = audience('Boston, Massachusetts', 'US', 'America/New_York')

/** What the claim rules find in `answer`, an FAQ answer of a location page for `readers`. */
function claimed(readers: string, answer: string): string[] {
  const text =
    valid.replace('category: service\n', `category: location\n${readers}`) +
    `faqs:\n  - question: A question?\n    answer: ${JSON.stringify(answer)}\n`
  return claimProblems([parseYamlSource(text, 'content/pages/x.yaml')], facts, terms).map((p) => p.name)
}

/** Claims of the reader's time zone on a Denver page. */
const DENVER_ZONE_CLAIMS = [
  // Tenses.
  'We work Mountain Time hours.',
  'We worked on Mountain time throughout the project.',
  'We’ve always worked Denver hours.',
  'We will keep Mountain Standard Time for your launch.',
  'Our consultants have kept MST hours for years.',
  'We’ll be on Mountain time for the whole rollout.',
  // Word order.
  'Mountain Time is our home time zone.',
  'Denver hours are our hours.',
  'On every project our team stays on Mountain Daylight Time.',
  // The zone's other names.
  'We’re on MST.',
  'We run on MDT in summer.',
  'Our engineers live in the Mountain time zone.',
  'We keep Denver local time.',
  'A Mountain Time team, on call all day.',
  // The reader's zone, unnamed.
  'We’re in your time zone.',
  'We share the same time zone as Denver.',
  'Our team works in your local time zone.',
]

describe('the reader’s time zone claimed as ours, reworded', () => {
  it.each(DENVER_ZONE_CLAIMS)('%j', (sentence) => {
    expect(claimed(DENVER, sentence)).toEqual(['ClaimedTimeZone'])
  })

  // The site's one pattern decides which sentences a page's own rules read: it must find every claim they do.
  it('is found by the pattern of a site whose other pages address other zones and places', () => {
    const site = [
      { places: ['Boston', 'Massachusetts'], country: 'US', timeZone: 'America/New_York' },
      { places: ['Denver', 'Colorado'], country: 'US', timeZone: 'America/Denver' },
      { places: [], country: 'US', timeZone: 'America/Chicago' },
    ]
    const anyClaim = anyTimeZoneClaim(site, facts.name)
    let claims = 0
    for (const audience of site) {
      const own = timeZoneRules(audience, facts.name)
      for (const sentence of [
        ...DENVER_ZONE_CLAIMS,
        'We keep Boston hours.',
        "We're on Central time.",
        'Our team keeps your clock.',
      ])
        if (own.some((rule) => rule.test(sentence))) {
          claims++
          expect(anyClaim.test(sentence), sentence).toBe(true)
        }
    }
    expect(claims).toBeGreaterThan(DENVER_ZONE_CLAIMS.length)
    expect(anyClaim.test('We fly to Denver for kickoffs.')).toBe(false)
  })

  it.each([
    'Denver runs on Mountain Time, one hour ahead of our San Francisco office.',
    'We schedule calls at 09:00 Mountain Time, 08:00 for us.',
    'We work with Mountain Time teams every week.',
    'We are one hour behind Mountain time.',
    'Sessions are booked in your time zone.',
    'We fly to Denver, which runs on Mountain time, for kickoffs.',
    'Our Central guardrails log every call.',
  ])('passes %j', (sentence) => {
    expect(claimed(DENVER, sentence)).toEqual([])
  })
})

describe('an office or team where the company has none, reworded', () => {
  it.each([
    // "Our Calgary office".
    'Our Calgary office opens at eight.',
    'Our office in downtown Calgary is small.',
    'Our headquarters is in Calgary.',
    'Our home base is Calgary.',
    // Based in, in every tense.
    'We’re based in Calgary.',
    'We’ve been based in Calgary since 2015.',
    'Corvane has been located in Calgary for a decade.',
    'Based in Calgary, we serve the energy sector.',
    'We’re a Calgary-based AI firm.',
    // Headquartered.
    'We are headquartered in Calgary.',
    'Headquartered in Calgary, Corvane builds AI for operators.',
    'Corvane will be headquartered in Alberta.',
    // Local.
    'We’re local to Calgary.',
    'We are right here in Calgary.',
    'We’re proud Calgary locals.',
    'Corvane is your local Calgary AI partner.',
    'Meet your local AI partner in Calgary.',
    // Offices and home.
    'We have an office in Calgary.',
    'We recently opened a team in Calgary.',
    'Corvane, with offices in San Francisco and Calgary, ships weekly.',
    'We call Calgary home.',
    'Calgary is home to our team.',
    'Calgary is where we work.',
  ])('%j', (sentence) => {
    expect(claimed(CALGARY, sentence)).toEqual(['LocalOffice'])
  })

  it.each([
    'Our team travels to Calgary for kickoffs.',
    'We visit clients in Calgary every quarter.',
    'Many energy firms are headquartered in Calgary.',
    'We work with teams based in Calgary.',
    'Calgary is home to many energy companies.',
    'Our San Francisco team supports Calgary operators.',
    'Clients in Calgary call us first.',
  ])('passes %j', (sentence) => {
    expect(claimed(CALGARY, sentence)).toEqual([])
  })
})

describe('an amount without its currency, written another way', () => {
  it.each([
    'Fees start at $10k.',
    'Fees start at $10K.',
    'Fees start at $10 thousand.',
    'Projects start at $1.5M.',
    'Fees start at 10,000$.',
    'Fees start at 10 000 $.',
    'Fees start at 10k dollars.',
    'Fees start at 10 thousand dollars.',
    'Fees start at ten thousand dollars.',
    'Pilots cost about twenty-five thousand dollars.',
    'A pilot runs a few thousand bucks.',
    'Budgets start near 10 grand.',
  ])('%j', (sentence) => {
    expect(claimed(CALGARY, sentence)).toEqual(['UnnamedCurrency'])
  })

  it.each([
    'Fees start at US$10k.',
    'Fees start at $10k USD.',
    'Fees start at 10,000 USD.',
    'Fees start at 10,000 US dollars.',
    'Fees start at 10,000 Canadian dollars.',
    'Fees start at CAD 13,500.',
    'It saved thousands of hours.',
    'Join us for a grand opening.',
  ])('passes %j', (sentence) => {
    expect(claimed(CALGARY, sentence)).toEqual([])
  })
})

describe('the ownership term in another tense or order', () => {
  it.each([
    // Tenses.
    'You will own the code.',
    'You’ll own everything we build.',
    'You owned the models from day one.',
    'You have always owned the deliverables.',
    'You own 100% of the source code.',
    'You’ll be the sole owner of the source code.',
    'You retain full ownership of the code.',
    // The thing first.
    'The code is yours.',
    'Everything we build will be yours.',
    'All deliverables remain your property.',
    'The models belong to you.',
    'Everything we built belongs entirely to you.',
    // Handed over.
    'Ownership of the code passes to you at handover.',
    'Full ownership transfers to you on payment.',
    'We transfer all IP to you.',
    'We assign you full ownership of the models.',
  ])('%j', (sentence) => {
    expect(claimed(BOSTON, sentence)).toEqual(['ContractTerm'])
  })

  it.each([
    'Models are trained only on assets you hold the rights to.',
    'The choice of cloud is yours.',
    'You own the relationship with your customers.',
    'We own the delivery risk.',
    'Your team owns the roadmap.',
    'Who owns the code after launch is settled in the contract.',
  ])('passes %j', (sentence) => {
    expect(claimed(BOSTON, sentence)).toEqual([])
  })
})

describe('the data terms in other tenses', () => {
  it.each([
    'We have never kept copies of your data.',
    'We’ve never trained models on your data.',
    'No copies were kept after handover.',
    'Your data has never been used for training.',
  ])('%j', (sentence) => {
    expect(claimed(BOSTON, sentence)).toEqual(['ContractTerm'])
  })
})
