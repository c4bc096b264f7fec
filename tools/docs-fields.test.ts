import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { JsonSchema } from '../checker/json-schema.ts'
import { markupFieldsOf } from '../checker/rules/markup-in-plain-text.ts'
import { schemaFiles } from '../checker/schemas.ts'
import { fieldRows, fieldTable, MAPPED_KINDS, outlines, withFieldTables } from './docs-fields.ts'

/** The page schema with one change, for the cases the generator must refuse. */
function changedPageSchema(change: (properties: Record<string, JsonSchema>) => void): JsonSchema {
  const schema = structuredClone(schemaFiles.page.schema)
  change(schema.properties!)
  return schema
}

const pageRow = (field: string) => fieldRows('page').find((r) => r.field === field)

describe('the editors’ field map', () => {
  const doc = readFileSync('docs/editing.md', 'utf8')

  it('in docs/editing.md is what the schemas make now (run npm run docs:fields after changing a schema)', () => {
    expect(withFieldTables(doc)).toBe(doc)
  })

  it('puts back a table edited by hand', () => {
    const edited = doc.replace(
      '| `metaTitle` | Search title (browser tab) | Not on the page:',
      '| `metaTitle` | Title | On the page:',
    )
    expect(edited).not.toBe(doc)
    expect(withFieldTables(edited)).toBe(doc)
  })

  it('has a table of each kind between its markers', () => {
    for (const kind of MAPPED_KINDS) expect(doc).toContain(`<!-- fields:${kind}:begin`)
    expect(() => withFieldTables(doc.replace('<!-- fields:blog:end -->', ''))).toThrow(/no <!-- fields:blog:begin/)
  })

  it('lists every field of a page, and marks as markup exactly the fields that take it', () => {
    const rows = fieldRows('page')
    for (const key of Object.keys(schemaFiles.page.schema.properties!))
      expect(rows.some((r) => r.field === key || r.field.startsWith(`${key}.`) || r.field.startsWith(`${key}[]`))).toBe(true)
    expect(rows.filter((r) => r.takes === '**markup**').map((r) => r.field)).toEqual(markupFieldsOf('page'))
    expect(
      fieldRows('blog')
        .filter((r) => r.takes === '**markup**')
        .map((r) => r.field),
    ).toEqual(markupFieldsOf('blog'))
  })

  it('gives each field its label, its section, its limits and whether it is required', () => {
    expect(pageRow('metaTitle')).toMatchObject({
      name: 'Search title (browser tab)',
      takes: 'plain text',
      limits: '10 to 60 characters',
      required: 'yes',
    })
    expect(pageRow('title2')).toMatchObject({ where: expect.stringMatching(/^\*\*Opening\*\*: /), required: 'no' })
    expect(pageRow('faqs[].question')).toMatchObject({
      name: 'Question',
      where: expect.stringMatching(/^\*\*FAQ\*\*: each question/),
      limits: '8 to 200 characters',
      required: 'when `faqs` is there',
    })
    expect(pageRow('services')).toMatchObject({ takes: 'a list', limits: '1 to 8 in the list', required: 'yes' })
    expect(pageRow('descriptionOne')).toMatchObject({ limits: 'at least 1 in the list; each not empty' })
    expect(pageRow('category')?.limits).toBe('one of `service`, `industry`, `location`')
    expect(pageRow('audience.country')).toMatchObject({
      where: expect.stringMatching(/^Not on the page: /),
      limits: 'two capital letters, e.g. `US`',
    })
    expect(fieldRows('site').find((r) => r.field === 'numbers[].value')).toMatchObject({
      where: expect.stringMatching(/^\*\*Numbers band\*\*: /),
      limits: 'a figure in digits, with `+` or `%` right after it if any, e.g. `400+`, `98%`, `1,200`, up to 12 characters',
    })
  })

  it('refuses a field the schema gains until the field map says where it shows', () => {
    const schema = changedPageSchema((p) => (p.heroBadge = { type: 'string', maxLength: 20 }))
    expect(() => fieldTable('page', schema)).toThrow(/heroBadge is not placed/)
  })

  it('refuses a site.yaml field it lists that the schema no longer has', () => {
    const schema = structuredClone(schemaFiles.site.schema)
    delete schema.properties!.company.properties!.tagline
    expect(() => fieldTable('site', schema)).toThrow(/company.tagline: not in the site schema/)
  })

  it("reads a field's words from the schema it is given", () => {
    const schema = changedPageSchema((p) => (p.title2 = { ...p.title2, editorLabel: 'Accent words', editorSection: 'faq' }))
    expect(fieldRows('page', schema).find((r) => r.field === 'title2')).toMatchObject({
      name: 'Accent words',
      where: expect.stringMatching(/^\*\*FAQ\*\*: the main heading/),
    })
  })

  it('refuses a pattern it cannot put in words', () => {
    const schema = changedPageSchema((p) => (p.label = { ...p.label, pattern: '^[A-Z][a-z]+$' }))
    expect(() => fieldTable('page', schema)).toThrow(/label: the pattern .* has no words/)
  })

  it('outlines every section of the pictured page that shows a page field, and the shared ones apart', () => {
    const own = outlines().filter((o) => !o.shared)
    const labelled = own.flatMap((o) => o.label.split(': ')[1].split(', '))
    const onPage = fieldRows('page').filter((r) => r.where.startsWith('**'))
    for (const row of onPage) expect(labelled).toContain(row.field.split(/[.[]/)[0])
    expect(
      outlines()
        .filter((o) => o.shared)
        .map((o) => o.label),
    ).toContain('content/site.yaml: numbers')
  })
})
