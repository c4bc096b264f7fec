/**
 * The phrases a claim is made in, for the claim rules (rules/claims.ts): time zones as copy names
 * them, an office or team in a place, a price without its currency, a contract term in a page's own
 * words; and the text a visitor sees, one sentence at a time.
 */
import { decodeHTML, DecodingMode } from 'entities/decode'

export interface Audience {
  places: string[]
  country: string
  timeZone: string
}

/**
 * How copy names each time zone a page may address. Two-letter abbreviations are left out: "CT",
 * "MT" and "AT" are ordinary words or other things in copy far more often than time zones.
 */
export const ZONE_NAMES: Record<string, { label: string; names: string[] }> = {
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
export const anyOf = (words: readonly string[]) => words.map(escape).join('|')
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
export function visibleText(text: string): string {
  let out = text
  if (out.includes('<')) out = out.replace(BREAKING_TAG, ' ').replace(ANY_TAG, '')
  if (out.includes('&')) out = decodeHTML(out, DecodingMode.Legacy)
  if (/[\u0080-\uFFFF]/.test(out)) out = out.normalize('NFKC').replace(INVISIBLE, '')
  return out.replace(/\s+/g, ' ')
}

/** Sentences of a text as a visitor reads it, so a rule never matches across two claims. */
export function sentences(visible: string): string[] {
  return visible
    .split(/(?<=[.!?;])\s+/)
    .map((s) => s.trim())
    .filter(Boolean)
}

/** The reader's time zone claimed as the team's: "we work Boston hours", "our Eastern-time team". */
export function timeZoneRules(audience: Audience): RegExp[] {
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
export function officeRules(company: string, places: readonly string[]): RegExp[] {
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
export const BARE_PRICE =
  /(?<!\b(?:US|U\.S\.|USD|CA|C|A|AU|NZ)\s?)(\$\s?\d[\d,.]*(?:[kKmM]\b)?)(?![\d,.kKmM])(?!\s*(?:USD|US dollars|\(USD\)))/
export const BARE_DOLLARS = /(?<!\bUS\s|\bU\.S\.\s)\b(\d[\d,.]*\s+dollars)\b/i

/** Words every pattern of contractTermRules contains, one of them at least. */
export const TERM_WORDS = /cop(?:y|ies)|licen[cs]e|property|\bown\b|train|\bsign\b/i
/** "we never", "we don't", "Corvane will not": us denying we do something. */
const weNever = (company: string) =>
  String.raw`(?:we|${escape(company)})\s+(?:will\s+)?(?:never|not|do\s+not|does\s+not|don['’]t|doesn['’]t|won['’]t)\s+(?:ever\s+)?`
/** The client's data, however copy names it. */
const CLIENT_DATA = String.raw`(?:your|customer|client|clients['’]|customers['’]|their)\s+(?:own\s+)?data`
/** A standard contract term stated in a page's own words instead of inserted from site.yaml. */
export const contractTermRules = (company: string): [term: string, pattern: RegExp][] => [
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
