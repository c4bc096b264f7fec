/**
 * The summary's rows for a changed file, in the form editor's words: each changed field by its label,
 * its old and new words, each link whose address or words changed, and a new list item or a new
 * page's field spelled with the labels of its parts ("Service card 5: service name …, card text …").
 */
import { contentKindOf } from '../../checker/content-files.ts'
import type { ContentKind } from '../../checker/schemas.ts'
import { stripTags, truncate } from '../../src/core/blog.ts'
import { plainText, SHOWN_CHARACTERS, shortenEdit, type FieldChange } from './changes.ts'
import { fieldName, type FieldPath } from './field-names.ts'
import type { ChangeRow } from './report.ts'

/** One changed file, field by field. */
export interface FileChange {
  file: string
  before: unknown
  after: unknown
  fields: FieldChange[]
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

/**
 * A value's words with the form's label of each of its parts: a record's fields each after its
 * label ("service name AI audit, card text …"), a record inside one in brackets, a list's items
 * joined by " / ".
 */
export function valueInWords(value: unknown, at: FieldPath, kind: ContentKind | undefined): string {
  if (Array.isArray(value))
    return value
      .map((item, i) => valueInWords(item, [...at, i], kind))
      .filter(Boolean)
      .join(' / ')
  if (!isRecord(value)) return plainText(value)
  const own = fieldName(at, kind)
  return Object.entries(value)
    .map(([key, part]) => {
      const name = fieldName([...at, key], kind)
      // A label's explanation in brackets ("alt text (what the image shows)") is left out among the
      // words; a one-word bracket that tells two fields apart ("icon (SVG)") stays.
      const label = (own && name.startsWith(`${own}, `) ? name.slice(own.length + 2) : name).replace(/ \([^()]* [^()]*\)$/, '')
      const words = valueInWords(part, [...at, key], kind)
      // Parts with parts of their own are bracketed, so their commas do not run into the record's.
      const nested = isRecord(part) || (Array.isArray(part) && part.some(isRecord))
      return nested ? `${label} (${words})` : `${label} ${words}`
    })
    .join(', ')
}

/** A link of a text as a reader meets it: its words and the address it opens. */
interface TextLink {
  words: string
  href: string
}

const LINK = /<a\b[^>]*?\bhref\s*=\s*(["'])(.*?)\1[^>]*>([\s\S]*?)<\/a\s*>/gi

const linksOf = (value: unknown): TextLink[] =>
  typeof value === 'string' ? [...value.matchAll(LINK)].map((m) => ({ href: m[2].trim(), words: stripTags(m[3]).trim() })) : []

/**
 * The links that differ between two texts: the ones both have alike are set aside, the rest paired
 * in order (a link whose address or words changed); one left over was added or removed.
 */
function linkChanges(before: unknown, after: unknown): { before?: TextLink; after?: TextLink }[] {
  const old = linksOf(before)
  const now = linksOf(after)
  const alike = (a: TextLink, b: TextLink) => a.href === b.href && a.words === b.words
  const kept = old.filter((link) => {
    const at = now.findIndex((other) => alike(link, other))
    if (at >= 0) now.splice(at, 1)
    return at < 0
  })
  return Array.from({ length: Math.max(kept.length, now.length) }, (_, i) => ({ before: kept[i], after: now[i] }))
}

const linkText = (link: TextLink) => `${link.words} → ${link.href}`
const whole = (text: string) => ({ lead: '', changed: truncate(text, SHOWN_CHARACTERS), trail: '' })

/** A link's row: its words and address before and after, the changed part marked. */
function linkRow(field: string, link: { before?: TextLink; after?: TextLink }): ChangeRow {
  const name = `${field}, link`
  if (link.before && link.after)
    return { field: name, kind: 'edited', ...shortenEdit(linkText(link.before), linkText(link.after)) }
  return link.after
    ? { field: name, kind: 'added', after: whole(linkText(link.after)) }
    : { field: name, kind: 'removed', before: whole(linkText(link.before!)) }
}

/** The rows of one field change of `file`: its words, and a row per changed link. */
function changeRows(change: FieldChange, file: string): ChangeRow[] {
  const kind = contentKindOf(file)
  const field = fieldName(change.path, kind)
  if (change.kind === 'edited') {
    const before = plainText(change.before)
    const after = plainText(change.after)
    const links = linkChanges(change.before, change.after).map((link) => linkRow(field, link))
    // Words alike and links changed: the links' rows say it all.
    if (before === after && links.length > 0) return links
    return [{ field, kind: 'edited', ...shortenEdit(before, after) }, ...links]
  }
  const value = change.kind === 'added' ? change.after : change.before
  const side = whole(valueInWords(value, change.path, kind))
  return [change.kind === 'added' ? { field, kind: 'added', after: side } : { field, kind: 'removed', before: side }]
}

/** Rows for a changed file; a file that is not YAML (a picture, a schema) by its name, new or changed. */
export function fileRows(change: FileChange): ChangeRow[] {
  if (change.fields.length > 0) return change.fields.flatMap((field) => changeRows(field, change.file))
  const kind = change.before === undefined && change.file.endsWith('.yaml') ? 'added' : 'edited'
  return [{ field: change.file, kind }]
}
