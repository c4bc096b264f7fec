import { sentences, visibleText } from '../claim-phrases.ts'
import { reporter, type Explained, type Place, type Problem } from '../errors.ts'
import { entryOf } from '../map-entry.ts'
import { placeIn, textLeaves, type YamlSource } from '../yaml-source.ts'
import { defineSiteRule } from './types.ts'

const messages = {
  ForeignPhone: (written: string, ours: string): Explained => ({
    message: `${written} is not the company's phone number, which is ${ours}`,
    hint: `Write the company's number, ${ours}, or remove it. If the company's number has changed, change company.phone in content/site.yaml first.`,
  }),
  ForeignEmail: (written: string, ours: string): Explained => ({
    message: `${written} is not the company's email address, which is ${ours}`,
    hint: `Write the company's address, ${ours}, or remove it. If the company's address has changed, change company.email in content/site.yaml.`,
  }),
  PriceBelowFloor: (phrase: string, floor: string): Explained => ({
    message: `"${phrase}" quotes a starting price below the site's, which is ${floor}`,
    hint: `Write the site's starting price, "from about ${floor}", or remove the price. If prices have really changed, change facts.priceFloor in content/site.yaml first.`,
  }),
  LowStartingPrice: (phrase: string, floor: string): Explained => ({
    message: `"${phrase}" reads as a starting price below the site's, which is ${floor}`,
    hint: `If this is the price of the company's work, write "from about ${floor}". If it is the price of something else (a tool, a saving), say what it is the price of.`,
  }),
}

const problem = reporter(messages, ['LowStartingPrice'])

/** The facts of content/site.yaml a text must agree with; `key` changes when any of them does. */
interface FactsContext {
  phone: string
  email: string
  /** The company's phone number as digits, without the country code 1. */
  phoneDigits?: string
  currency: string
  priceFloor: number
  key: string
}

/**
 * A phone number as copy writes one: a North American number ((415) 555-0142, 415.555.0142,
 * +1 415 555 0142), an international one with its + and at least two groups, or a tel: link's
 * target. A run of digits without separators (an order number, a count) is none.
 */
const PHONE = new RegExp(
  String.raw`(?<![\w+$.,/-])(?:tel:\+?\d[\d().-]{6,}\d|(?:\+?1[\s.-]?)?(?:\(\d{3}\)\s?|\d{3}[\s.-])\d{3}[\s.-]\d{4}|\+\d{1,3}(?:[\s.-]\(?\d{1,4}\)?){2,5})(?![\w-]|[.,]\d)`,
  'gi',
)
/**
 * An email address, in text or a mailto: link; a handle (@corvane), a package (@scope/name) or a
 * picture at twice the size (/images/logo@2x.png) is none.
 */
const EMAIL =
  /(?<![\w.+%/-])[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.(?!(?:png|jpe?g|gif|svg|webp|avif|ico)\b)[A-Za-z]{2,}(?![\w-])/g

/** A phone number's digits as the company's are kept: without a leading country code 1. */
function phoneDigits(written: string): string | undefined {
  const digits = written.replace(/\D/g, '')
  if (digits.length < 8 || digits.length > 15) return undefined
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits
}

/** Each phone number and email address of a text once, as written: in the text (`shown` as a visitor reads it) and in its links. */
function contactsIn(text: string, shown: string): { phones: { digits: string; written: string }[]; emails: string[] } {
  if (!/\d{3}|@/.test(text)) return { phones: [], emails: [] }
  const both = `${text}\n${shown}`
  const phones = new Map<string, string>()
  for (const found of both.match(PHONE) ?? []) {
    const digits = phoneDigits(found)
    if (digits && !phones.has(digits)) phones.set(digits, found.replace(/^tel:/i, ''))
  }
  const emails = new Map((both.match(EMAIL) ?? []).map((found) => [found.toLowerCase(), found]))
  return { phones: [...phones].map(([digits, written]) => ({ digits, written })), emails: [...emails.values()] }
}

/** Words that start a starting price: "start from", "begins at", "as little as". */
const STARTS = String.raw`(?:start(?:s|ing|ed)?\s+(?:from|at)|begin(?:s|ning)?\s+at|priced\s+(?:from|at)|(?:costs?|pricing|prices|fees|rates)\s+(?:start\s+)?from|as\s+(?:little|low)\s+as|from\s+(?:just|only)|for\s+(?:just|only))`
/** Words between those and the amount: "about", "around", "just". */
const HEDGE = String.raw`(?:(?:about|around|roughly|approximately|under|just|only|a\s+mere)\s+)*`
/** How copy writes the site's currency before an amount: $5,000 and US$5k for dollars, else its sign or code. */
const CURRENCY_SIGNS: Record<string, string> = {
  USD: String.raw`US\s?\$|USD\s?|\$`,
  CAD: String.raw`CA?\$|CAD\s?|\$`,
  AUD: String.raw`AU?\$|AUD\s?|\$`,
  EUR: String.raw`€|EUR\s?`,
  GBP: String.raw`£|GBP\s?`,
}

/**
 * The ways copy states a starting price in `currency` ("start from about $5,000", "$9,000 as the
 * starting point"), and the currency's sign alone, which a text must hold for either to match.
 */
const startingPricePatterns = (currency: string) => {
  const sign = CURRENCY_SIGNS[currency] ?? String.raw`${currency}\s?`
  const amount = String.raw`(?:${sign})\s?(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(?:\s?(k|thousand|m|million)\b)?`
  return {
    sign: new RegExp(sign, 'i'),
    starting: [
      new RegExp(String.raw`\b(${STARTS}\s+${HEDGE}${amount})`, 'i'),
      new RegExp(String.raw`(${amount}\s+(?:is\s+|as\s+)?(?:the\s+|a\s+|our\s+)?(?:starting\s+(?:point|price)|minimum))`, 'i'),
    ],
  }
}
const patternsByCurrency = new Map<string, ReturnType<typeof startingPricePatterns>>()
const pricePatterns = (currency: string) => entryOf(patternsByCurrency, currency, () => startingPricePatterns(currency))

/** A price per unit (a month, a user, an hour), which no floor of a whole engagement compares to. */
const PER_UNIT =
  /^\s*(?:(?:a|an|per|each|\/)\s*(?:month|mo|year|yr|hour|hr|day|week|user|seat|call|request|query|document|page|licen[cs]e|person|employee|GPU)\b|monthly|hourly|daily|weekly|annually|yearly)/i
/** A sentence about the company's own work, where a starting price is the company's. */
const OUR_OFFER =
  /\b(?:engagements?|consulting|assessments?|roadmaps?|pilots?|advisory|discovery|work(?:ing)?\s+with\s+us|our\s+(?:fees?|prices?|pricing|rates?|services?|work)|we\s+charge)\b/i

const MAGNITUDES: Record<string, number> = { k: 1e3, thousand: 1e3, m: 1e6, million: 1e6 }

/** The starting prices of a sentence, as written and as amounts of `currency`. */
function startingPrices(sentence: string, currency: string): { phrase: string; amount: number }[] {
  const found: { phrase: string; amount: number }[] = []
  for (const pattern of pricePatterns(currency).starting) {
    const match = pattern.exec(sentence)
    if (!match || PER_UNIT.test(sentence.slice(match.index + match[0].length))) continue
    const amount = Number(match[2].replace(/,/g, '')) * (match[3] ? MAGNITUDES[match[3].toLowerCase()] : 1)
    found.push({ phrase: match[1].trim(), amount })
  }
  return found
}

const formatPrice = (amount: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: 0 }).format(amount)

