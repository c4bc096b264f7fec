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

/** Words that make the words after them a comparison or a relation, never our own time or place: "three hours ahead of", "with Eastern-time teams". */
const RELATION = String.raw`(?:ahead|behind|before|after|than|from|with|for|across|around|against|versus|vs|earlier|later|until|till|to|into|of|between|at|like|unlike)`
/** A word between a verb and what it claims, as long as it relates nothing. */
const GAP = String.raw`(?:(?!${RELATION}\b)[\w'’-]+,?\s+)`
/** A word between us and our verb, as long as it starts no clause about someone else ("we fly to Denver, which runs on…"). */
const SUBJECT_GAP = String.raw`(?:(?!(?:which|that|where|who|whose|whereas|while)\b)[\w'’-]+,?\s+)`
/** We, in any tense's contraction, or our people. */
const weOrOurPeople = (company: string) =>
  String.raw`(?:we(?:['’](?:re|ll|ve|d))?|our\s+(?:[\w-]+\s+)?(?:team|teams|consultants|engineers|developers|people|staff|experts|office|company|firm)(?:['’]s)?|${escape(company)}(?:['’]s)?)`
/** How copy says where or how the team works, in every tense. */
const WORKS = String.raw`(?:am|are|is|was|were|be|been|being|work|works|worked|working|share|shares|shared|sharing|keep|keeps|kept|keeping|follow|follows|followed|following|run|runs|ran|running|operate|operates|operated|operating|stay|stays|stayed|staying|live|lives|lived|living|sit|sits|sat|sitting|stick|sticks|stuck)`

/**
 * A zone's names as copy writes them: an abbreviation alone or before "time" (MST, MST hours), a
 * name only with what makes it a time ("Mountain time", "Mountain Standard Time", "the Mountain
 * time zone", "Mountain hours"), so "our Central guardrails" or "Irish clients" claim nothing.
 */
function zoneWords(names: readonly string[]): string {
  const abbreviations = names.filter((n) => /^[A-Z]{3,4}$/.test(n))
  const words = names.filter((n) => !abbreviations.includes(n))
  const asTime = String.raw`[ -]?(?:(?:standard|daylight|prevailing)[ -])?(?:time(?:[ -]?zone)?|hours|zone|clock|working\s+day|workday|business\s+(?:hours|day))`
  return String.raw`(?:(?:${anyOf(abbreviations)})(?:${asTime})?|(?:${anyOf(words)})${asTime})`
}

/** The sentences a time-zone claim needs a word of: a zone's name, a place, or a time zone at all. */
export const zoneClaimWords = (audience: Audience) =>
  new RegExp(`${anyOf([...ZONE_NAMES[audience.timeZone].names, ...audience.places])}|time[ -]?zone|clock`, 'i')

/**
 * The patterns of a time-zone claim for a zone's `names` and the `places` a page addresses: the
 * reader's time zone claimed as the team's, "we work Boston hours", "our Eastern-time team",
 * "we're on MST".
 */
function zoneClaimPatterns(names: readonly string[], placeList: readonly string[], company: string): string[] {
  const places = anyOf(placeList)
  const zoneOrPlace = String.raw`(?:${zoneWords(names)}|(?:${places})${POSSESSIVE}\s+(?:local\s+)?(?:hours|time|clock|working day|workday|business day|business hours))`
  const us = weOrOurPeople(company)
  const yourZone = String.raw`(?:the\s+)?(?:same\s+(?:time[ -]?zone|hours|clock)\s+as\s+(?:you|yours|your\s+[\w-]+|${places})|your\s+(?:own\s+|local\s+)?(?:time[ -]?zone|clock))`
  return [
    // Only with us as the subject: "Atlanta runs on Eastern time" is a fact about Atlanta.
    String.raw`\b${us}\s+(?:${SUBJECT_GAP}){0,12}?(${WORKS}\s+(?:${GAP}){0,3}?${zoneOrPlace})\b`,
    String.raw`\b((?:we['’]re|we['’]ve\s+been)\s+(?:${GAP}){0,3}?${zoneOrPlace})\b`,
    // "An Eastern-time team", unless it is someone else's: "we work with Eastern-time teams".
    String.raw`(?<!\b(?:with|for|to|among|across|serving|supporting|helping|help|helps|of)\s+)\b(${zoneWords(names)}[ -]?(?:based\s+)?(?:team|teams|office|consultants|engineers|developers|staff|experts))\b`,
    String.raw`\b(our\s+(?:${GAP}){0,2}?${zoneOrPlace})\b`,
    // The zone first: "Mountain time is our time zone", "Denver hours are ours".
    String.raw`\b(${zoneOrPlace}\s+(?:is|are|was|were|has\s+been|have\s+been|will\s+be|remains?|stays?)\s+(?:(?:also|always|still|simply|just)\s+)?(?:ours|our\s+(?:own\s+)?(?:time|hours|clock|zone|time[ -]?zone|working\s+day|workday|home)|home\s+(?:to|for)\s+(?:us|our)))\b`,
    // The reader's zone without its name: "we're in your time zone", "we share the same time zone as Denver".
    String.raw`\b(${us}\s+(?:(?:also|already|all|always|now|right|firmly|still)\s+)*(?:${WORKS}\s+(?:(?:also|already|right|firmly|still)\s+)*)?(?:in|on|share|shares|shared|keep|keeps|kept|follow|follows|followed)\s+${yourZone})\b`,
  ]
}

