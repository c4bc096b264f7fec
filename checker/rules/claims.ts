import {
  ZONE_NAMES,
  anyOf,
  visibleText,
  sentences,
  timeZoneRules,
  anyTimeZoneClaim,
  officeRules,
  barePrice,
  MONEY_WORD,
  TERM_WORDS,
  zoneClaimWords,
  contractTermRules,
  type Audience,
} from '../claim-phrases.ts'
import { reporter, shownField, type Problem, type Explained } from '../errors.ts'
import { entryOf } from '../map-entry.ts'
import type { ContractTerms } from '../terms.ts'
import { formatFieldPath, placeIn, textLeaves, type YamlSource } from '../yaml-source.ts'
import { defineSiteRule } from './types.ts'

const messages = {
  ClaimedTimeZone: (phrase: string, place: string, headquarters: string): Explained => ({
    message: `"${phrase}" claims ${place}'s time zone as ours, but the team works from ${headquarters}`,
    hint: `Say how the team works with ${place} instead: the hours that overlap, visits for kickoffs and workshops, 24/7 support for live systems.`,
  }),
  LocalOffice: (
    phrase: string,
    offices: readonly string[],
    namedBy?: { place: string; files: readonly string[] },
  ): Explained => ({
    message: namedBy
      ? `"${phrase}" reads as an office or team in ${namedBy.place}, a place named in the audience of ${namedBy.files.join(', ')}; the company's offices are: ${offices.join(', ')}`
      : `"${phrase}" reads as an office or team in that city; the company's offices are: ${offices.join(', ')}`,
    hint: namedBy
      ? `Say how the team works with ${namedBy.place} (visits, overlap hours), or add the office to facts.offices in content/site.yaml if it really exists. If ${namedBy.place} is not a place readers are in, remove it from audience.places in ${namedBy.files.join(', ')}.`
      : 'Say how the team works with that city (visits, overlap hours), or add the office to facts.offices in content/site.yaml if it really exists.',
  }),
  AudiencePlaceClaim: (place: string, phrase: string, elsewhere: string): Explained => ({
    message: `with ${place} among this page's places, "${phrase}" in ${elsewhere} reads as an office or team in ${place}, where the company has none`,
    hint: `A place any page's audience names counts as a city on every page. If ${place} is not a place this page's readers are in, remove it; if it is, the other page must say how the team works with ${place} instead (it is reported there too).`,
  }),
  UnnamedCurrency: (price: string, currency: string): Explained => ({
    message: `the price ${price} does not name its currency, and this page's readers use another one`,
    hint: `Write the currency with the amount, e.g. US$10,000 or 10,000 ${currency}.`,
  }),
  ContractTerm: (phrase: string, term: string, approved = true): Explained => ({
    message: `"${phrase}" states a contract term in this page's own words`,
    hint: approved
      ? `Insert the approved wording instead: {{terms.${term}}}. Legal keeps it in content/site.yaml under terms.`
      : `Legal has no approved wording for this promise (content/site.yaml has no terms.${term}): remove it, or ask legal to add the term and insert it as {{terms.${term}}}.`,
  }),
}

const problem = reporter(messages)

/** The company facts of site.yaml that page copy must agree with. */
export interface CompanyFacts {
  name: string
  headquarters: string
  offices: readonly string[]
  timeZone: string
  country: string
  currency: string
}

/**
 * A page's audience when it has the shape the claim rules read; one missing a part (a form left the
 * places empty) is the schema rule's to report, and the claim rules pass it by.
 */
function audienceOf(data: unknown): Audience | undefined {
  const audience = (data as { audience?: Partial<Audience> } | undefined)?.audience
  const shaped =
    Array.isArray(audience?.places) &&
    audience.places.every((place) => typeof place === 'string') &&
    typeof audience.timeZone === 'string' &&
    typeof audience.country === 'string'
  return shaped ? (audience as Audience) : undefined
}

/** A page whose audience names a place, and where in its list. */
interface PlaceSource {
  file: string
  index: number
}

/** What the claim rules of one site are made from; `key` changes when any of it does. */
interface ClaimContext {
  facts: CompanyFacts
  terms: ContractTerms
  /** Every place a page addresses where the company has no office, longest first. */
  places: string[]
  /** The pages whose audience names each place, by the place in lower case. */
  placeSources: Record<string, PlaceSource[]>
  /** The audience of every page: what the site's time-zone claims can be about. */
  audiences: Audience[]
  key: string
}

