import { reporter, type Explained } from '../errors.ts'
import { ALL_KINDS, defineFileRule } from './types.ts'

const messages = {
  NoLettersInTitle: (text: string): Explained => ({
    message: `"${text}" must contain letters: made of emoji or symbols only, it tells a reader nothing, and a screen reader reads out the symbols' names`,
    hint: 'Write it in words. An emoji may stay beside them, as in "🚀 Fast delivery".',
  }),
}

const problem = reporter(messages)

/**
 * The fields the schemas make a title, a heading or a name: metaTitle, meta_title, title, title1,
 * serviceTitle, faqs_title, heading, label, name, question and the like. A second part of a heading
 * (title2, titleAccent) follows words of its own, so it is left out.
 */
const TITLE_FIELD = /^(?:title1?|heading|label|name|question)$|(?:Title|_title|Heading)$/

const READABLE = /[\p{L}\p{N}]/u

/** Titles, headings and names hold a letter or a digit; emoji, symbols and punctuation alone are no title. */
export const headingLetters = defineFileRule({
  name: 'heading-letters',
  stage: 'content',
  kinds: ALL_KINDS,
  messages,
  leaf({ path, text, role }, { at }) {
    const field = path[path.length - 1]
    if (role !== undefined || typeof field !== 'string' || !TITLE_FIELD.test(field)) return undefined
    return text.trim() !== '' && !READABLE.test(text) ? [problem('NoLettersInTitle', at(path), text.trim())] : undefined
  },
  docs: {
    NoLettersInTitle: {
      means:
        'A title, heading or name is made of emoji or symbols only. It passes the length rule, but tells a reader nothing, and a screen reader reads the symbols out by name ("rocket sparkles").',
      example: ['🚀✨'],
    },
  },
})
