import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'
import {
  FIELDS,
  fieldLabel,
  isGenericItemLabel,
  mapPathOf,
  OFF_PAGE,
  PATTERN_WORDS,
  patternSentence,
  sectionOf,
} from './fields.ts'
import { fieldSchema, type JsonSchema } from './json-schema.ts'
import { schemaFiles, type ContentKind } from './schemas.ts'

const MAPPED: ContentKind[] = ['page', 'blog', 'site']
const schemas = Object.values(schemaFiles).map(({ schema }) => schema)

type DataPath = (string | number)[]

/** Every field a kind's data can hold ($refs followed): its data path, and its map path (`page.faqs[].answer`). */
function fieldsOf(kind: ContentKind): { path: DataPath; mapPath: string }[] {
  const root = schemaFiles[kind].schema
  const found: { path: DataPath; mapPath: string }[] = []
  const visit = (at: DataPath) => {
    const node = fieldSchema(root, at, schemas)
    const inside = [
      ...Object.keys(node?.properties ?? {}).map((key) => [...at, key]),
      ...(node?.type === 'array' ? [[...at, 0]] : []),
    ]
    for (const path of inside) {
      found.push({ path, mapPath: mapPathOf(kind, path) })
      visit(path)
    }
  }
  visit([])
  return found
}

/** Every pattern the schemas hold, definitions included. */
function patternsIn(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((item) => patternsIn(item, found))
  else if (node && typeof node === 'object') {
    const { pattern } = node as JsonSchema
    if (typeof pattern === 'string') found.add(pattern)
    Object.values(node).forEach((value) => patternsIn(value, found))
  }
  return found
}

const SHARED_KEYS = /\.(src|alt|title|desc|stepNo|href)$/

describe('the field map', () => {
  it('labels every field of a page and a post itself, but the shared keys of cards and images', () => {
    for (const kind of ['page', 'blog'] as const)
      for (const { path, mapPath } of fieldsOf(kind)) {
        const shared = SHARED_KEYS.test(mapPath) && path.length > 1
        if (!shared) expect(FIELDS[mapPath]?.label, mapPath).toBeDefined()
      }
  })

  it("labels each group of site.yaml and each item of every list, so no form says 'Add item'", () => {
    for (const kind of MAPPED)
      for (const { path, mapPath } of fieldsOf(kind)) {
        if (mapPath.endsWith('[]') || (kind === 'site' && path.length === 1))
          expect(FIELDS[mapPath]?.label, mapPath).toBeDefined()
        expect(fieldLabel(mapPath), mapPath).not.toBe('Item')
      }
  })

  it('describes only fields the schemas have', () => {
    const known = new Set(MAPPED.flatMap((kind) => fieldsOf(kind).map((f) => f.mapPath)))
    expect(Object.keys(FIELDS).filter((path) => !known.has(path))).toEqual([])
  })

  it('places every field of a landing page in a section, or marks it off the page', () => {
    const unplaced = fieldsOf('page').filter(({ path }) => !sectionOf('page', path))
    expect(unplaced).toEqual([])
    expect(sectionOf('page', ['faqs', 3, 'answer'])).toBe('faq')
    expect(sectionOf('page', ['audience', 'places'])).toBe(OFF_PAGE)
  })

  it('falls back to the shared label of a key, then to its words', () => {
    expect(fieldLabel('page.our_steps[].stepNo')).toBe('Step label')
    expect(fieldLabel('site.company.legalName')).toBe('Legal name')
    expect(fieldLabel('page.newThing[]')).toBe('Item')
  })

  it('calls an item label generic when several lists share it', () => {
    expect(['Paragraph', 'Step', 'Item'].map(isGenericItemLabel)).toEqual([true, true, true])
    expect(['FAQ', 'Service card', 'Menu item'].map(isGenericItemLabel)).toEqual([false, false, false])
  })

  it('puts every pattern of the schemas in words, but image paths (the form picks those), and no other', () => {
    const patterns = [...patternsIn(schemas)].filter((pattern) => !pattern.startsWith('^/images/'))
    expect(patterns.filter((pattern) => !PATTERN_WORDS[pattern])).toEqual([])
    expect(Object.keys(PATTERN_WORDS).filter((pattern) => !patterns.includes(pattern))).toEqual([])
  })

  it('gives every picture field a folder of public/images, the one its pictures are in today', () => {
    const pictures = MAPPED.flatMap((kind) =>
      fieldsOf(kind).filter(({ path }) => fieldSchema(schemaFiles[kind].schema, path, schemas)?.pattern?.startsWith('^/images/')),
    )
    expect(pictures.length).toBeGreaterThan(10)
    for (const { mapPath } of pictures) {
      const folder = FIELDS[mapPath]?.folder
      expect(folder, mapPath).toBeTruthy()
      expect(existsSync(`public/images/${folder}`), mapPath).toBe(true)
    }
    // The folder each field's pictures sit in: the picker opens where the editor's pictures are.
    const page = parse(readFileSync('content/pages/Ai-Development.yaml', 'utf8')) as { img1: { src: string } }
    expect(page.img1.src.startsWith(`/images/${FIELDS['page.img1.src'].folder}/`)).toBe(true)
    expect(readdirSync('public/images/pages').length).toBeGreaterThan(0)
  })

  it("reads a pattern's words as the form's sentence, without the guide's code marks", () => {
    expect(patternSentence('^[A-Z]{2}$')).toBe('Two capital letters, e.g. US.')
    expect(patternSentence('^[^<>{}]+[.]$')).toBe('One plain sentence ending with a full stop, without <, >, { or }.')
    expect(patternSentence('^x$')).toBeUndefined()
  })
})
