/**
 * `npm run docs:fields`: the field map of docs/editing.md, from the schemas so it cannot go stale.
 * Writes between their markers a table of every landing-page field (its label, where it shows, plain
 * text or markup, its limits, whether it is required), of every blog post field, and of the site.yaml
 * words editors change most; labels, sections and words come from the schemas' editor keywords
 * (tools/form-editor/fields.ts). Then pictures a landing page of the build (DIST_DIR, default dist/)
 * in Chromium, light theme, at 1280 px, each section outlined and labelled with the fields it shows
 * (FIELD_MAP). `--no-pictures` writes the tables only.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parse } from 'yaml'
import { CONTENT_DIRS } from '../checker/content-files.ts'
import { fieldSchema, type JsonSchema } from '../checker/json-schema.ts'
import { markupFieldsOf } from '../checker/rules/markup-in-plain-text.ts'
import { ALL_SCHEMAS, schemaFiles } from '../checker/schemas.ts'
import type { PathSegment } from '../checker/yaml-source.ts'
import { cropTargetOf } from './content-preview/sections.ts'
import { fieldLabel, fieldOf, OFF_PAGE, PATTERN_WORDS, SECTIONS, sectionOf } from './form-editor/fields.ts'

/** The kinds of file the guide maps, each in a table of its own. */
export type MappedKind = 'page' | 'blog' | 'site'
export const MAPPED_KINDS: readonly MappedKind[] = ['page', 'blog', 'site']

/** The page the pictures show: it has every section of a landing page but the rare areas of specialization. */
const PICTURED_PAGE = 'deep-learning-ai-company'
const PICTURED_FILE = `${CONTENT_DIRS.pages}/${PICTURED_PAGE}.yaml`
const PICTURED_ROUTE = `/ai/${PICTURED_PAGE}`
/** The picture's width and file: desktop width only, as each full-page picture weighs over a megabyte. */
const FIELD_MAP = { width: 1280, file: 'docs/images/field-map.png' }

const NOT_ON_PAGE = 'Not on the page:'

/** The words of content/site.yaml that editors change most; the schema says where each shows. */
const SITE_FIELDS = `company.name company.tagline company.email company.phone nav[].label nav[].href labels.talkToExpert
  labels.breadcrumb labels.services labels.whyChoose labels.faq labels.faqHeading partners[].name numbers[].value numbers[].label
  toolStack[].name toolStack[].desc consultation.heading consultation.intro consultation.submit home.title home.titleAccent
  home.lead footer.copyright footer.links[].label footer.links[].href`.split(/\s+/)

/** A picture's path: `/images/…` ending in its extension, or one of those in brackets. */
const IMAGE_PATTERN = /^\^\/images\/.*\\\.\(?([a-z|]+)\)?\$$/

/** One row of a table: a field, by its place in the schema (`faqs[].answer`) and its label, and what it is. */
export type FieldRow = Record<'field' | 'name' | 'where' | 'takes' | 'limits' | 'required', string>

/** One field met on the walk through a schema; `required` in words: yes, no, or when its group is there. */
interface Walked {
  label: string
  path: PathSegment[]
  schema: JsonSchema
  required: string
}

/**
 * Every field of a schema in its order: each leaf (text, a choice, a number, a list of texts), and
 * each list of objects before its fields. `faqs[].answer` names the answer of every FAQ.
 */
function walkSchema(root: JsonSchema): Walked[] {
  const found: Walked[] = []
  const visit = (at: PathSegment[], label: string, optionalParent: string | undefined) => {
    const node = at.length === 0 ? root : fieldSchema(root, at, ALL_SCHEMAS)
    for (const key of Object.keys(node?.properties ?? {})) {
      const path = [...at, key]
      const schema = fieldSchema(root, path, ALL_SCHEMAS)!
      const own = (node?.required ?? []).includes(key)
      const name = label ? `${label}.${key}` : key
      const item = schema.type === 'array' ? fieldSchema(root, [...path, 0], ALL_SCHEMAS) : undefined
      const required = !own ? 'no' : optionalParent ? `when \`${optionalParent}\` is there` : 'yes'
      const entry = { label: name, path, schema, required }
      const inside = optionalParent ?? (own ? undefined : name)
      if (schema.type === 'object') visit(path, name, inside)
      else if (item?.type === 'object') {
        found.push(entry)
        visit([...path, 0], `${name}[]`, inside)
      } else found.push(entry)
    }
  }
  visit([], '', undefined)
  return found
}

