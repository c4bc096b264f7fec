import { describe, expect, it } from 'vitest'
import { catalogue, errorDocs } from './error-docs.ts'
import { reporter } from './errors.ts'
import { formatProblem } from './report.ts'

/** Every character a terminal, an editor or GitHub may start a new line at. */
const BREAKS = ['\n', '\r\n', '\r', '\v', '\f', '\u0085', '\u2028', '\u2029']
const ANY_BREAK = /[\n\r\v\f\u0085\u2028\u2029]/

/** Each text of a message's arguments with `line break` inside it, as an editor's value can hold one. */
function withBreak(value: unknown, lineBreak: string): unknown {
  if (typeof value === 'string') return `first line${lineBreak}${value}${lineBreak}`
  if (Array.isArray(value)) return value.map((v) => withBreak(v, lineBreak))
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withBreak(v, lineBreak)]))
  return value
}

const report = reporter(catalogue())
const examples = [...errorDocs()].flatMap(([name, docs]) => docs.map((doc) => [name, doc.example] as const))

describe('every message and hint of the catalogue is one line of the report', () => {
  it('covers the whole catalogue', () => {
    expect(new Set(examples.map(([name]) => name))).toEqual(new Set(Object.keys(catalogue())))
  })

  it.each(examples)('%s, as written', (name, example) => {
    const found = report(name, { file: 'content/pages/x.yaml', line: 3, column: 5, field: 'title' }, ...example)
    expect(found.message).not.toMatch(ANY_BREAK)
    expect(found.hint ?? '').not.toMatch(ANY_BREAK)
  })

  it.each(examples)('%s, when the text, field and file it names hold line breaks', (name, example) => {
    for (const lineBreak of BREAKS) {
      const at = { file: `content/pages/a${lineBreak}b.yaml`, line: 3, column: 5, field: `faqs[0].a${lineBreak}b` }
      // One argument at a time: a word an entry chooses by (a field's shape, a place) cannot hold one.
      for (let i = 0; i <= example.length; i++) {
        const args = example.map((arg, j) => (j === i ? withBreak(arg, lineBreak) : arg)) as typeof example
        let found
        try {
          found = report(name, at, ...args)
        } catch {
          continue
        }
        for (const text of [found.file, found.field, found.message, found.hint ?? '']) expect(text).not.toMatch(ANY_BREAK)
        // The header line (file:line:column  field  message) and the hint line below it.
        expect(formatProblem(found).split('\n')).toHaveLength(found.hint ? 2 : 1)
      }
    }
  })

  it('shows a line break in a quoted value as ↵', () => {
    const found = report(
      'Placeholder',
      { file: 'content/pages/x.yaml', line: 2, column: 12, field: 'metaTitle' },
      'TODO: write\nthe title',
    )
    expect(found.message).toBe('still holds placeholder text: "TODO: write↵the title"')
  })
})
