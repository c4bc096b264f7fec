import type { ApiBlog } from '../core/blog'

/** The page size asked of the API; an answer with more is cut to it. */
export const BLOGS_PER_PAGE = 40

/** A post's address segment: letters, digits, hyphens and underscores. */
const SLUG = /^[A-Za-z0-9_-]{1,200}$/
/** Site-relative paths (not `//host` or `/\host`) and https addresses; nothing a browser could run. */
const SAFE_IMAGE = /^(?:https:\/\/[^\s/\\]|\/(?![/\\]))[^\s"'<>\\]*$/i

const isString = (v: unknown): v is string => typeof v === 'string'
const isOptional = (check: (v: unknown) => boolean) => (v: unknown) => v === undefined || check(v)
const isPositive = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v > 0

/** Paragraphs as the build parses them (lists of markup nodes), or one HTML string; the renderer checks the nodes. */
const isDescription = (v: unknown) => typeof v === 'string' || (Array.isArray(v) && v.every(Array.isArray))

/** Every field a page reads, with the check its value must pass. */
const FIELDS: Record<keyof ApiBlog, (v: unknown) => boolean> = {
  id: (v) => typeof v === 'number' && Number.isSafeInteger(v),
  custom_url: (v) => isString(v) && SLUG.test(v),
  image: (v) => isString(v) && SAFE_IMAGE.test(v),
  meta_title: isString,
  meta_desc: isString,
  title: isOptional(isString),
  image_alt: isOptional(isString),
  image_width: isOptional(isPositive),
  image_height: isOptional(isPositive),
  description: isOptional(isDescription),
  published: isOptional(isString),
  author: isOptional(isString),
}

/** The first field of an entry that fails its check, or undefined when every field passes. */
function badField(entry: unknown): string | undefined {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return 'the entry itself'
  const record = entry as Record<string, unknown>
  return Object.keys(FIELDS).find((field) => !FIELDS[field as keyof ApiBlog](record[field]))
}

/**
 * The API's blog list, checked at the door: entries with a missing or malformed field, or a repeated
 * id or address, are dropped with one warning naming the fields; at most 40 are kept.
 */
export function checkBlogs(value: unknown, warn: (message: string) => void = console.warn): ApiBlog[] {
  if (!Array.isArray(value)) {
    warn(`Blogs from the API: field blogs is ${value === null ? 'null' : typeof value}, not a list; no posts shown`)
    return []
  }
  const entries = value.slice(0, BLOGS_PER_PAGE)
  const problems = new Map<string, number>()
  const seen = new Set<unknown>()
  const kept: ApiBlog[] = []
  for (const entry of entries) {
    const blog = entry as ApiBlog
    const field = badField(entry) ?? (seen.has(blog.id) || seen.has(blog.custom_url) ? 'id or custom_url (repeated)' : undefined)
    if (field) problems.set(field, (problems.get(field) ?? 0) + 1)
    else kept.push(blog)
    if (!field) seen.add(blog.id).add(blog.custom_url)
  }
  if (problems.size > 0) {
    const list = [...problems].map(([field, n]) => `${field} (${n})`).join(', ')
    warn(`Blogs from the API: ${entries.length - kept.length} of ${entries.length} entries left out, bad field: ${list}`)
  }
  return kept
}
