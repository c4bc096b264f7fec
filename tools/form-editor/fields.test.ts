import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'
import { fieldSchema, resolveRef, type JsonSchema } from '../../checker/json-schema.ts'
import { ALL_SCHEMAS, schemaFiles } from '../../checker/schemas.ts'
import {
  fieldLabel,
  fieldOf,
  fieldPaths,
  isGenericItemLabel,
  LABELLED_KINDS,
  mapPathOf,
  OFF_PAGE,
  PATTERN_WORDS,
  patternSentence,
  SECTIONS,
  sectionOf,
} from './fields.ts'

const schemas = ALL_SCHEMAS

/** Every field a kind's data can hold: its data path, and its map path (`page.faqs[].answer`). */
const fieldsOf = (kind: (typeof LABELLED_KINDS)[number]) =>
  fieldPaths(kind).map((path) => ({ path, mapPath: mapPathOf(kind, path), field: fieldOf(kind, path) }))

/** Every node of the schemas with where it is written, definitions and editorParts included. */
function nodesIn(node: unknown, at: string, found: { at: string; node: JsonSchema }[] = []) {
  if (Array.isArray(node)) node.forEach((item, i) => nodesIn(item, `${at}/${i}`, found))
  else if (node && typeof node === 'object') {
    found.push({ at, node: node as JsonSchema })
    for (const [key, value] of Object.entries(node)) nodesIn(value, `${at}/${key}`, found)
  }
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

describe("the schemas' editor keywords", () => {
  it('label every field of a page and a post itself, but the shared keys of cards and images', () => {
    for (const kind of ['page', 'blog'] as const)
      for (const { path, mapPath, field } of fieldsOf(kind)) {
        const shared = SHARED_KEYS.test(mapPath) && path.length > 1
        if (!shared) expect(field.label, mapPath).toBeDefined()
      }
  })

  it("label each group of site.yaml and each item of every list, so no form says 'Add item'", () => {
    for (const kind of LABELLED_KINDS)
      for (const { path, mapPath, field } of fieldsOf(kind)) {
        if (mapPath.endsWith('[]') || (kind === 'site' && path.length === 1)) expect(field.label, mapPath).toBeDefined()
        expect(fieldLabel(kind, path), mapPath).not.toBe('Item')
      }
  })

  it('takes the sections from the schemas that show them, each declared once with its label and selector', () => {
    const declared = schemas.flatMap((schema) => Object.keys((schema.editorSections ?? {}) as object))
    expect(declared).toEqual([...new Set(declared)])
    expect(declared).toEqual(expect.arrayContaining(['intro', 'faq', 'menu', 'footer', 'post', 'recent-blogs']))
    for (const [key, section] of Object.entries(SECTIONS)) {
      expect(section.label, key).toMatch(/^[A-Z]/)
      expect(section.selector, key).toMatch(/^(section|header|footer|article)\b/)
    }
    expect(SECTIONS.faq).toEqual({ label: 'FAQ', selector: 'section[aria-labelledby="faq-title"]' })
  })

  it('name only sections of the site, and give words only to fields of the definition they hold', () => {
    const nodes = schemas.flatMap((root) => nodesIn(root, String(root.$id)).map((found) => ({ ...found, root })))
    const sections = nodes.filter(({ node }) => node.editorSection !== undefined)
    expect(sections.length).toBeGreaterThan(20)
    for (const { at, node } of sections) expect([...Object.keys(SECTIONS), OFF_PAGE], at).toContain(node.editorSection)
    const holders = nodes.filter(({ node }) => node.editorParts)
    expect(holders.length).toBeGreaterThan(3)
    for (const { at, node, root } of holders) {
      const held = resolveRef(String(node.$ref), root, schemas).schema.properties ?? {}
      for (const key of Object.keys(node.editorParts as object)) expect(Object.keys(held), `${at}: ${key}`).toContain(key)
    }
  })

  it("give a shared definition's field the words its holder gives it", () => {
    expect(fieldOf('page', ['img1', 'src'])).toEqual({ shows: 'the picture beside the main heading', folder: 'pages' })
    expect(fieldOf('page', ['img2', 'src']).shows).toBe('the picture beside the second block')
    expect(fieldOf('blog', ['image', 'src']).folder).toBe('blog')
    // Words every holder shares stay in the definition.
    expect(fieldOf('blog', ['image', 'alt']).shows).toBe(fieldOf('page', ['img3', 'alt']).shows)
    expect(fieldOf('page', ['our_steps2', 0, 'stepNo']).shows).toMatch(/the next number/)
  })

  it('places every field of a landing page in a section, or marks it off the page', () => {
    const unplaced = fieldsOf('page').filter(({ path }) => !sectionOf('page', path))
    expect(unplaced).toEqual([])
    expect(sectionOf('page', ['faqs', 3, 'answer'])).toBe('faq')
    expect(sectionOf('page', ['audience', 'places'])).toBe(OFF_PAGE)
  })

  it('falls back to the shared label of a key, then to its words', () => {
    expect(fieldLabel('page', ['our_steps', 0, 'stepNo'])).toBe('Step label')
    expect(fieldLabel('site', ['company', 'legalName'])).toBe('Legal name')
    expect(fieldLabel('page', ['newThing', 0])).toBe('Item')
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
    const pictures = LABELLED_KINDS.flatMap((kind) =>
      fieldsOf(kind).filter(({ path }) => fieldSchema(schemaFiles[kind].schema, path, schemas)?.pattern?.startsWith('^/images/')),
    )
    expect(pictures.length).toBeGreaterThan(10)
    for (const { mapPath, field } of pictures) {
      const { folder } = field
      expect(folder, mapPath).toBeTruthy()
      expect(existsSync(`public/images/${folder}`), mapPath).toBe(true)
    }
    // The folder each field's pictures sit in: the picker opens where the editor's pictures are.
    const page = parse(readFileSync('content/pages/Ai-Development.yaml', 'utf8')) as { img1: { src: string } }
    expect(page.img1.src.startsWith(`/images/${fieldOf('page', ['img1', 'src']).folder}/`)).toBe(true)
    expect(readdirSync('public/images/pages').length).toBeGreaterThan(0)
  })

  it("reads a pattern's words as the form's sentence, without the guide's code marks", () => {
    expect(patternSentence('^[A-Z]{2}$')).toBe('Two capital letters, e.g. US.')
    expect(patternSentence('^[^<>{}]+[.]$')).toBe('One plain sentence ending with a full stop, without <, >, { or }.')
    expect(patternSentence('^x$')).toBeUndefined()
  })
})
