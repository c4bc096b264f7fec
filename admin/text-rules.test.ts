import { describe, expect, it } from 'vitest'
import { characterCount, lengthNote, textProblem } from './text-rules.ts'

const terms = { ownership: 'You own every line of code we write for you.' }

describe('textProblem', () => {
  it('names the one rule that failed, with the count, in sentence case', () => {
    const rule = { min: 10, max: 60, plain: true }
    expect(textProblem('x'.repeat(67), rule, terms)).toBe('67 characters; at most 60.')
    expect(textProblem('Short', rule, terms)).toBe('5 characters; at least 10.')
    expect(textProblem('A <b>bold</b> title', rule, terms)).toMatch(/^Plain text only: remove the </)
    expect(textProblem('A title that fits', rule, terms)).toBeUndefined()
    // Empty is the required check's to say.
    expect(textProblem('', rule, terms)).toBeUndefined()
  })

  it('counts characters as a reader sees them: a contract term as its words, an emoji as one', () => {
    expect(textProblem('{{terms.ownership}}', { min: 20, max: 500 }, terms)).toBeUndefined()
    expect(textProblem('{{terms.ownership}}', { min: 20, max: 500 }, {})).toBe('19 characters; at least 20.')
    expect(characterCount('🚀')).toBe(1)
    expect(textProblem('🚀'.repeat(3), { max: 3 }, {})).toBeUndefined()
  })

  it("says the schema's format in its words", () => {
    expect(textProblem('usa', { format: ['^[A-Z]{2}$', 'Two capital letters, e.g. US.'] }, {})).toBe(
      'Two capital letters, e.g. US.',
    )
    expect(textProblem('US', { format: ['^[A-Z]{2}$', 'Two capital letters, e.g. US.'] }, {})).toBeUndefined()
  })
})

describe('lengthNote', () => {
  it('counts live against the limits', () => {
    expect(lengthNote('Hello', { min: 10, max: 60 }, {})).toBe('5 of 10–60 characters')
    expect(lengthNote('Hello', { max: 60 }, {})).toBe('5 of at most 60 characters')
    expect(lengthNote('Hello', { min: 20 }, {})).toBe('5 of at least 20 characters')
    expect(lengthNote('Hello', {}, {})).toBeUndefined()
  })
})
