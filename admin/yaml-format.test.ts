import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import blogSchema from '../schema/blog.schema.json' with { type: 'json' }
import pageSchema from '../schema/page.schema.json' with { type: 'json' }
import siteSchema from '../schema/site.schema.json' with { type: 'json' }
import type { JsonSchema } from '../checker/json-schema.ts'
import { schemaOrder, writeContentYaml } from './yaml-format.ts'

const schemas: JsonSchema[] = [pageSchema, siteSchema, blogSchema]
const orderOf = {
  page: schemaOrder(pageSchema, schemas),
  site: schemaOrder(siteSchema, schemas),
  blog: schemaOrder(blogSchema, schemas),
}
const files = [
  { kind: 'site' as const, file: 'content/site.yaml' },
  ...readdirSync('content/pages').map((f) => ({ kind: 'page' as const, file: `content/pages/${f}` })),
  ...readdirSync('content/blogs').map((f) => ({ kind: 'blog' as const, file: `content/blogs/${f}` })),
]

type Json = Record<string, unknown>
const clone = <T>(v: T): T => structuredClone(v)
const lines = (text: string) => text.split('\n')
/** The lines of `after` that are not those of `before` in place, when neither gains or loses lines. */
const changedLines = (before: string, after: string) => lines(after).filter((line, i) => line !== lines(before)[i])

/** Every string value of data with its path. */
function strings(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path]
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, [...path, i]))
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => strings(v, [...path, k]))
  return []
}
function setAt(data: unknown, path: (string | number)[], value: unknown) {
  let node = data as Record<string | number, unknown>
  for (const step of path.slice(0, -1)) node = node[step] as Record<string | number, unknown>
  node[path[path.length - 1]] = value
}

