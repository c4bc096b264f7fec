import { describe, expect, it } from 'vitest'
import { parseWithPositions } from '../yaml-source.ts'
import { cutByComment } from './cut-by-comment.ts'
import { fileRuleProblems } from './testing.ts'

const check = (text: string) => fileRuleProblems(cutByComment, text).map((p) => [p.line, p.column, p.field, p.message])

describe('a plain value cut short by a comment', () => {
  it('reports what YAML kept and what it dropped, and how to quote the whole value', () => {
    const [found] = fileRuleProblems(cutByComment, 'title1: AI Consulting\ntitle2: rated #1 for production AI\n')
    expect(found).toMatchObject({ name: 'CutByComment', line: 2, column: 9, field: 'title2' })
    expect(found.message).toBe(
      'reads as "rated": in YAML " #" starts a comment, so "#1 for production AI" never reaches the page',
    )
    expect(found.hint).toBe(
      'Put the whole value in double quotes: "rated #1 for production AI". If the words after # are a note, put them on a line of their own.',
    )
  })

  // [what, file text, problems as line, column, field]
  it.each([
    ['an item of a list', 'services:\n  - title: Plans # and pricing\n    desc: x\n', [[2, 12, 'services[0].title']]],
    ['a value over two lines', 'title2: rated first\n  for speed #1 in AI\n', [[1, 9, 'title2']]],
    ['a note after a value', 'category: service # or industry\n', [[1, 11, 'category']]],
  ])('flags %s', (_what, text, expected) => {
    expect(check(text).map(([line, column, field]) => [line, column, field])).toEqual(expected)
  })

  it.each([
    ['a value in double quotes', 'title2: "rated #1 for production AI"\n'],
    ['a value in single quotes', "title2: 'rated #1' # a note\n"],
    ['a number sign inside a word', 'title2: rated#1 for production AI\n'],
    ['a comment on a line of its own', '# yaml-language-server: $schema=x\ntitle2: rated first\n# a note\n'],
    ['a block of text', 'title2: |\n  rated #1 for production AI\n'],
  ])('lets %s pass', (_what, text) => {
    expect(check(text)).toEqual([])
  })

  it('shortens a long value to its end in the message', () => {
    const [found] = fileRuleProblems(cutByComment, `title2: ${'word '.repeat(30)}end #1\n`)
    expect(found.message).toMatch(/^reads as "…( word){11} end": in YAML/)
  })

  it('needs the text of the file, which every parsed source keeps', () => {
    expect(parseWithPositions('a: b #c\n', 'x.yaml').text).toBe('a: b #c\n')
  })
})
