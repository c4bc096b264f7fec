import { decodeHTML, DecodingMode } from 'entities/decode'
import { reporter, type Explained } from '../errors.ts'
import { defineFileRule } from './types.ts'

const messages = {
  LongFaqAnswer: (words: number, max: number): Explained => ({
    message: `this answer is ${words} words long; an FAQ answer reads best in ${max} words or fewer`,
    hint: 'Answer the question in the first sentence and keep what a buyer needs to decide; move the detail into the page or a blog post and link to it. Inserted contract terms count with the words they bring.',
  }),
}

const problem = reporter(messages, ['LongFaqAnswer'])

/** Most words an FAQ answer should have: read whole under its question, past some six sentences it loses the reader. */
export const MAX_FAQ_ANSWER_WORDS = 120

/** Words as a reader counts them: the text between tags, entities decoded, runs holding a letter or a digit. */
function wordCount(markup: string): number {
  const shown = decodeHTML(markup.replace(/<[^<>]*>/g, ' '), DecodingMode.Legacy)
  return shown.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length
}

const isFaqAnswer = (path: readonly (string | number)[]) =>
  path.length === 3 && path[0] === 'faqs' && typeof path[1] === 'number' && path[2] === 'answer'

/** An FAQ answer too long to read as an answer. A warning: the page works, but the answer wants cutting. */
export const faqAnswers = defineFileRule({
  name: 'faq-answers',
  stage: 'content',
  kinds: ['page'],
  messages,
  leaf({ path, text }, { at }) {
    // Fewer characters than the most words could take cannot be too long: most answers stop here.
    if (!isFaqAnswer(path) || text.length <= MAX_FAQ_ANSWER_WORDS * 2) return undefined
    const words = wordCount(text)
    return words > MAX_FAQ_ANSWER_WORDS ? [problem('LongFaqAnswer', at(path), words, MAX_FAQ_ANSWER_WORDS)] : undefined
  },
  docs: {
    LongFaqAnswer: {
      means:
        'A warning: an FAQ answer runs past 120 words. Buyers open an answer to get one answer; a long one belongs in the page or a blog post.',
      example: [164, 120],
    },
  },
})