describe('writeContentYaml', () => {
  it('writes every real content file back byte for byte when nothing changed', () => {
    for (const { kind, file } of files) {
      const text = readFileSync(file, 'utf8')
      expect(writeContentYaml(parse(text), { original: text, order: orderOf[kind] }), file).toBe(text)
    }
  })

  it('changes only the line of each edited value, in its quoting, on every real file', () => {
    let edits = 0
    for (const { kind, file } of files) {
      const text = readFileSync(file, 'utf8')
      const data = parse(text) as Json
      // Every ninth string of the file, changed one at a time: the file parses to the edit, one line differs.
      for (const path of strings(data).filter((_, i) => i % 9 === 0)) {
        const edited = clone(data)
        setAt(edited, path, 'Edited: "quotes", #hash & <b>bold</b> text')
        const out = writeContentYaml(edited, { original: text, order: orderOf[kind] })
        expect(parse(out), `${file} ${path.join('.')}`).toEqual(edited)
        expect(lines(out).length, `${file} ${path.join('.')}`).toBe(lines(text).length)
        expect(changedLines(text, out), `${file} ${path.join('.')}`).toHaveLength(1)
        edits++
      }
    }
    expect(edits).toBeGreaterThan(300)
  }, 60_000)

  it('keeps double quotes double and plain words plain', () => {
    const text = 'label: AI Development\ntitle1: "AI Development"\n'
    const out = writeContentYaml({ label: 'AI Consulting', title1: 'AI Consulting' }, { original: text, order: orderOf.page })
    expect(out).toBe('label: AI Consulting\ntitle1: "AI Consulting"\n')
    expect(writeContentYaml({ label: 'yes: no', title1: 'AI Development' }, { original: text, order: orderOf.page })).toBe(
      'label: "yes: no"\ntitle1: "AI Development"\n',
    )
  })

  it('puts a new field where the schema has it, and removes a field with its lines', () => {
    const file = 'content/pages/Ai-Development.yaml'
    const text = readFileSync(file, 'utf8')
    const data = parse(text) as Json
    const withAccent = clone(data)
    delete withAccent.title2
    const removed = writeContentYaml(withAccent, { original: text, order: orderOf.page })
    expect(parse(removed)).toEqual(withAccent)
    expect(removed).toBe(text.replace(/^title2: .*\n/m, ''))
    // Back in again: after title1, as the schema orders them.
    const back = writeContentYaml(data, { original: removed, order: orderOf.page })
    expect(back).toBe(text)
  })

  it('adds and removes list items and group fields without touching their neighbours', () => {
    const file = 'content/pages/Ai-Development.yaml'
    const text = readFileSync(file, 'utf8')
    const data = parse(text) as { services: Json[]; faqs?: Json[]; descriptionOne: string[] }
    const more = clone(data)
    more.services.push({ desc: 'A new card with enough words in it to pass.', title: 'New service' })
    more.descriptionOne.splice(1, 1)
    delete more.services[0].benefits
    more.services[1].img = '/images/icons/x.svg'
    const out = writeContentYaml(more, { original: text, order: orderOf.page })
    expect(parse(out)).toEqual(more)
    // The new card is written in schema order (title before desc), in the file's quoting.
    expect(out).toContain('  - title: "New service"\n    desc: "A new card with enough words in it to pass."\n')
    expect(out).toContain('    img: /images/icons/x.svg\n')
    // Only the edited regions differ: the page's head and tail are as they were.
    expect(out.slice(0, 600)).toBe(text.slice(0, 600))
    expect(out.slice(-400)).toBe(text.slice(-400))
  })

  it('rewrites a flow list or map in its own style and removes a first key of a list item', () => {
    const text =
      'audience:\n  places: [Boston, Cambridge]\nintegrations:\n  - { name: A, img: /images/a.svg, img2: /images/a.png }\nservices:\n  - num: "01"\n    title: "T"\n    desc: "D"\n'
    const data = parse(text) as { audience: { places: string[] }; integrations: Json[]; services: Json[] }
    const edited = clone(data)
    edited.audience.places.push('Massachusetts')
    edited.integrations[0].name = 'B'
    delete edited.services[0].num
    const out = writeContentYaml(edited, { original: text, order: orderOf.page })
    expect(out).toBe(
      'audience:\n  places: [Boston, Cambridge, Massachusetts]\nintegrations:\n  - { name: B, img: /images/a.svg, img2: /images/a.png }\nservices:\n  - title: "T"\n    desc: "D"\n',
    )
  })

  it('writes a new file with its modeline and in schema order, and drops what a form leaves empty', () => {
    const out = writeContentYaml(
      { title1: 'New page', metaTitle: 'A title long enough', title2: '', faqs: [] },
      { order: orderOf.page, modeline: '# yaml-language-server: $schema=../../schema/page.schema.json' },
    )
    expect(out).toBe(
      '# yaml-language-server: $schema=../../schema/page.schema.json\nmetaTitle: "A title long enough"\ntitle1: "New page"\n',
    )
    // Each real file written fresh reads back as the same data, less its empty lists.
    for (const { kind, file } of files) {
      const data = parse(readFileSync(file, 'utf8')) as Json
      const filled = Object.fromEntries(Object.entries(data).filter(([, v]) => !(Array.isArray(v) && v.length === 0)))
      expect(parse(writeContentYaml(data, { order: orderOf[kind] })), file).toEqual(filled)
    }
  })

  it("writes line breaks, tabs and other control characters as escapes on the value's own line", () => {
    const file = 'content/pages/Ai-Development.yaml'
    const text = readFileSync(file, 'utf8')
    const data = parse(text) as Json
    const awkward = [
      'First line<br>\nsecond line typed after Enter',
      'Windows\r\nline break',
      'a\ttab',
      'line\u2028separator',
      'bell\u0007',
      'x'.repeat(30) + '\n' + 'y'.repeat(200),
    ]
    let edits = 0
    // Values in every quoting the files use (double, plain, inside a flow map), at every depth.
    for (const path of strings(data).filter((_, i) => i % 5 === 0))
      for (const value of awkward) {
        const edited = clone(data)
        setAt(edited, path, value)
        const out = writeContentYaml(edited, { original: text, order: orderOf.page })
        expect(parse(out), `${path.join('.')} ${JSON.stringify(value)}`).toEqual(edited)
        expect(lines(out).length, path.join('.')).toBe(lines(text).length)
        edits++
      }
    expect(edits).toBeGreaterThan(100)
    // A new file and a new list item with such a value read back too.
    const fresh = writeContentYaml({ metaTitle: 'a\nb', faqs: [{ question: 'q\nq', answer: 'a\r\n' }] }, { order: orderOf.page })
    expect(parse(fresh)).toEqual({ metaTitle: 'a\nb', faqs: [{ question: 'q\nq', answer: 'a\r\n' }] })
  })

  it('puts several new keys of one map in schema order, and keeps the comment above a removed key', () => {
    const text = '# yaml-language-server: $schema=x\nlabel: X\n\n# The accent part.\ntitle2: "Y"\ncategory: service\n'
    const out = writeContentYaml(
      { metaTitle: 'A title', metaDescription: 'Its text', label: 'X', category: 'service', title1: 'One', title2: 'Two words' },
      { original: text, order: orderOf.page },
    )
    expect(out).toBe(
      '# yaml-language-server: $schema=x\nmetaTitle: "A title"\nmetaDescription: "Its text"\nlabel: X\n\n# The accent part.\ntitle2: "Two words"\ncategory: service\ntitle1: One\n',
    )
    const removed = writeContentYaml({ label: 'X', category: 'service' }, { original: text, order: orderOf.page })
    expect(removed).toBe('# yaml-language-server: $schema=x\nlabel: X\n\n# The accent part.\ncategory: service\n')
  })

  it('refuses to write a file that would not read back as the form holds it, with a plain message', () => {
    // A key the writer cannot place in a map that is not a block map of the file: written whole, it reads back.
    expect(() => writeContentYaml({ a: 1 }, { original: 'a: 1\n', order: orderOf.page })).not.toThrow()
    // Data YAML cannot hold as given (a number that is not finite reads back as a different value).
    expect(() => writeContentYaml({ metaTitle: Number.NaN }, { order: orderOf.page })).toThrow(/nothing was saved/)
  })
})