const code = (text: string) => `\`${text}\``

function lengthWords(min: number | undefined, max: number | undefined): string {
  if (min !== undefined && min > 1 && max !== undefined) return `${min} to ${max} characters`
  if (max !== undefined) return `up to ${max} characters`
  if (min !== undefined && min > 1) return `at least ${min} characters`
  return min === 1 ? 'not empty' : ''
}

function countWords(list: JsonSchema): string {
  const { minItems: min, maxItems: max } = list
  if (min !== undefined && min === max) return `exactly ${min} in the list`
  if (min && max !== undefined) return `${min} to ${max} in the list`
  if (max !== undefined) return `up to ${max} in the list`
  return min ? `at least ${min} in the list` : 'any number in the list'
}

/** The limits of one value: its choices, its form, its length. */
function valueLimits(field: string, schema: JsonSchema): string {
  if (schema.enum)
    return schema.enum.length <= 4
      ? `one of ${schema.enum.map(code).join(', ')}`
      : `one of ${schema.enum.length}, e.g. ${code(schema.enum[0])}`
  if (schema.type === 'integer')
    return typeof schema.minimum === 'number' ? `a whole number, ${schema.minimum} or more` : 'a whole number'
  const parts: string[] = []
  if (typeof schema.pattern === 'string') {
    const image = IMAGE_PATTERN.exec(schema.pattern)
    const words = image ? `a file \`/images/…\`: .${image[1].replace(/\|/g, ', .')}` : PATTERN_WORDS[schema.pattern]
    if (!words)
      throw new Error(
        `${field}: the pattern ${schema.pattern} has no words: add them to PATTERN_WORDS in tools/form-editor/fields.ts`,
      )
    parts.push(words)
  }
  const length = lengthWords(schema.minLength, schema.maxLength)
  if (length) parts.push(length)
  return parts.join(', ')
}

/** What kind of value a field takes, as an editor writes it. */
function takes(field: string, schema: JsonSchema, item: JsonSchema | undefined, markup: ReadonlySet<string>): string {
  if (markup.has(field)) return '**markup**'
  const value = item ?? schema
  if (value.type === 'object') return 'a list'
  if (value.enum) return 'a choice'
  if (value.type === 'integer') return 'a number'
  if (typeof value.pattern === 'string' && IMAGE_PATTERN.test(value.pattern)) return 'a picture'
  return item ? 'plain text, a list' : 'plain text'
}

/** A walked field as a row of `kind`'s table. */
function rowOf(kind: MappedKind, walked: Walked, markup: ReadonlySet<string>, root: JsonSchema): FieldRow {
  const { label, schema, required } = walked
  const item = schema.type === 'array' ? fieldSchema(root, [...walked.path, 0], ALL_SCHEMAS) : undefined
  const limits =
    item?.type === 'object'
      ? countWords(schema)
      : item
        ? [countWords(schema), valueLimits(label, item) && `each ${valueLimits(label, item)}`].filter(Boolean).join('; ')
        : valueLimits(label, schema)
  const name = fieldLabel(kind, walked.path, root)
  return { field: label, name, where: whereOf(kind, walked, root), takes: takes(label, schema, item, markup), limits, required }
}

/**
 * Where a field shows, from the schema's editor keywords: its section, and what it is there. A
 * landing-page field must name a section or be off the page; a site.yaml field's words are its
 * schema description.
 */
function whereOf(kind: MappedKind, field: Walked, root: JsonSchema): string {
  const section = sectionOf(kind, field.path, root)
  const shows = kind === 'site' ? field.schema.description : fieldOf(kind, field.path, root).shows
  const file = schemaFiles[kind].file
  if (kind === 'page' && !section)
    throw new Error(`${field.label} is not placed: give it an editorSection (a section, or ${OFF_PAGE}) in ${file}`)
  if (!shows) throw new Error(`${field.label} is not placed: say what it shows (editorShows) in ${file}`)
  if (section === OFF_PAGE) return `${NOT_ON_PAGE} ${shows}`
  return section ? `**${SECTIONS[section].label}**: ${shows}` : shows
}

