import { decodeHTML, DecodingMode } from 'entities/decode'
import { problem, type Problem } from '../errors.ts'
import type { ContractTerms } from '../terms.ts'
import { formatFieldPath, textLeaves, type YamlSource } from '../yaml-source.ts'
import { defineSiteRule } from './types.ts'

/** The company facts of site.yaml that page copy must agree with. */
export interface CompanyFacts {
  name: string
  headquarters: string
  offices: readonly string[]
  timeZone: string
  country: string
  currency: string
}

interface Audience {
  places: string[]
  country: string
  timeZone: string
}

/**
 * How copy names each time zone a page may address. Two-letter abbreviations are left out: "CT",
 * "MT" and "AT" are ordinary words or other things in copy far more often than time zones.
 */
const ZONE_NAMES: Record<string, { label: string; names: string[] }> = {
  'America/Los_Angeles': { label: 'Pacific', names: ['Pacific', 'PST', 'PDT'] },
  'America/Vancouver': { label: 'Pacific', names: ['Pacific', 'PST', 'PDT'] },
  'America/Denver': { label: 'Mountain', names: ['Mountain', 'MST', 'MDT'] },
  'America/Edmonton': { label: 'Mountain', names: ['Mountain', 'MST', 'MDT'] },
  'America/Chicago': { label: 'Central', names: ['Central', 'CST', 'CDT'] },
  'America/New_York': { label: 'Eastern', names: ['Eastern', 'EST', 'EDT'] },
  'America/Toronto': { label: 'Eastern', names: ['Eastern', 'EST', 'EDT'] },
  'America/Halifax': { label: 'Atlantic', names: ['Atlantic', 'AST', 'ADT'] },
  'Europe/Dublin': { label: 'Irish', names: ['Irish', 'IST', 'GMT', 'Greenwich Mean'] },
  'Australia/Melbourne': { label: 'Australian Eastern', names: ['Australian Eastern', 'AEST', 'AEDT'] },
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const anyOf = (words: readonly string[]) => words.map(escape).join('|')
const WORD = String.raw`[\w'’-]+\s+`
const POSSESSIVE = String.raw`(?:'s|’s)?`

/**
 * Tags the browser shows as a break between the words around them; every other tag joins them.
 * `[^<>]`, not `[^>]`: a tag never holds a `<`, and a text of many unclosed `<br` stays linear.
 */
const BREAKING_TAG = /<\/?(?:br|p|ul|ol|li|div|h[1-6]|blockquote|pre|table|tr|td|th|hr|dl|dt|dd)\b[^<>]*>/gi
const ANY_TAG = /<!--[\s\S]*?(?:-->|$)|<\/?[A-Za-z][^<>]*>/g
/** Characters a reader never sees: soft hyphens, zero-width spaces and joiners, variation selectors… */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu

/**
 * A text as a visitor reads it, so copy cannot slip a claim past the rules with spelling no reader
 * sees: tags dropped (`Chi<b></b>cago` is Chicago; `<br>` still parts two words), entities decoded,
 * invisible characters removed, compatibility forms folded (NFKC: a fullwidth ＄ is $), and every
 * kind of space a plain one.
 */
function visibleText(text: string): string {
  let out = text
  if (out.includes('<')) out = out.replace(BREAKING_TAG, ' ').replace(ANY_TAG, '')
  if (out.includes('&')) out = decodeHTML(out, DecodingMode.Legacy)
  if (/[\u0080-\uFFFF]/.test(out)) out = out.normalize('NFKC').replace(INVISIBLE, '')
  return out.replace(/\s+/g, ' ')
}

/** Sentences of a text as a visitor reads it, so a rule never matches across two claims. */
function sentences(visible: string): string[] {
  return visible
    .split(/(?<=[.!?;])\s+/)
    .map((s) => s.trim())
    .filter(Boolean)
}

/** The reader's time zone claimed as the team's: "we work Boston hours", "our Eastern-time team". */
function timeZoneRules(audience: Audience): RegExp[] {
  const zone = ZONE_NAMES[audience.timeZone]
  if (!zone) return []
  const zoneWords = String.raw`(?:${anyOf(zone.names)})(?:[ -]?time)?`
  const placeHours = String.raw`(?:${anyOf(audience.places)})${POSSESSIVE}\s+(?:hours|time|working day|workday|business day|business hours)`
  const verbs = String.raw`(?:work|works|working|share|shares|sharing|keep|keeps|follow|follows|run|runs|operate|operates|stay|stays|live|lives)`
  return [
    // Only with us as the subject: "Atlanta runs on Eastern time" is a fact about Atlanta.
    new RegExp(
      String.raw`\b(?:we|our\s+(?:team|consultants|engineers|people|staff))\s+(?:[\w'’-]+,?\s+){0,12}?(${verbs}\s+(?:${WORD}){0,3}?(?:${zoneWords}|${placeHours}))\b`,
      'i',
    ),
    new RegExp(
      String.raw`\b((?:${anyOf(zone.names)})[ -]?time\s+(?:team|teams|office|consultants|engineers|developers|staff|experts))\b`,
      'i',
    ),
    new RegExp(String.raw`\b(our\s+(?:${WORD}){0,2}?(?:${zoneWords}|${placeHours}))\b`, 'i'),
  ]
}

/** A team or office in a city where the company has none: "our Houston AI team", "Corvane is the AI firm in Calgary". */
function officeRules(company: string, places: readonly string[]): RegExp[] {
  if (places.length === 0) return []
  // Named, so a claim can say which place it is about (and which page's audience names it).
  const place = String.raw`(?<place>${anyOf(places)})`
  const us = String.raw`(?:our|${escape(company)}${POSSESSIVE})`
  const people = String.raw`(?:team|teams|office|offices|consultants|engineers|developers|experts|staff|studio|hub|branch|people|practice)`
  return [
    new RegExp(String.raw`\b(${us}\s+(?:own\s+)?${place}(?:-based)?\s+(?:${WORD}){0,2}?${people})\b`, 'i'),
    new RegExp(String.raw`\b(${us}\s+${people}\s+in\s+${place})\b`, 'i'),
    new RegExp(
      String.raw`\b(${escape(company)}\s+is\s+(?:the|an?|your)\s+(?:${WORD}){0,4}?(?:firm|company|agency|consultancy|partner|studio|team)\s+in\s+${place})\b`,
      'i',
    ),
    new RegExp(
      String.raw`\b((?:we(?:'re|’re|\s+are)|${escape(company)}\s+is)\s+(?:${WORD}){0,2}?(?:based|located|headquartered)\s+in\s+${place})\b`,
      'i',
    ),
  ]
}

/** A price with no currency named, for readers whose own currency differs: "$10,000" to Dublin. */
const BARE_PRICE =
  /(?<!\b(?:US|U\.S\.|USD|CA|C|A|AU|NZ)\s?)(\$\s?\d[\d,.]*(?:[kKmM]\b)?)(?![\d,.kKmM])(?!\s*(?:USD|US dollars|\(USD\)))/
const BARE_DOLLARS = /(?<!\bUS\s|\bU\.S\.\s)\b(\d[\d,.]*\s+dollars)\b/i

/** Words every pattern of contractTermRules contains, one of them at least. */
const TERM_WORDS = /cop(?:y|ies)|licen[cs]e|property|\bown\b|train|\bsign\b/i
/** "we never", "we don't", "Corvane will not": us denying we do something. */
const weNever = (company: string) =>
  String.raw`(?:we|${escape(company)})\s+(?:will\s+)?(?:never|not|do\s+not|does\s+not|don['’]t|doesn['’]t|won['’]t)\s+(?:ever\s+)?`
/** The client's data, however copy names it. */
const CLIENT_DATA = String.raw`(?:your|customer|client|clients['’]|customers['’]|their)\s+(?:own\s+)?data`
/** A standard contract term stated in a page's own words instead of inserted from site.yaml. */
const contractTermRules = (company: string): [term: string, pattern: RegExp][] => [
  [
    'noCopy',
    new RegExp(String.raw`\b((?:we|${escape(company)})\s+(?:keep|keeps|retain|retains|hold|holds)\s+no\s+cop(?:y|ies))\b`, 'i'),
  ],
  ['noCopy', new RegExp(String.raw`\b(${weNever(company)}(?:keep|retain|hold|store)s?\s+(?:any\s+)?cop(?:y|ies))\b`, 'i')],
  [
    'noCopy',
    new RegExp(
      String.raw`\b(no\s+cop(?:y|ies)\s+(?:of\s+${CLIENT_DATA}\s+)?(?:is|are|will\s+be)\s+(?:ever\s+)?(?:kept|retained|held|stored))\b`,
      'i',
    ),
  ],
  ['ownership', /\b(no\s+licen[cs]e\s+back)\b/i],
  ['ownership', /\b(are\s+your\s+property)\b/i],
  [
    'ownership',
    /\b(you\s+own\s+(?:all\s+|the\s+)?(?:(?:source\s+)?code|models?|deliverables|IP|intellectual property|everything|it all))\b/i,
  ],
  ['noTraining', /\b((?:never|not)\s+(?:be\s+)?used\s+to\s+train\s+(?:models?\s+)?for\s+(?:anyone|any other|other|another))\b/i],
  [
    'noTraining',
    new RegExp(String.raw`\b(${weNever(company)}trains?\s+(?:[\w-]+\s+){0,3}?(?:on|with|using)\s+${CLIENT_DATA})\b`, 'i'),
  ],
  [
    'noTraining',
    new RegExp(String.raw`\b(${weNever(company)}uses?\s+${CLIENT_DATA}\s+(?:to\s+train|for\s+(?:model\s+)?training))\b`, 'i'),
  ],
  [
    'noTraining',
    new RegExp(
      String.raw`\b(${CLIENT_DATA}\s+(?:is|are|will)\s+(?:never|not)\s+(?:be\s+)?used\s+(?:to\s+train|for\s+(?:model\s+)?training))\b`,
      'i',
    ),
  ],
  ['noTraining', new RegExp(String.raw`\b(no\s+training\s+on\s+${CLIENT_DATA})\b`, 'i')],
  ['hipaa', /\b(we\s+(?:will\s+)?sign\s+(?:a|an|your)\s+(?:HIPAA\s+)?(?:business associate agreement|BAA))\b/i],
]

const audienceOf = (data: unknown) => (data as { audience?: Audience } | undefined)?.audience

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
  return { facts, terms, places, placeSources, key: JSON.stringify([facts, terms, places, placeSources]) }
}

