/**
 * What a change does to the site: the routes each changed file reaches, and field by field what a
 * content file says before and after.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { CONTENT_DIRS } from '../../checker/content-files.ts'
import { landingFileOf, landingRouteOf } from '../../src/core/routes.ts'
import type { FieldPath } from './field-names.ts'
import { stripTags, truncate } from '../../src/core/blog.ts'

export interface ChangedRoute {
  route: string
  /** The content file whose change reached this route, for the field-by-field comparison. */
  file: string
  /** The route's page file is gone. */
  removed: boolean
  /** The change reaches every page (site.yaml, a schema) or every landing page (a blog post). */
  siteWide: boolean
  /** Other changed files the route shows, listed under `file`: a new picture on a new page. */
  alsoFrom?: string[]
}

/**
 * Which routes a change reaches: a page file its own route; site.yaml or a schema every route; a
 * blog post the blog list, the post and every landing page (their Recent Blogs); an image the pages
 * that show it. A route reached by its own page file is listed under that file, the other files
 * that reach it beside.
 */
export function routesOf(
  files: string[],
  root: string,
  allRoutes: string[],
  blogUrlOf: (file: string) => string | undefined,
): ChangedRoute[] {
  const found = new Map<string, ChangedRoute>()
  const add = (route: string, file: string, { removed = false, siteWide = false } = {}) => {
    const known = found.get(route)
    if (!known || (known.siteWide && !siteWide)) found.set(route, { route, file, removed, siteWide })
    else if (known.file !== file) known.alsoFrom = [...(known.alsoFrom ?? []), file]
  }
  const landing = allRoutes.filter((r) => r.startsWith('/ai/'))
  for (const file of files) {
    if (file.startsWith(`${CONTENT_DIRS.pages}/`) && file.endsWith('.yaml')) {
      add(landingRouteOf(file), file, { removed: !allRoutes.includes(landingRouteOf(file)) })
    } else if (file === CONTENT_DIRS.site || file.startsWith('schema/')) {
      for (const route of allRoutes) add(route, file, { siteWide: true })
    } else if (file.startsWith(`${CONTENT_DIRS.blogs}/`)) {
      const url = blogUrlOf(file)
      add('/blog', file)
      if (url) add(`/blog/${url}`, file)
      for (const route of landing) add(route, file, { siteWide: true })
    } else if (file.startsWith('public/')) {
      const publicPath = file.slice('public'.length)
      for (const route of landing) {
        const pageFile = path.join(root, landingFileOf(route))
        try {
          if (readFileSync(pageFile, 'utf8').includes(publicPath)) add(route, file)
        } catch {
          // The page file is gone: its route is listed as removed by its own change.
        }
      }
    }
  }
  return [...found.values()]
}

export interface FieldChange {
  path: FieldPath
  kind: 'added' | 'removed' | 'edited'
  before?: unknown
  after?: unknown
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object'

/** The fields that differ between two parsed YAML documents, with their values before and after. */
export function fieldChanges(before: unknown, after: unknown, at: FieldPath = []): FieldChange[] {
  if (JSON.stringify(before) === JSON.stringify(after)) return []
  if (before === undefined) return [{ path: at, kind: 'added', after }]
  if (after === undefined) return [{ path: at, kind: 'removed', before }]
  if (!isObject(before) || !isObject(after) || Array.isArray(before) !== Array.isArray(after))
    return [{ path: at, kind: 'edited', before, after }]
  const keys: (string | number)[] = Array.isArray(after)
    ? Array.from({ length: Math.max((before as unknown as unknown[]).length, after.length) }, (_, i) => i)
    : [...new Set([...Object.keys(before), ...Object.keys(after)])]
  return keys.flatMap((key) =>
    fieldChanges((before as Record<string, unknown>)[key], (after as Record<string, unknown>)[key], [...at, key]),
  )
}

/** The words of a value as a reader sees them: markup removed, a list's or a record's texts joined. */
export function plainText(value: unknown): string {
  if (value === undefined || value === null) return ''
  // A list item keeps a bullet, so its items do not run together.
  if (typeof value === 'string') return stripTags(value.replace(/<li>/gi, ' • '))
  if (Array.isArray(value)) return value.map(plainText).filter(Boolean).join(' / ')
  if (isObject(value))
    return Object.entries(value)
      .map(([key, v]) => `${key}: ${plainText(v)}`)
      .join('; ')
  return String(value)
}

/** At most this many characters of each side of an edit are shown. */
export const SHOWN_CHARACTERS = 180
/** Characters kept on either side of the edited words, so the reader recognises the place. */
const CONTEXT = 50

/** One side of an edit: the words before the change, the changed words, the words after. */
export interface EditSide {
  lead: string
  changed: string
  trail: string
}

/**
 * The texts of an edit, shortened to the part that changed: what both share at the start and the end
 * is cut to a few words each side of the change, marked with "…"; a long change is cut too.
 */
export function shortenEdit(before: string, after: string, max = SHOWN_CHARACTERS): { before: EditSide; after: EditSide } {
  let start = 0
  while (start < before.length && start < after.length && before[start] === after[start]) start++
  let end = 0
  while (end < before.length - start && end < after.length - start && before.at(-1 - end) === after.at(-1 - end)) end++
  // The change is widened to whole words.
  while (start > 0 && /\S/.test(before[start - 1])) start--
  while (end > 0 && /\S/.test(before[before.length - end])) end--
  const side = (text: string): EditSide => {
    let lead = text.slice(Math.max(0, start - CONTEXT), start)
    if (start > CONTEXT) lead = `…${lead.slice(lead.indexOf(' ') + 1)}`
    let trail = text.slice(text.length - end, text.length - end + CONTEXT)
    if (end > CONTEXT) trail = `${trail.slice(0, Math.max(trail.lastIndexOf(' '), 1))}…`
    const room = Math.max(24, max - lead.length - trail.length)
    const middle = text.slice(start, text.length - end)
    return { lead, changed: truncate(middle, room), trail }
  }
  return { before: side(before), after: side(after) }
}