/** The rows of one kind's table; `root` is its schema, or a changed copy of it. */
export function fieldRows(kind: MappedKind, root: JsonSchema = schemaFiles[kind].schema): FieldRow[] {
  const markup = new Set(markupFieldsOf(kind))
  const walked = walkSchema(root)
  if (kind !== 'site') return walked.map((w) => rowOf(kind, w, markup, root))
  const labels = new Set(walked.map((w) => w.label))
  const stale = SITE_FIELDS.filter((label) => !labels.has(label))
  if (stale.length) throw new Error(`${stale.join(', ')}: not in the site schema; change SITE_FIELDS in tools/docs-fields.ts`)
  return walked.filter((w) => SITE_FIELDS.includes(w.label)).map((w) => rowOf(kind, w, markup, root))
}

const cell = (text: string) => text.replace(/\|/g, '\\|')

/** One kind's table in Markdown. */
export function fieldTable(kind: MappedKind, root?: JsonSchema): string {
  const rows = fieldRows(kind, root)
  return [
    '| field | name | where it shows | takes | limits | required |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) => `| ${code(r.field)} | ${cell(r.name)} | ${cell(r.where)} | ${r.takes} | ${cell(r.limits)} | ${cell(r.required)} |`,
    ),
  ].join('\n')
}

const begin = (kind: MappedKind) =>
  `<!-- fields:${kind}:begin (generated by npm run docs:fields from ${schemaFiles[kind].file}; do not edit) -->`
const end = (kind: MappedKind) => `<!-- fields:${kind}:end -->`

/** `text` with each kind's table between its markers made again from the schemas. */
export function withFieldTables(text: string): string {
  let out = text
  for (const kind of MAPPED_KINDS) {
    const start = out.indexOf(begin(kind))
    const stop = out.indexOf(end(kind))
    if (start < 0 || stop < start) throw new Error(`the document has no ${begin(kind)} … ${end(kind)} section`)
    out = `${out.slice(0, start)}${begin(kind)}\n\n${fieldTable(kind)}\n\n${out.slice(stop)}`
  }
  return out
}

/** One outlined part of the picture: a section of the page and the fields it shows. */
interface Outline {
  selector: string
  label: string
  /** Shows words of another file than the page's own. */
  shared: boolean
}

/** The parts of site.yaml the preview pictures in a section of every page, and what the label names there. */
const SITE_OUTLINES: Record<string, string> = Object.fromEntries(['nav', 'partners', 'numbers', 'toolStack'].map((k) => [k, k]))
SITE_OUTLINES.footer = "footer, company; and each page's label, listed by its category"

/** The sections of the pictured page, each with the fields of the page, or of another file, it shows. */
export function outlines(): Outline[] {
  const doc: unknown = parse(readFileSync(PICTURED_FILE, 'utf8'))
  const bySection = new Map<string, { section: string; fields: string[] }>()
  for (const key of Object.keys(schemaFiles.page.schema.properties ?? {})) {
    const target = cropTargetOf(PICTURED_ROUTE, PICTURED_FILE, [key], doc)
    const fields = [...(bySection.get(target?.selector ?? '')?.fields ?? []), key]
    if (target) bySection.set(target.selector, { section: target.label, fields })
  }
  const own = [...bySection].map(([selector, e]) => ({ selector, label: `${e.section}: ${e.fields.join(', ')}`, shared: false }))
  const site = Object.entries(SITE_OUTLINES).flatMap(([key, fields]) => {
    const target = cropTargetOf(PICTURED_ROUTE, CONTENT_DIRS.site, [key], undefined)
    return target ? [{ selector: target.selector, label: `${CONTENT_DIRS.site}: ${fields}`, shared: true }] : []
  })
  const posts = cropTargetOf(PICTURED_ROUTE, `${CONTENT_DIRS.blogs}/post.yaml`, ['title'], undefined)
  const label = `${CONTENT_DIRS.blogs}/: each post's title, image, description`
  return [...own, ...site, ...(posts ? [{ selector: posts.selector, label, shared: true }] : [])]
}

/**
 * Draws each outline over the open page for a full-page picture. Each outlined section first gets
 * room at its top for its label and at its bottom for the frame, so neither covers its words.
 */