/** The reader's time zone claimed as the team's (zoneClaimPatterns), for one page's audience. */
export function timeZoneRules(audience: Audience, company: string): RegExp[] {
  const zone = ZONE_NAMES[audience.timeZone]
  return zone ? zoneClaimPatterns(zone.names, audience.places, company).map((pattern) => new RegExp(pattern, 'i')) : []
}

/**
 * One pattern that matches wherever the time-zone rules of any of `audiences` could (names and places
 * stand in no lookaround, so more of them only match more): compiled once for the site, as these are
 * slow to compile, and a page's own rules only for a sentence it matches.
 */
export function anyTimeZoneClaim(audiences: readonly Audience[], company: string): RegExp {
  const names = [...new Set(Object.values(ZONE_NAMES).flatMap((zone) => zone.names))]
  // A page naming no place has `(?:)` where its places go, which matches the empty text: so must this.
  const places = [...new Set(audiences.flatMap((audience) => (audience.places.length > 0 ? audience.places : [''])))]
  return new RegExp(
    zoneClaimPatterns(names, places, company)
      .map((pattern) => `(?:${pattern})`)
      .join('|'),
    'i',
  )
}

/** What copy calls a team or an office. */
const PEOPLE = String.raw`(?:team|teams|team\s+members|office|offices|consultants|engineers|developers|experts|staff|employees|studio|hub|branch|people|practice|lab|headquarters|HQ|home\s+base|base|presence|location)`
/** A company as copy calls one. */
const FIRM = String.raw`(?:firm|company|agency|consultancy|consultants|partner|studio|team|shop|provider|developer|experts)`

/**
 * A team or office in a city where the company has none, however copy words it: "our Houston AI
 * team", "our headquarters is in Calgary", "we're based in Calgary", "headquartered in Calgary,
 * Corvane…", "we're local to Calgary", "a Calgary-based firm", "we have an office in Calgary".
 */
