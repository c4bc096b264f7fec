import type { ApiBlog } from './blog.ts'
import { BLOGS_PER_PAGE } from './blog-api.ts'

/** A post's address segment: letters, digits, hyphens and underscores. */
const SLUG = /^[A-Za-z0-9_-]{1,200}$/
/** Site-relative paths (not `//host` or `/\host`) and absolute addresses; nothing a browser could run. */
const SAFE_IMAGE = /^(?:https?:\/\/[^\s/\\]|\/(?![/\\]))[^\s"'<>\\]*$/i

/**
 * A picture the page may load: a path on this site, or an address on one of `origins` (the
 * Content-Security-Policy's img-src lists the same ones). Any other host would be blocked by the
 * browser and show as a broken picture.
 */
const isAllowedImage = (origins: readonly string[]) => (v: unknown) => {
  if (!isString(v) || !SAFE_IMAGE.test(v)) return false
  return v.startsWith('/') || (URL.canParse(v) && origins.includes(new URL(v).origin))
}

const isString = (v: unknown): v is string => typeof v === 'string'
const isOptional = (check: (v: unknown) => boolean) => (v: unknown) => v === undefined || check(v)
const isPositive = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v > 0

/** Paragraphs as the build parses them (lists of markup nodes), or one HTML string; the renderer checks the nodes. */
const isDescription = (v: unknown) => typeof v === 'string' || (Array.isArray(v) && v.every(Array.isArray))

/** A post's address segment as the site accepts it in /blog/<custom_url>. */
export const isPostSlug = (v: unknown): v is string => isString(v) && SLUG.test(v)

/** Every field a page reads, with the check its value must pass. */
const fieldChecks = (imageOrigins: readonly string[]): Record<keyof ApiBlog, (v: unknown) => boolean> => ({
  id: (v) => typeof v === 'number' && Number.isSafeInteger(v),
  custom_url: isPostSlug,
  image: isAllowedImage(imageOrigins),
  meta_title: isString,
  meta_desc: isString,
  title: isOptional(isString),
  image_alt: isOptional(isString),
  image_width: isOptional(isPositive),
  image_height: isOptional(isPositive),
  description: isOptional(isDescription),
  excerpt: isOptional(isString),
  published: isOptional(isString),
  author: isOptional(isString),
})

/** The first field of an entry that fails its check, or undefined when every field passes. */
function badField(entry: unknown, fields: ReturnType<typeof fieldChecks>): string | undefined {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return 'the entry itself'
  const record = entry as Record<string, unknown>
  const field = Object.keys(fields).find((name) => !fields[name as keyof ApiBlog](record[name]))
  // A well-formed address on another host is a setting to change, not a broken entry.
  if (field === 'image' && isString(record.image) && SAFE_IMAGE.test(record.image) && !record.image.startsWith('/'))
    return 'image (its host is not in VITE_BLOG_IMAGE_ORIGINS)'
  return field
}

/**
 * The API's blog list, checked at the door: entries with a missing or malformed field, a picture
 * from a host outside `imageOrigins`, or a repeated id or address, are dropped with one warning
 * naming the fields; at most 40 are kept.
 */
export function checkBlogs(
  value: unknown,
  imageOrigins: readonly string[],
  warn: (message: string) => void = console.warn,
): ApiBlog[] {
  const fields = fieldChecks(imageOrigins)
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
    const field =
      badField(entry, fields) ?? (seen.has(blog.id) || seen.has(blog.custom_url) ? 'id or custom_url (repeated)' : undefined)
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

/** The first field of one post that fails the list's checks (as a warning names it), or undefined when it passes. */
export const postProblem = (entry: unknown, imageOrigins: readonly string[]) => badField(entry, fieldChecks(imageOrigins))