async function drawOutlines(page: import('playwright-core').Page) {
  const missing = await page.evaluate((all) => {
    const layer = document.createElement('div')
    layer.style.cssText = 'position:absolute;left:0;top:0;width:0;height:0;z-index:2147483647;pointer-events:none'
    document.body.append(layer)
    // The preview's selectors are CSS, with `>> nth=N` for the Nth match.
    const found = all.flatMap((o) => {
      const [css, nth = '0'] = o.selector.split(' >> nth=')
      const el = document.querySelectorAll<HTMLElement>(css)[Number(nth)]
      return el ? [{ ...o, el, color: o.shared ? '#00695c' : '#c2185b', tag: document.createElement('div') }] : []
    })
    for (const { el, tag, color, label } of found) {
      tag.textContent = label
      tag.style.cssText = `position:absolute;width:max-content;max-width:${el.getBoundingClientRect().width - 32}px;background:${color};color:#fff;font:700 18px/1.3 system-ui,sans-serif;padding:3px 10px;border-radius:4px`
      layer.append(tag)
      const style = getComputedStyle(el)
      el.style.paddingTop = `${parseFloat(style.paddingTop) + tag.offsetHeight + 14}px`
      el.style.paddingBottom = `${parseFloat(style.paddingBottom) + 12}px`
    }
    // Positions once every section has its room, since each one moves those below it.
    for (const { el, tag, color, shared } of found) {
      const r = el.getBoundingClientRect()
      const left = r.left + window.scrollX
      const top = r.top + window.scrollY
      const frame = document.createElement('div')
      frame.style.cssText = `position:absolute;left:${left + 2}px;top:${top + 2}px;width:${r.width - 4}px;height:${r.height - 4}px;box-sizing:border-box;border:4px ${shared ? 'dashed' : 'solid'} ${color};border-radius:6px`
      Object.assign(tag.style, { left: `${left + 12}px`, top: `${top + 10}px` })
      layer.prepend(frame)
    }
    return all.filter((o) => !found.some((f) => f.selector === o.selector)).map((o) => o.label)
  }, outlines())
  for (const label of missing) console.log(`  not on ${PICTURED_ROUTE}: ${label}`)
}

/** Pictures the landing page with its sections outlined and labelled. */
async function takeFieldMap(distDir: string) {
  // Loaded here, not above: Chromium's driver and the server take a second to load, which the tables alone do not need.
  const { openForPicture, pictureContext } = await import('./capture-page.ts')
  const { launchChromium, startSite } = await import('./chromium.ts')
  const site = await startSite({ DIST_DIR: distDir })
  const browser = await launchChromium()
  try {
    const { width, file } = FIELD_MAP
    const page = await (await pictureContext(browser, width)).newPage()
    await openForPicture(page, site.url + PICTURED_ROUTE)
    await drawOutlines(page)
    mkdirSync(path.dirname(file), { recursive: true })
    await page.screenshot({ path: file, fullPage: true })
    console.log(`${file}: ${PICTURED_ROUTE} at ${width} px`)
  } finally {
    await browser.close()
    await site.close()
  }
}

/** The guide whose field tables this writes. */
export const FIELDS_DOC = 'docs/editing.md'

/** Writes the field tables of the guide under `root` when the schemas change them; true when it did. */
export function writeFieldTables(root: string): boolean {
  const doc = path.join(root, FIELDS_DOC)
  const text = readFileSync(doc, 'utf8')
  const tables = withFieldTables(text)
  if (tables === text) return false
  writeFileSync(doc, tables)
  return true
}

async function main(args: string[]) {
  console.log(`${FIELDS_DOC}: field tables ${writeFieldTables(process.cwd()) ? 'regenerated' : 'up to date'}`)
  if (args.includes('--no-pictures')) return
  const distDir = path.resolve(process.env.DIST_DIR ?? 'dist')
  if (!existsSync(path.join(distDir, '.site', 'manifest.json'))) {
    console.error(`No build in ${distDir}: run npm run build first (or set DIST_DIR), or pass --no-pictures.`)
    process.exitCode = 1
    return
  }
  await takeFieldMap(distDir)
}

if (import.meta.url === `file://${process.argv[1]}`) await main(process.argv.slice(2))
