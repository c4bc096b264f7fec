import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { CMS_CONFIG_FILE, cmsConfig, cmsConfigText, kindFields, type CmsField } from './cms-config.ts'
import { MARKUP_WIDGET, TEXT_WIDGET } from '../../admin/names.ts'
import { textProblem, type TextRule } from '../../admin/text-rules.ts'
import { schemaFields, type JsonSchema } from '../../checker/json-schema.ts'
import { schemaFiles, type ContentKind } from '../../checker/schemas.ts'

/** The form's rule of a text field as the text widget reads it from the config. */
const ruleOf = (field: CmsField): TextRule => ({
  ...(field.length?.[0] != null ? { min: field.length[0] } : {}),
  ...(field.length?.[1] != null ? { max: field.length[1] } : {}),
  ...(field.format ? { format: field.format } : {}),
  plain: field.plain,
})
const TERMS = (parse(readFileSync('content/site.yaml', 'utf8')) as { terms: Record<string, string> }).terms
/** What the text widget says of `value` in `field`, terms inserted where the field inserts them. */
const problemOf = (field: CmsField, value: string, terms: Record<string, string> = TERMS) =>
  textProblem(value, ruleOf(field), field.inserts_terms ? terms : {})

/** A select's stored value: the option itself, or its value where it has a label. */
const optionValue = (option: string | { value: string }) => (typeof option === 'string' ? option : option.value)

const KINDS: ContentKind[] = ['page', 'blog', 'site']

/**
 * The form field at a data path written as schemaFields writes it (`.services[].title`), or
 * undefined. A list's items are its `field`, or its `fields` for a list of groups.
 */
function configFieldAt(fields: readonly CmsField[], path: string): CmsField | undefined {
  const steps = path.match(/\.[^.[\]]+|\[\]/g) ?? []
  let field: CmsField | undefined
  let within: readonly CmsField[] | undefined = fields
  for (const step of steps) {
    if (step === '[]') {
      if (!field || field.widget !== 'list') return undefined
      if (field.field) field = field.field
      within = field.fields
      continue
    }
    field = within?.find((f) => f.name === step.slice(1))
    if (!field) return undefined
    within = field.fields
  }
  return field
}

/**
 * Every field a kind's data can hold, at its data path: the schema's own properties, and those of
 * each definition at every place a $ref brings it in (`.services[]` takes `#service`'s fields).
 */
function dataPaths(kind: ContentKind): { path: string; schema: JsonSchema; parentRequired: string[] }[] {
  const all = Object.values(schemaFiles).map(({ schema }) => schema)
  const defs = Object.fromEntries(all.flatMap((s) => Object.entries(s.$defs ?? {})))
  const found: { path: string; schema: JsonSchema; parentRequired: string[] }[] = []
  const visit = (node: JsonSchema, at: string, depth: number) => {
    if (depth > 8) throw new Error(`${at}: too deep`)
    const target = node.$ref ? defs[node.$ref.split('/').pop()!] : node
    for (const [key, child] of Object.entries(target.properties ?? {})) {
      found.push({ path: `${at}.${key}`, schema: child, parentRequired: target.required ?? [] })
      visit(child, `${at}.${key}`, depth + 1)
    }
    if (target.items) visit(target.items, `${at}[]`, depth + 1)
  }
  visit(schemaFiles[kind].schema, '', 0)
  return found
}

