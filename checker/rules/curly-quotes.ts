import { reporter, type Explained } from '../errors.ts'
import { ALL_KINDS, defineFileRule } from './types.ts'

const messages = {
  CurlyQuotedValue: (quotes: string): Explained => ({
    message: `the whole value is wrapped in curly quotes (${quotes}), which the page shows as part of the text`,
    hint: 'Remove them. To quote a value for YAML (needed when it holds ": " or starts with a symbol), use straight double quotes: "…".',
  }),
}

const problem = reporter(messages)

/**
 * A whole value between curly double quotes (as word processors type them, in either order) with
 * none inside, or between a left and a right single quote with no other left one inside (a right
 * single quote inside is an apostrophe: ‘We’re here’).
 */
const WRAPPED = /^\s*(?:[“”„][^“”„]*[“”]|‘[^‘]*’)\s*$/

/**
 * Curly quotes around a whole value: YAML reads only straight quotes as quoting, so “…” typed by a
 * word processor stays part of the text and shows on the page.
 */
export const curlyQuotes = defineFileRule({
  name: 'curly-quotes',
  stage: 'content',
  kinds: ALL_KINDS,
  messages,
  leaf({ path, text, role }, { at }) {
    if (role === 'image' || !WRAPPED.test(text)) return undefined
    const trimmed = text.trim()
    return [problem('CurlyQuotedValue', at(path), `${trimmed[0]}…${trimmed[trimmed.length - 1]}`)]
  },
  docs: {
    CurlyQuotedValue: {
      means:
        'The whole value is wrapped in curly quotes (“…” or ‘…’), usually because it was typed or pasted from a word processor. YAML quotes only with straight quotes, so the curly ones would show on the page.',
      example: ['“…”'],
    },
  },
})