export function officeRules(company: string, places: readonly string[]): RegExp[] {
  if (places.length === 0) return []
  // Named, so a claim can say which place it is about (and which page's audience names it); once
  // in each pattern, as a group name can be only once.
  const place = String.raw`(?<place>${anyOf(places)})`
  // "in Denver", "in downtown Denver", "in San Francisco and Denver".
  const inPlace = (prepositions = String.raw`in|at|out\s+of`) =>
    String.raw`(?:${prepositions})\s+(?:(?:downtown|central|greater|the\s+heart\s+of)\s+)?(?:[\w'’-]+(?:\s+[\w'’-]+)?,?\s+(?:and|&)\s+)?${place}`
  const name = escape(company)
  const us = String.raw`(?:our|${name}${POSSESSIVE})`
  const weAre = String.raw`(?:we['’]re|we\s+are|we\s+were|we['’]ve\s+been|we\s+have\s+been|we\s+will\s+be|we['’]ll\s+be|${name}\s+is|${name}\s+was|${name}\s+has\s+been|${name}\s+will\s+be)`
  const based = String.raw`(?:based|located|headquartered|rooted|founded|established|local)`
  const rules = [
    String.raw`${us}\s+(?:own\s+|local\s+|new\s+)?${place}(?:[ -](?:based|headquartered))?\s+(?:${WORD}){0,2}?${PEOPLE}`,
    String.raw`${us}\s+(?:${WORD}){0,2}?${PEOPLE}\s+(?:(?:is|are|was|were|has\s+been|have\s+been|will\s+be|remains?|sits?|lives?|works?|worked|operates?|stays?)\s+)?(?:(?:right|based|located|headquartered|here|now|also|permanently)\s+){0,2}${inPlace()}`,
    // "Our home base is Calgary."
    String.raw`our\s+(?:home\s+base|base|headquarters|HQ|hometown|home)\s+(?:is|was|has\s+been|will\s+be)\s+${place}`,
    String.raw`${name}\s+is\s+(?:the|an?|your)\s+(?:${WORD}){0,4}?${FIRM}\s+${inPlace()}`,
    String.raw`${weAre}\s+(?:${WORD}){0,2}?${based}\s+(?:(?:right\s+)?here\s+)?${inPlace(String.raw`in|at|out\s+of|to`)}`,
    // The place first: "Based in Calgary, we…", "Headquartered in Calgary, Corvane…".
    String.raw`(?:based|located|headquartered)\s+(?:right\s+)?(?:here\s+)?${inPlace()},\s+(?:we|our|${name})`,
    // "We're a Calgary-based firm", "Corvane, a local Calgary AI company"; not "a California company",
    // which a company in San Francisco is: the check knows no map.
    String.raw`(?:${weAre}|${name},|as)\s+(?:(?:an?|the|your)\s+)?(?:(?:proud|small|trusted|local)\s+)*${place}[ -](?:based|headquartered)`,
    String.raw`(?:${weAre}|${name},|as)\s+(?:an?|the|your)\s+(?:(?:proud|small|trusted)\s+)*local\s+${place}\s+(?:${WORD}){0,2}?${FIRM}`,
    String.raw`your\s+(?:own\s+)?local\s+${place}\s+(?:${WORD}){0,2}?${FIRM}`,
    String.raw`your\s+(?:own\s+)?local\s+(?:${WORD}){0,2}?${FIRM}\s+${inPlace()}`,
    // "We have an office in Calgary", "we opened a team in Calgary", "with offices in Calgary".
    String.raw`(?:(?:we|${name})(?:['’]ve)?\s+(?:(?:have|has|had|opened|open|opens|run|runs|maintain|maintains|keep|keeps|added|will|also|now|recently|just|built|staffed)\s+){1,3}(?:an?|our|its|two|several|local)\s+(?:${WORD}){0,2}?|with\s+(?:our\s+)?(?:own\s+)?(?:an?\s+)?)${PEOPLE}\s+(?:(?:right\s+)?here\s+)?${inPlace()}`,
    String.raw`we\s+call\s+${place}\s+home`,
    String.raw`${place}\s+is\s+(?:our\s+(?:home|base|home\s+base|headquarters|HQ|hub|hometown)|home\s+(?:to|for)\s+(?:us|our\s+[\w-]+)|where\s+(?:we|our\s+[\w-]+)\s+(?:work|works|live|lives|are|is|sit|sits|operate|operates))`,
    String.raw`we(?:['’]re|\s+are)\s+(?:(?:all|proud|true)\s+)?${place}\s+locals`,
    String.raw`we(?:['’]re|\s+are)\s+(?:right\s+here|here|right)\s+in\s+${place}`,
  ]
  return rules.map((rule) => new RegExp(String.raw`\b(${rule})\b`, 'i'))
}

/** Numbers as copy spells them out: "ten", "twenty-five", "a hundred". */
const NUMBER_WORD = String.raw`(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred)`
/** An amount in words: "ten thousand", "twenty-five", "a few thousand", "several hundred". */
const AMOUNT_IN_WORDS = String.raw`(?:(?:an?|few|several|${NUMBER_WORD})(?:[\s-]+(?:and\s+)?(?:few|several|${NUMBER_WORD}))*)`
/** An amount in digits, grouped by commas, points or spaces: 10,000 / 10.000 / 10 000 / 7.5. */
const DIGITS = String.raw`\d(?:[\d,]|\.(?=\d)|\s(?=\d{3}\b))*`
/**
 * An amount in digits or words from its start only, never from within it ("1,000,000" from its 1),
 * so a long run of numbers is read once, not once from each of its digits.
 */