function claimContext(pages: readonly YamlSource[], facts: CompanyFacts, terms: ContractTerms): ClaimContext {
  const offices = new Set(facts.offices.map((o) => o.toLowerCase()))
  // Every place any page addresses is a city where an office would be a claim.
  const placeSources: Record<string, PlaceSource[]> = {}
  for (const page of pages)
    (audienceOf(page.data)?.places ?? []).forEach((place, index) => {
      if (typeof place !== 'string' || offices.has(place.toLowerCase())) return
      const sources = (placeSources[place.toLowerCase()] ??= [])
      if (!sources.some((s) => s.file === page.file)) sources.push({ file: page.file, index })
    })
  const places = [...new Set(pages.flatMap((p) => audienceOf(p.data)?.places ?? []))]
    .filter((p) => !offices.has(p.toLowerCase()))
    .sort((a, b) => b.length - a.length || (a < b ? -1 : 1))
  for (const sources of Object.values(placeSources)) sources.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))
  const audiences = pages.flatMap((page) => audienceOf(page.data) ?? [])
  // The audiences only make the claims quicker to look for (anyTimeZoneClaim): no verdict depends on them.
  return { facts, terms, places, placeSources, audiences, key: JSON.stringify([facts, terms, places, placeSources]) }
}

/** The rules of a context, made once per context. */
const compiledRules = new WeakMap<ClaimContext, ReturnType<typeof rulesOf>>()
function rulesOf({ facts, places, terms, audiences }: ClaimContext) {
  return {
    ourZone: ZONE_NAMES[facts.timeZone]?.label,
    anyZoneClaim: anyTimeZoneClaim(audiences, facts.name),
    officeClaims: officeRules(facts.name, places),
    contractTerms: contractTermRules(facts.name),
    // Cheap tests a sentence must pass before the rules of a kind can match it: most sentences pass none.
    namesPlace: places.length > 0 ? new RegExp(anyOf(places), 'i') : undefined,
    termTexts: Object.values(terms),
  }
}

/**
 * Claims the company cannot stand behind, as far as a machine can see them: the reader's time zone
 * as ours, an office where site.yaml lists none, a price abroad without its currency, a contract
 * term in words other than site.yaml's. Runs on a checked page, after its terms are inserted.
 */
function pageClaimProblems(page: YamlSource, context: ClaimContext): Problem[] {
  if (page.problems.length > 0 || !page.data) return []
  const rules = entryOf(compiledRules, context, () => rulesOf(context))
  const { ourZone, anyZoneClaim, officeClaims, contractTerms, namesPlace, termTexts } = rules
  const { facts } = context
  const found: Problem[] = []
  const audience = audienceOf(page.data)
  const zone = audience && ZONE_NAMES[audience.timeZone]
  const namesZone = zone && zone.label !== ourZone ? zoneClaimWords(audience) : undefined
  // Made only for a sentence the site's pattern finds a claim in: most pages have none.
  let zoneRules: RegExp[] | undefined
  const abroad = audience !== undefined && audience.country !== facts.country
  const ownPlaces = new Set((audience?.places ?? []).map((p) => String(p).toLowerCase()))
  /**
   * An office claimed in a place this page's own audience does not name is reported here and, so
   * the editor who added the place sees it, on every page whose audience names it.
   */
  const officeProblems = (
    here: { file: string; line: number; column: number; field: string },
    phrase: string,
    written: string,
  ): Problem[] => {
    if (ownPlaces.has(written.toLowerCase())) return [problem('LocalOffice', here, phrase, facts.offices)]
    const place = context.places.find((p) => p.toLowerCase() === written.toLowerCase()) ?? written
    const sources = context.placeSources[written.toLowerCase()] ?? []
    return [
      problem('LocalOffice', here, phrase, facts.offices, { place, files: sources.map((s) => s.file) }),
      ...sources.map((s) =>
        problem(
          'AudiencePlaceClaim',
          // Located by locateAudienceProblems: this page cannot see where the other file names it.
          { file: s.file, line: 1, column: 1, field: formatFieldPath(['audience', 'places', s.index]) },
          place,
          phrase,
          `${here.file}:${here.line}:${here.column} (${shownField(here.field)})`,
        ),
      ),
    ]
  }
  for (const { path: at, text } of textLeaves(page.data)) {
    const where = () => placeIn(page, at)
    // An FAQ question is the buyer speaking: "our Chicago office" and "our hours" there are theirs.
    const buyerSpeaks = at.length === 3 && at[0] === 'faqs' && at[2] === 'question'
    let own = text
    for (const term of termTexts) if (own.includes(term)) own = own.split(term).join(' ')
    own = visibleText(own)
    // Each rule matches within one sentence, so a text none of the cheap tests match has no claim.
    const mayClaim = namesZone?.test(own) || namesPlace?.test(own) || (abroad && MONEY_WORD.test(own)) || TERM_WORDS.test(own)
    if (!mayClaim) continue
    for (const sentence of sentences(own)) {
      const claimed =
        !buyerSpeaks &&
        namesZone?.test(sentence) &&
        anyZoneClaim.test(sentence) &&
        (zoneRules ??= timeZoneRules(audience!, facts.name)).map((r) => r.exec(sentence)?.[1]).find(Boolean)
      if (claimed) found.push(problem('ClaimedTimeZone', where(), claimed, audience!.places[0], facts.headquarters))
      const office =
        !buyerSpeaks && namesPlace?.test(sentence) ? officeClaims.map((r) => r.exec(sentence)).find(Boolean) : undefined
      if (office) found.push(...officeProblems(where(), office[1], office.groups!.place))
      if (abroad && MONEY_WORD.test(sentence)) {
        const price = barePrice(sentence)
        if (price) found.push(problem('UnnamedCurrency', where(), price, facts.currency))
      }
      if (TERM_WORDS.test(sentence)) {
        // One problem per term a sentence states, however many of its phrasings match.
        const stated = new Set<string>()
        for (const [term, pattern] of contractTerms) {
          const said = !stated.has(term) && pattern.exec(sentence)?.[1]
          if (!said) continue
          stated.add(term)
          found.push(problem('ContractTerm', where(), said, term, Object.hasOwn(context.terms, term)))
        }
      }
    }
  }
  return found
}

