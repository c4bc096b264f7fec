import { describe, expect, it } from 'vitest'
import { expandTerms } from './terms.ts'
import { parseYamlSource } from './yaml-source.ts'

const terms = {
  ownership: 'Under our standard agreement, you own the deliverables, with no license back to us.',
  noTraining: 'Under our standard agreement, your data is never used to train models for anyone else.',
}
const HINT =
  'Write a contract term exactly as {{terms.name}}, two braces on each side and nothing else around them: {{terms.ownership}}, {{terms.noTraining}}.'

/** A page whose one FAQ answer (line 3, value at column 13) is `answer`, with the terms inserted. */
function expandAnswer(answer: string) {
  const source = parseYamlSource(
    `faqs:\n  - question: A question?\n    answer: ${JSON.stringify(answer)}\n`,
    'content/pages/x.yaml',
  )
  const problems = expandTerms(source, terms)
  return { problems, answer: (source.data as { faqs: { answer: string }[] }).faqs[0].answer }
}

describe('placeholders written nearly right', () => {
  // [what, the answer as written, each near miss reported]
  it.each([
    ['one opening brace', 'Yes. {terms.ownership}} Ask us.', ['{terms.ownership}}']],
    ['one closing brace', 'Yes. {{terms.ownership} Ask us.', ['{{terms.ownership}']],
    ['three braces', 'Yes. {{{terms.ownership}}} Ask us.', ['{{{terms.ownership}}}']],
    ['single braces', 'Yes. {terms.ownership} Ask us.', ['{terms.ownership}']],
    ['single braces with spaces, in other letter case', 'Yes. { Terms.Ownership } Ask us.', ['{ Terms.Ownership }']],
    ['no opening brace', 'Yes. terms.ownership}} Ask us.', ['terms.ownership}}']],
    ['no braces at all', 'Yes. terms.ownership Ask us.', ['terms.ownership']],
    ['nested braces', 'Yes. {{terms.{{terms.ownership}}}} Ask us.', ['{{terms.', '{{terms.ownership}}}}']],
    ['a lone opening pair', 'Yes. {{ownership Ask us.', ['{{']],
    ['a lone closing pair', 'Yes. ownership}} Ask us.', ['}}']],
  ])('%s is reported, with the right form in the hint', (_what, answer, written) => {
    expect(expandAnswer(answer).problems).toEqual(
      written.map((w) =>
        expect.objectContaining({
          name: 'MalformedTerm',
          line: 3,
          column: 13,
          field: 'faqs[0].answer',
          message: `${w} is not a placeholder the check can fill in; visitors would see it as written`,
          hint: HINT,
        }),
      ),
    )
  })

  it.each([
    ['two placeholders side by side', '{{terms.ownership}}{{terms.noTraining}} Ask us.'],
    ['a placeholder with spaces inside', '{{ terms.ownership }} Ask us.'],
    ['a placeholder in braces of prose, apart', '{ {{terms.ownership}} } Ask us.'],
    ['a word in single braces', 'Costs are {negotiable}; read our terms. Terms.pdf is attached.'],
  ])('%s is left alone', (_what, answer) => {
    expect(expandAnswer(answer).problems).toEqual([])
  })

  it.each([
    ['a {{ before a long run of spaces', `{{${' '.repeat(100_000)}`, ['{{']],
    ['a long run of braces before terms.', `${'{'.repeat(100_000)}terms.ownership`, [`${'{'.repeat(100_000)}terms.ownership`]],
  ])('reads %s in linear time', (_what, answer, written) => {
    const started = performance.now()
    expect(expandAnswer(answer).problems.map((p) => p.message.split(' is not')[0])).toEqual(written)
    expect(performance.now() - started).toBeLessThan(1_000)
  })

  it('reports a misspelt name as an unknown term only', () => {
    expect(expandAnswer('{{terms.owner}} Ask us.').problems.map((p) => p.name)).toEqual(['UnknownTerm'])
  })
})

describe('the size of a file once its terms are inserted', () => {
  it('is held to the limit of a file: 12,000 insertions in a 250 KB file are refused', () => {
    const item = `  - "${'{{terms.ownership}}'.repeat(10)}"\n`
    const text = `descriptionTwo:\n${item.repeat(1_200)}`
    expect(text.length).toBeLessThan(256 * 1024)
    const source = parseYamlSource(text, 'content/pages/x.yaml')
    expect(expandTerms(source, terms)).toEqual([
      expect.objectContaining({
        name: 'ExpandedTooLarge',
        line: 2,
        column: 5,
        field: 'descriptionTwo[0]',
        message:
          "with its 12,000 inserted terms the file's text is 973 KB; at most 256 KB is allowed (most insertions are in descriptionTwo 1)",
      }),
    ])
  })

  it('lets a page insert its terms where it needs them', () => {
    const { problems, answer } = expandAnswer('{{terms.ownership}} {{terms.noTraining}} Ask us.')
    expect(problems).toEqual([])
    expect(answer).toBe(`${terms.ownership} ${terms.noTraining} Ask us.`)
  })
})