const IN_DIGITS = String.raw`(?<![\w$.,]|\d\s)${DIGITS}`
const IN_WORDS = String.raw`(?<!\b(?:an?|few|several|and|${NUMBER_WORD})[\s-]+)${AMOUNT_IN_WORDS}`
/** The end of an amount: no more of its digits, and no magnitude left off. */
const AMOUNT_END = String.raw`(?![\d,.]*\d|\s?[kKmMbB]\b)`
/** What multiplies an amount: 10k, 1.2M, 10 thousand, 2 million. */
const MAGNITUDE = String.raw`(?:\s?[kKmMbB]\b|\s+(?:thousand|million|billion)\b)`
/** Currencies named before or after a $ amount, which make it no bare price. */
const NAMED_BEFORE = String.raw`(?<!\b(?:US|U\.S\.|USD|CA|CAD|C|A|AU|AUD|NZ|NZD)\s?)`
const NAMED_AFTER = String.raw`(?!\s*(?:USD|CAD|AUD|NZD|EUR|US\s+dollars|\((?:USD|CAD|AUD|NZD|EUR)\)))`

/** A sentence with a price holds one of these at least: a $ or a word for dollars. */
export const MONEY_WORD = /\$|dollars|bucks|grand\b/i

/**
 * A price with no currency named, for readers whose own currency differs, however copy writes the
 * amount: "$10,000", "$10k", "$10 thousand", "10,000$", "10k dollars", "ten thousand dollars",
 * "10 grand".
 */
const BARE_PRICES = [
  new RegExp(String.raw`${NAMED_BEFORE}(\$\s?${DIGITS}(?:${MAGNITUDE})?)${AMOUNT_END}${NAMED_AFTER}`),
  new RegExp(String.raw`(${IN_DIGITS}(?:${MAGNITUDE})?\s?\$)(?![\w$])`),
  new RegExp(
    String.raw`(?<!\b(?:US|U\.S\.)\s)\b((?:${IN_DIGITS}|${IN_WORDS})(?:${MAGNITUDE})?\s+(?:dollars|bucks)|(?:${IN_DIGITS}|(?!(?:an?|few|several)\b)${IN_WORDS})\s+grand)\b${NAMED_AFTER}`,
    'i',
  ),
]

/** The first price of a sentence that names no currency, as written. */
export const barePrice = (sentence: string): string | undefined =>
  BARE_PRICES.map((pattern) => pattern.exec(sentence)?.[1]).find(Boolean)

/** Words every pattern of contractTermRules contains, one of them at least. */
export const TERM_WORDS =
  /cop(?:y|ies)|licen[cs]e|property|\bown|yours\b|belong|\brights?\b|\btitle\b|copyright|transfer|assign|train|\bsign\b/i
/** "we never", "we don't", "we've never", "Corvane will not": us denying we do or did something. */
const weNever = (company: string) =>
  String.raw`(?:we|${escape(company)})(?:['’](?:ll|ve|d))?\s+(?:(?:will|shall|would|have|has|had|can|could)\s+)?(?:never|not|do\s+not|did\s+not|does\s+not|don['’]t|doesn['’]t|didn['’]t|won['’]t|wouldn['’]t|haven['’]t|hasn['’]t|shan['’]t)\s+(?:ever\s+|once\s+)?`
/** The client's data, however copy names it. */
const CLIENT_DATA = String.raw`(?:your|customer|client|clients['’]|customers['’]|their)\s+(?:own\s+)?data`

/** What a client owns under the ownership term, as copy names it. */
const OWNED = String.raw`(?:(?:source\s+)?code(?:base)?|models?|(?:model\s+)?weights|deliverables?|IP|intellectual\s+property|work\s+product|software|repositor(?:y|ies)|everything(?:\s+we\s+(?:build|built|write|wrote|deliver|delivered|make|made|create|created))?|it\s+all|all\s+of\s+it)`
/** The ownership of a thing, as copy names it: "full ownership of", "all rights to", "title to". */
const OWNERSHIP = String.raw`(?:(?:full|all|complete|sole|exclusive|outright|the|100\s?%)\s+){0,2}(?:ownership|rights?|title|copyright|IP|intellectual\s+property)`