/** The rules of a context, made once per context. */
const compiledRules = new WeakMap<ClaimContext, ReturnType<typeof rulesOf>>()
function rulesOf({ facts, places, terms }: ClaimContext) {
  return {
    ourZone: ZONE_NAMES[facts.timeZone]?.label,
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
  let rules = compiledRules.get(context)
  if (!rules) compiledRules.set(context, (rules = rulesOf(context)))
  const { ourZone, officeClaims, contractTerms, namesPlace, termTexts } = rules
  const { facts } = context
  const found: Problem[] = []
  const audience = audienceOf(page.data)
  const zoneRules = audience && ZONE_NAMES[audience.timeZone]?.label !== ourZone ? timeZoneRules(audience) : []
  const namesZone =
    zoneRules.length > 0 ? new RegExp(anyOf([...ZONE_NAMES[audience!.timeZone].names, ...audience!.places]), 'i') : undefined
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
          `${here.file}:${here.line}:${here.column} (${here.field})`,
        ),
      ),
    ]
  }
  for (const { path: at, text } of textLeaves(page.data)) {
    const where = () => ({ file: page.file, ...page.locate(at), field: formatFieldPath(at) })
    // An FAQ question is the buyer speaking: "our Chicago office" and "our hours" there are theirs.
    const buyerSpeaks = at.length === 3 && at[0] === 'faqs' && at[2] === 'question'
    let own = text
    for (const term of termTexts) own = own.split(term).join(' ')
    own = visibleText(own)
    // Each rule matches within one sentence, so a text none of the cheap tests match has no claim.
    const mayClaim = namesZone?.test(own) || namesPlace?.test(own) || (abroad && /\$|dollars/i.test(own)) || TERM_WORDS.test(own)
    if (!mayClaim) continue
    for (const sentence of sentences(own)) {
      const zone = !buyerSpeaks && namesZone?.test(sentence) && zoneRules.map((r) => r.exec(sentence)?.[1]).find(Boolean)
      if (zone) found.push(problem('ClaimedTimeZone', where(), zone, audience!.places[0], facts.headquarters))
      const office =
        !buyerSpeaks && namesPlace?.test(sentence) ? officeClaims.map((r) => r.exec(sentence)).find(Boolean) : undefined
      if (office) found.push(...officeProblems(where(), office[1], office.groups!.place))
      if (abroad && /\$|dollars/i.test(sentence)) {
        const price = BARE_PRICE.exec(sentence)?.[1] ?? BARE_DOLLARS.exec(sentence)?.[1]
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
  scope: 'site',
  kinds: ['page'],
  reports: ['ClaimedTimeZone', 'LocalOffice', 'AudiencePlaceClaim', 'UnnamedCurrency', 'ContractTerm'],
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