const AUDIENCE_PLACE = /^audience\.places\[(\d+)\]$/

/** Problems reported at another page's audience, placed at the line and column of the place there. */
function locateAudienceProblems(problems: readonly Problem[], sourceOf: (file: string) => YamlSource | undefined): Problem[] {
  return problems.map((p) => {
    const index = p.name === 'AudiencePlaceClaim' ? AUDIENCE_PLACE.exec(p.field)?.[1] : undefined
    const source = index === undefined ? undefined : sourceOf(p.file)
    return source ? { ...p, ...source.locate(['audience', 'places', Number(index)]) } : p
  })
}

/** The claim problems of every page against the places all of them address. */
export function claimProblems(pages: readonly YamlSource[], facts: CompanyFacts, terms: ContractTerms): Problem[] {
  const context = claimContext(pages, facts, terms)
  const byFile = new Map(pages.map((page) => [page.file, page]))
  return locateAudienceProblems(
    pages.flatMap((page) => pageClaimProblems(page, context)),
    (file) => byFile.get(file),
  )
}

/** The claim rules' context of a site: its facts and terms, and the places its pages address. */
function siteClaimContext(site: Record<string, unknown> | undefined, pages: readonly YamlSource[]) {
  const { company, facts, terms } = (site ?? {}) as {
    company?: { name: string }
    facts?: Omit<CompanyFacts, 'name'>
    terms?: ContractTerms
  }
  return facts && company && terms ? claimContext(pages, { name: company.name, ...facts }, terms) : undefined
}

/**
 * Claims the company cannot stand behind (pageClaimProblems), against the places every page
 * addresses and the facts and terms of site.yaml. A claim about a place another page's audience
 * names is also reported there, at the place.
 */
export const claims = defineSiteRule({
  name: 'claims',
  kinds: ['page'],
  messages,
  byContext: {
    context: siteClaimContext,
    verdict: pageClaimProblems,
    report: locateAudienceProblems,
  },
  docs: {
    ClaimedTimeZone: {
      means:
        "The page says the team works in the reader's time zone. The team works from its headquarters; say how it overlaps with the reader's day instead.",
      example: ['work Boston hours', 'Boston', 'San Francisco'],
    },
    LocalOffice: {
      means:
        'The page speaks of an office or team in a city where the company has no office. Every place any page names in its audience counts, so the message says when the place comes from another page.',
      example: ['our Houston AI team', ['San Francisco']],
    },
    AudiencePlaceClaim: {
      means:
        "A place this page's audience names makes another page read as claiming an office or team there. Reported on both pages, so the editor who added the place sees it.",
      example: ['AI', 'our AI development team', 'content/pages/Ai-Consulting.yaml:20:5 (descriptionOne[2])'],
    },
    UnnamedCurrency: {
      means:
        'A price on a page for readers outside the United States gives no currency, so they would read it as their own dollars or euros.',
      example: ['$10,000', 'USD'],
    },
    ContractTerm: {
      means:
        'The page states one of the standard contract terms (ownership, data use, copies kept, HIPAA) in its own words. Those terms come only from content/site.yaml, inserted with {{terms.name}}, so legal can change them in one place.',
      example: ['you own the code', 'ownership'],
    },
  },
})
