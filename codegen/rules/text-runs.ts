import { problem } from '../errors.ts'
import { MAX_TEXT_RUN } from '../limits.ts'
import { longestTextRun } from '../markup.ts'
import { ALL_KINDS, defineFileRule } from './types.ts'

/**
 * No text a page shows in one piece may reach MAX_TEXT_RUN characters: a plain field whole, a markup
 * field between its tags. Fields the schema already limits never get this long.
 */
export const textRuns = defineFileRule({
  name: 'text-runs',
  scope: 'file',
  stage: 'content',
  kinds: ALL_KINDS,
  reports: ['TextTooLong'],
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