describe('the CMS configuration', () => {
  it(`${CMS_CONFIG_FILE} is what the schemas make (run npm run cms:config)`, () => {
    expect(readFileSync(CMS_CONFIG_FILE, 'utf8')).toBe(cmsConfigText())
  })

  for (const kind of KINDS)
    it(`holds every field, enum value and required field of ${schemaFiles[kind].file}`, () => {
      const fields = kindFields(kind)
      const paths = dataPaths(kind)
      // Every property the schema file itself defines is among the paths walked (definitions through their $refs).
      const own = schemaFields(schemaFiles[kind].schema, '').filter((f) => !f.path.includes('#'))
      for (const { path } of own) expect(paths.map((p) => p.path)).toContain(path)
      for (const { path, schema, parentRequired } of paths) {
        const field = configFieldAt(fields, path)
        expect(field, path).toBeDefined()
        const name = path.split('.').pop()!
        const enumOf = schema.enum ?? (schema.$ref ? undefined : schema.items?.enum)
        if (enumOf) expect(field!.options?.map(optionValue), path).toEqual(enumOf)
        // Required where the schema requires it, except inside an optional group (the form cannot
        // ask for a part of a group the page leaves out; the content check still does).
        const insideOptional = paths.some((p) => path.startsWith(`${p.path}.`) && !configFieldAt(fields, p.path)!.required)
        if (parentRequired.includes(name) && !insideOptional) expect(field!.required, path).toBe(true)
        if (!parentRequired.includes(name)) expect(field!.required, path).toBe(false)
        if (schema.description) expect(field!.hint, path).toBeDefined()
      }
    })

  it('labels each field and list item from the field map, as editors know it, not by its key', () => {
    const page = kindFields('page')
    expect(configFieldAt(page, '.title1')!.label).toBe('Hero heading')
    expect(configFieldAt(page, '.faqs')).toMatchObject({ label: 'FAQ', label_singular: 'FAQ' })
    expect(configFieldAt(page, '.img1.alt')!.label).toBe('Alt text (what the image shows)')
    expect(configFieldAt(kindFields('site'), '.nav')!.label_singular).toBe('Menu item')
  })

  it("says a pattern's rule in the field map's words, as a sentence", () => {
    const country = configFieldAt(kindFields('page'), '.audience.country')!
    expect(problemOf(country, 'usa')).toBe('Two capital letters, e.g. US.')
  })

  it('edits markup with the rich-text widget and plain text with the text widget, which forbids <', () => {
    const page = kindFields('page')
    expect(configFieldAt(page, '.descriptionOne[]')!.widget).toBe(MARKUP_WIDGET)
    expect(configFieldAt(page, '.faqs[].answer')!.widget).toBe(MARKUP_WIDGET)
    expect(configFieldAt(page, '.contactUsToday')!.widget).toBe(MARKUP_WIDGET)
    const title = configFieldAt(page, '.title1')!
    expect(title.widget).toBe(TEXT_WIDGET)
    expect(problemOf(title, 'AI Development')).toBeUndefined()
    expect(problemOf(title, 'AI <b>Development</b>')).toMatch(/^Plain text only/)
    expect(problemOf(title, 'x'.repeat(81))).toBe('81 characters; at most 80.')
    expect(problemOf(title, 'AI')).toBe('2 characters; at least 3.')
    expect(configFieldAt(page, '.img1.src')).toMatchObject({ widget: 'image', required: true })
  })

  it("counts a text's contract term as the words it inserts, on pages and posts, as the check does", () => {
    const metaTitle = configFieldAt(kindFields('page'), '.metaTitle')!
    expect(problemOf(metaTitle, '{{terms.ownership}}', { ownership: 'You own all the code we write.' })).toBeUndefined()
    expect(problemOf(metaTitle, '{{terms.ownership}}', { ownership: 'Yours.' })).toBe('6 characters; at least 10.')
    // site.yaml holds the terms' wording itself: nothing is inserted there.
    const tagline = configFieldAt(kindFields('site'), '.company.tagline')!
    expect(tagline.inserts_terms).toBeUndefined()
  })

  it('accepts every value of every real content file', () => {
    const files: [ContentKind, string][] = [
      ['site', 'content/site.yaml'],
      ...readdirSync('content/pages').map((f): [ContentKind, string] => ['page', `content/pages/${f}`]),
      ...readdirSync('content/blogs').map((f): [ContentKind, string] => ['blog', `content/blogs/${f}`]),
    ]
    let checked = 0
    const check = (field: CmsField, value: unknown, where: string) => {
      if (Array.isArray(value)) {
        if (field.min !== undefined) expect(value.length, where).toBeGreaterThanOrEqual(field.min)
        if (field.max !== undefined) expect(value.length, where).toBeLessThanOrEqual(field.max)
        value.forEach((item, i) =>
          field.field ? check(field.field, item, `${where}[${i}]`) : checkObject(field.fields!, item, `${where}[${i}]`),
        )
      } else if (value && typeof value === 'object') checkObject(field.fields!, value, where)
      else if (typeof value === 'string') {
        checked++
        if (field.widget === TEXT_WIDGET) expect(problemOf(field, value, TERMS), where).toBeUndefined()
        if (field.options) expect(field.options.map(optionValue), where).toContain(value)
      }
    }
    const checkObject = (fields: readonly CmsField[], value: unknown, where: string) => {
      for (const [key, item] of Object.entries(value as object)) {
        const field = fields.find((f) => f.name === key)
        expect(field, `${where}.${key}`).toBeDefined()
        check(field!, item, `${where}.${key}`)
      }
    }
    for (const [kind, file] of files) checkObject(kindFields(kind), parse(readFileSync(file, 'utf8')), file)
    expect(checked).toBeGreaterThan(3000)
  })

  it('lists the pages as files named by their address, the posts by theirs, and site.yaml as one file', () => {
    const [pages, blogs, site] = cmsConfig().collections
    expect(pages).toMatchObject({ folder: 'content/pages', extension: 'yaml', create: true })
    expect(blogs).toMatchObject({ folder: 'content/blogs', slug: '{{fields.custom_url}}' })
    expect(site).toMatchObject({ files: [{ file: 'content/site.yaml' }] })
  })
})
