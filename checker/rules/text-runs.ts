import { reporter, type Explained } from '../errors.ts'
import { MAX_TEXT_RUN } from '../limits.ts'
import { longestTextRun } from '../markup.ts'
import { ALL_KINDS, defineFileRule } from './types.ts'

const messages = {
  TextTooLong: (length: number, max: number): Explained => ({
    message: `one run of text is ${length.toLocaleString('en-US')} characters long; at most ${max.toLocaleString('en-US')} allowed`,
    hint: `No paragraph needs more than ${max.toLocaleString('en-US')} characters: split it into several paragraphs or shorten it. A browser cuts text past 65,536 characters into pieces, and the page then fails to start.`,
  }),
}

const problem = reporter(messages)

/**
 * No text a page shows in one piece may reach MAX_TEXT_RUN characters: a plain field whole, a markup
 * field between its tags. Fields the schema already limits never get this long.
 */
export const textRuns = defineFileRule({
  name: 'text-runs',
  stage: 'content',
  kinds: ALL_KINDS,
  messages,
  leaf({ path, text, role }, file) {
    if (text.length <= MAX_TEXT_RUN) return undefined
    const run = role === 'markup' ? longestTextRun(text) : text.length
    return run > MAX_TEXT_RUN ? [problem('TextTooLong', file.at(path), run, MAX_TEXT_RUN)] : undefined
  },
  docs: {
    TextTooLong: {
      means:
        'One text (a field, or a paragraph between its tags) is far longer than any real paragraph; browsers would break it into pieces and the page would fail to start.',
      example: [200_000, 10_000],
    },
  },
})