/** The ownership term in any tense and word order: "you'll own the code", "the models are yours", "everything we build belongs to you", "ownership passes to you". */
const ownershipRules = (company: string): string[] => [
  String.raw`no\s+licen[cs]e\s+back`,
  String.raw`(?:is|are|will\s+be|become|becomes|remain|remains)\s+your\s+(?:own\s+)?property`,
  String.raw`you(?:['’]ll|['’]d)?\s+(?:(?:will|shall|would|always|also|fully|then|now|still|already|outright|get\s+to|have|had|continue\s+to)\s+){0,3}(?:own|owns|owned)\s+(?:(?:100\s?%|every\s+line)\s+of\s+)?(?:(?:all|the|any|every|your|of)\s+){0,2}${OWNED}`,
  String.raw`you(?:['’]ll|['’]d)?\s+(?:(?:will|shall|would|always|also|then|now|still)\s+)*(?:retain|retains|retained|keep|keeps|kept|hold|holds|held|receive|receives|received|get|gets|got|acquire|have|has|had|take|takes)\s+${OWNERSHIP}\s+(?:of|to|in|over)\s+(?:(?:all|the|any|every|your|our)\s+)?(?:${WORD}){0,2}?${OWNED}`,
  String.raw`you(?:['’]re|['’]ll\s+be|\s+are|\s+will\s+be|\s+become|\s+remain)\s+(?:the\s+)?(?:sole\s+|full\s+|only\s+|legal\s+)?owners?\s+of`,
  String.raw`${OWNED}\s+(?:(?:is|are|was|were|will|would|shall|be|been|has|have|always|also|then|still|remain|remains|become|becomes|stay|stays|entirely|fully|completely|solely|100\s?%|all)\s+){1,4}(?:yours|owned\s+by\s+you|your\s+own)`,
  String.raw`${OWNED}\s+(?:${WORD}){0,4}?(?:belong|belongs|belonged)\s+(?:entirely\s+|fully\s+|solely\s+|only\s+)?to\s+you`,
  String.raw`${OWNERSHIP}\s+(?:(?:of|to|in|over)\s+(?:${WORD}){0,4}?)?(?:(?:is|are|will\s+be|gets?)\s+)?(?:will\s+)?(?:pass|passes|passed|transfer|transfers|transferred|assigned|go|goes|went|move|moves|moved)\s+(?:fully\s+|entirely\s+|in\s+full\s+)?to\s+you`,
  String.raw`(?:we|${escape(company)})(?:['’]ll)?\s+(?:(?:will|always|then|also)\s+)*(?:transfer|transfers|transferred|assign|assigns|assigned|hand\s+over|hands\s+over|handed\s+over|give|gives|gave|grant|grants|granted)\s+(?:you\s+)?${OWNERSHIP}`,
]

/** A standard contract term stated in a page's own words instead of inserted from site.yaml. */
export const contractTermRules = (company: string): [term: string, pattern: RegExp][] => {
  const rules: [term: string, rule: string][] = [
    [
      'noCopy',
      String.raw`(?:we|${escape(company)})(?:['’]ll)?\s+(?:(?:will|always)\s+)?(?:keep|keeps|kept|retain|retains|retained|hold|holds|held)\s+no\s+cop(?:y|ies)`,
    ],
    ['noCopy', String.raw`${weNever(company)}(?:keep|kept|retain|retained|hold|held|store|stored)s?\s+(?:any\s+)?cop(?:y|ies)`],
    [
      'noCopy',
      String.raw`no\s+cop(?:y|ies)\s+(?:of\s+${CLIENT_DATA}\s+)?(?:is|are|was|were|will\s+be|has\s+been|have\s+been)\s+(?:ever\s+)?(?:kept|retained|held|stored)`,
    ],
    ...ownershipRules(company).map((rule): [string, string] => ['ownership', rule]),
    [
      'noTraining',
      String.raw`(?:never|not)\s+(?:be\s+|been\s+)?used\s+to\s+train\s+(?:models?\s+)?for\s+(?:anyone|any other|other|another)`,
    ],
    ['noTraining', String.raw`${weNever(company)}train(?:s|ed)?\s+(?:[\w-]+\s+){0,3}?(?:on|with|using)\s+${CLIENT_DATA}`],
    ['noTraining', String.raw`${weNever(company)}us(?:e|es|ed)\s+${CLIENT_DATA}\s+(?:to\s+train|for\s+(?:model\s+)?training)`],
    [
      'noTraining',
      String.raw`${CLIENT_DATA}\s+(?:is|are|was|were|will|has|have)\s+(?:never|not)\s+(?:be\s+|been\s+)?used\s+(?:to\s+train|for\s+(?:model\s+)?training)`,
    ],
    ['noTraining', String.raw`no\s+training\s+on\s+${CLIENT_DATA}`],
    [
      'hipaa',
      String.raw`we(?:['’]ll)?\s+(?:will\s+)?sign(?:ed)?\s+(?:a|an|your)\s+(?:HIPAA\s+)?(?:business associate agreement|BAA)`,
    ],
  ]
  return rules.map(([term, rule]) => [term, new RegExp(String.raw`\b(${rule})\b`, 'i')])
}