/** The starting prices below the floor of a text as a visitor reads it: errors where the sentence is about the company's work. */
function priceProblems(shown: string, context: FactsContext, at: () => Place): Problem[] {
  const { priceFloor, currency } = context
  if (!pricePatterns(currency).sign.test(shown)) return []
  const floor = formatPrice(priceFloor, currency)
  return sentences(shown).flatMap((sentence) =>
    startingPrices(sentence, currency)
      .filter(({ amount }) => amount < priceFloor)
      .map(({ phrase }) => problem(OUR_OFFER.test(sentence) ? 'PriceBelowFloor' : 'LowStartingPrice', at(), phrase, floor)),
  )
}

/** Every phone number, email address and starting price of a file that site.yaml's facts contradict. */
function factProblems(source: YamlSource, context: FactsContext): Problem[] {
  if (source.problems.length > 0 || !source.data) return []
  const found: Problem[] = []
  for (const { path, text } of textLeaves(source.data)) {
    // site.yaml's company block is where the facts are named.
    if (source.file.endsWith('content/site.yaml') && path[0] === 'company') continue
    const at = () => placeIn(source, path)
    // Every fact this rule reads holds a digit or an @.
    if (!/[\d@]/.test(text)) continue
    const shown = visibleText(text)
    const { phones, emails } = contactsIn(text, shown)
    for (const { digits, written } of phones)
      if (digits !== context.phoneDigits) found.push(problem('ForeignPhone', at(), written, context.phone))
    for (const email of emails)
      if (email.toLowerCase() !== context.email.toLowerCase()) found.push(problem('ForeignEmail', at(), email, context.email))
    found.push(...priceProblems(shown, context, at))
  }
  return found
}

/** The facts of site.yaml: the company's phone and email, and the published price floor. */
function factsContext(site: Record<string, unknown> | undefined): FactsContext | undefined {
  const { company, facts } = (site ?? {}) as {
    company?: { phone: string; email: string }
    facts?: { currency: string; priceFloor: number }
  }
  if (!company || !facts) return undefined
  const { phone, email } = company
  const { currency, priceFloor } = facts
  const key = JSON.stringify([phone, email, currency, priceFloor])
  return { phone, email, phoneDigits: phoneDigits(phone), currency, priceFloor, key }
}

/**
 * Facts a text states that content/site.yaml contradicts: a phone number or email address other
 * than the company's, and a starting price below the published floor. A starting price in a
 * sentence about the company's work is an error; elsewhere (a tool's price, a saving) only a warning.
 */
export const companyFacts = defineSiteRule({
  name: 'company-facts',
  kinds: ['page', 'blog', 'site', 'projects'],
  messages,
  byContext: {
    context: factsContext,
    verdict: factProblems,
  },
  docs: {
    ForeignPhone: {
      means:
        "A text gives a phone number that is not the company's (company.phone in content/site.yaml): readers would call someone else. Other ways to write the company's number pass.",
      example: ['(415) 555-0199', '+1 (415) 555-0142'],
    },
    ForeignEmail: {
      means: "A text gives an email address, or a mailto: link, that is not the company's (company.email in content/site.yaml).",
      example: ['sales@corvane.com', 'hello@corvane.example'],
    },
    PriceBelowFloor: {
      means:
        "A sentence about the company's work (an engagement, consulting, a pilot) quotes a starting price below facts.priceFloor in content/site.yaml, the figure every page states.",
      example: ['start from about $5,000', '$10,000'],
    },
    LowStartingPrice: {
      means:
        "A warning: a sentence quotes a starting price below facts.priceFloor without saying it is the company's work. Either it is, and must say the site's figure, or it is the price of something else and should say so.",
      example: ['starting at $500', '$10,000'],
    },
  },
})
