import { describe, expect, it } from 'vitest'
import { invisibleCharactersRule } from './invisible-characters.ts'
import { fileRuleProblems, realContentProblems } from './testing.ts'

const CHICAGO = 'content/pages/ai-consulting-chicago.yaml'
const TITLE = 'title1: "AI Consulting in Chicago"'

describe('invisible characters in plain text', () => {
  it('reports a zero-width space pasted into a real title, and passes once the words are retyped', { timeout: 60_000 }, () => {
    const problems = realContentProblems({ [CHICAGO]: [[TITLE, 'title1: "AI Consul\u200bting in\u00a0Chicago"']] })
    expect(problems.map((p) => [p.name, p.file, p.line, p.field, p.message])).toEqual([
      [
        'InvisibleCharacter',
        CHICAGO,
        10,
        'title1',
        'the text holds a zero-width space (U+200B) between "AI Consul" and "ting in Chicago": invisible on the page, but it stays in the text (and 1 more like it)',
      ],
    ])
    expect(problems[0].hint).toMatch(/^Delete it: retype the words around it\./)
    expect(realContentProblems({ [CHICAGO]: [[TITLE, TITLE]] })).toEqual([])
  })

  it.each([
    [
      'a no-break space, written as an escape',
      'serviceTitle: "AI\\u00A0services"\n',
      'a no-break space (U+00A0) between "AI" and "services"',
    ],
    ['a soft hyphen', 'label: "Consult\u00ading"\n', 'a soft hyphen (U+00AD) between "Consult" and "ing"'],
    ['a word joiner at the end', 'label: "Consulting\u2060"\n', 'a word joiner (U+2060) at the end, after "Consulting"'],
  ])('names %s and where it sits', (_what, text, said) => {
    const [found] = fileRuleProblems(invisibleCharactersRule, text)
    expect(found.message).toContain(said)
  })

  it('says to type an ordinary space for an odd one', () => {
    const [found] = fileRuleProblems(invisibleCharactersRule, 'label: "AI\u202fservices"\n')
    expect(found.hint).toMatch(/^Delete that space and type an ordinary one\./)
  })

  it.each([
    ['an emoji joined of several', 'title1: "👩‍💻 Developers"\n'],
    ['a no-break space in markup, where &nbsp; is meant', 'descriptionOne: ["10\u00a0% faster"]\n'],
    ['ordinary spaces and tabs', 'label: "AI  services\tnow"\n'],
  ])('accepts %s', (_what, text) => {
    expect(fileRuleProblems(invisibleCharactersRule, text)).toEqual([])
  })
})
