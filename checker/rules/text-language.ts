import { decodeHTML, DecodingMode } from 'entities/decode'
import { francAll } from 'franc-min'
import { reporter, type Explained } from '../errors.ts'
import { ALL_KINDS, defineFileRule } from './types.ts'

/** The site's language, as index.html declares it (lang="en"), in the three-letter code the detector gives. */
const SITE_LANGUAGE = 'eng'
const SITE_LANGUAGE_NAME = 'English'

const messages = {
  OtherLanguage: (language: string): Explained => ({
    message: `this text reads as ${language}, not ${SITE_LANGUAGE_NAME}, the language of the site`,
    hint: `Put the ${SITE_LANGUAGE_NAME} text here: a text copied from a translation sheet may have come from the wrong column. If it is ${SITE_LANGUAGE_NAME}, leave it: this is a warning only.`,
  }),
}

const problem = reporter(messages, ['OtherLanguage'])

/** Fewer letters of prose than this are too few to judge a language by: a title, a name, a list of products. */
const MIN_PROSE = 120
/** Enough of a text to judge it; past this, a long paragraph only costs time. */
const MAX_JUDGED = 1000
/** The site's language counts as the text's when it scores this close to the likeliest one's 1 (real English pages: 0.96 or more). */
const SITE_LANGUAGE_FLOOR = 0.9

const languageNames = new Intl.DisplayNames(['en'], { type: 'language' })

/**
 * Words that make up a good part of any English prose and are no word of the languages a
 * translation sheet is likely to hold (not "in", "is", "we", "of", "to", "for": Dutch, German,
 * Norwegian or Polish words too).
 */
const ENGLISH_WORDS = new Set(
  'the and with that your our you this from are can their they what how which more each into it by be has have was were than these those who'.split(
    ' ',
  ),
)
/** A text this share of whose words are ENGLISH_WORDS is plainly English: the costly detector is not asked. */
const PLAINLY_ENGLISH = 0.1

function englishWordShare(prose: string): number {
  const words = prose.toLowerCase().match(/\p{L}+/gu) ?? []
  return words.length === 0 ? 0 : words.filter((word) => ENGLISH_WORDS.has(word)).length / words.length
}

/**
 * The words of a text a reader reads as its language: tags, entities, addresses and e-mail addresses
 * out, and the words no language owns: acronyms, product names in mixed case, anything with a digit
 * (GPT-4, LangChain, RAG, CRM).
 */
function proseOf(text: string): string {
  // Tags matched up to the next '<', so a text of many unclosed '<' is read once, not once per '<'.
  return decodeHTML(text.replace(/<[^<>]*>/g, ' '), DecodingMode.Legacy)
    .replace(/\b(?:https?:\/\/|www\.)\S+|\S+@\S+/gi, ' ')
    .split(/\s+/)
    .filter((word) => !/\d|\p{L}\p{Lu}/u.test(word))
    .join(' ')
    .trim()
}

/** The language a text is written in when it is not the site's, by name; undefined when it is, or cannot be told. */
export function otherLanguage(text: string): string | undefined {
  const prose = proseOf(text.slice(0, 4 * MAX_JUDGED))
  if (prose.replace(/[^\p{L}]/gu, '').length < MIN_PROSE) return undefined
  if (englishWordShare(prose) >= PLAINLY_ENGLISH) return undefined
  const scores = francAll(prose.slice(0, MAX_JUDGED))
  const [best] = scores
  if (!best || best[0] === SITE_LANGUAGE || best[0] === 'und') return undefined
  const site = scores.find(([code]) => code === SITE_LANGUAGE)?.[1] ?? 0
  return site >= SITE_LANGUAGE_FLOOR ? undefined : (languageNames.of(best[0]) ?? best[0])
}

/**
 * A paragraph in another language than the site's, such as the wrong column of a translation sheet.
 * Judged only on texts long enough to tell (short ones are names and titles), and only a warning: a
 * detector can be wrong, and an editor can leave a warning that is.
 */
export const textLanguage = defineFileRule({
  name: 'text-language',
  stage: 'content',
  kinds: ALL_KINDS,
  messages,
  leaf({ path, text, role }, { at }) {
    if (role === 'image' || text.length < MIN_PROSE) return undefined
    const language = otherLanguage(text)
    return language ? [problem('OtherLanguage', at(path), language)] : undefined
  },
  docs: {
    OtherLanguage: {
      means:
        "A long text reads as another language than the site's English, as when a translation sheet's wrong column is pasted. A warning: it is judged on texts of at least 120 letters, and a detector can be wrong.",
      example: ['Spanish'],
    },
  },
})
