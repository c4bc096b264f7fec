import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { isWarning } from '../errors.ts'
import { faqAnswers, MAX_FAQ_ANSWER_WORDS } from './faq-answers.ts'
import { fileRuleProblems, pageProblems } from './testing.ts'

const words = (count: number) => Array.from({ length: count }, (_, i) => `word${i}`).join(' ')
const faq = (question: string, answer: string) =>
  `faqs:\n  - question: ${JSON.stringify(question)}\n    answer: ${JSON.stringify(answer)}\n`

describe('FAQ answers of a readable length', () => {
  it('warns at an answer over the most words, saying how long it is', () => {
    const problems = fileRuleProblems(faqAnswers, faq('Why?', words(MAX_FAQ_ANSWER_WORDS + 1)))
    expect(problems).toEqual([
      expect.objectContaining({
        name: 'LongFaqAnswer',
        line: 3,
        column: 13,
        field: 'faqs[0].answer',
        message: 'this answer is 121 words long; an FAQ answer reads best in 120 words or fewer',
      }),
    ])
    expect(isWarning(problems[0])).toBe(true)
  })

  // [what, the question, the answer]
  it.each([
    ['an answer of the most words', 'Why?', words(MAX_FAQ_ANSWER_WORDS)],
    ['tags, which are no words', 'Why?', `<b>${words(60)}</b> <a href="/blog">${words(60)}</a> <br> &amp; — -`],
    ['a long question, which is no answer', words(200), 'Because.'],
  ])('lets %s pass', (_what, question, answer) => {
    expect(fileRuleProblems(faqAnswers, faq(question, answer))).toEqual([])
  })

  it('counts the words a contract term brings', () => {
    const answer = `{{terms.noCopy}} ${words(MAX_FAQ_ANSWER_WORDS - 5)}`
    const noCopy = 'We keep no copy of your data or models once the engagement ends.'
    const valid = readFileSync(path.join(import.meta.dirname, '../__fixtures__/pages/valid.yaml'), 'utf8')
    expect(pageProblems(valid + faq('Why does a pilot take six weeks?', answer), { noCopy }).map((p) => p.name)).toEqual([
      'LongFaqAnswer',
    ])
  })
})
