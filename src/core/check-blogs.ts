import type { ApiBlog } from './blog.ts'
import { BLOGS_PER_PAGE } from './blog-api.ts'

/** A post's address segment: letters, digits, hyphens and underscores. */
const SLUG = /^[A-Za-z0-9_-]{1,200}$/
/** Site-relative paths (not `//host` or `/\host`) and absolute addresses; nothing a browser could run. */
const SAFE_IMAGE = /^(?:https?:\/\/[^\s/\\]|\/(?![/\\]))[^\s"'<>\\]*$/i

/** A picture's address a browser reads as a picture and nothing else: a path on this site or an http(s) address. */
const isSafeImage = (v: unknown) => isString(v) && SAFE_IMAGE.test(v) && (v.startsWith('/') || URL.canParse(v))

/**
 * The host of a picture the page may not load: one outside `origins` (the Content-Security-Policy's
 * img-src lists the same ones), which the browser would block and show as a broken picture.
 * Undefined for a path on this site or an address on one of `origins`.
 */
const foreignHost = (image: string, origins: readonly string[]) => {
  if (image.startsWith('/')) return undefined
  const { origin } = new URL(image)
  return origins.includes(origin) ? undefined : origin
}

const isString = (v: unknown): v is string => typeof v === 'string'
const isOptional = (check: (v: unknown) => boolean) => (v: unknown) => v === undefined || check(v)
const isPositive = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v > 0

/** Paragraphs as the build parses them (lists of markup nodes), or one HTML string; the renderer checks the nodes. */
const isDescription = (v: unknown) => typeof v === 'string' || (Array.isArray(v) && v.every(Array.isArray))

/** A post's address segment as the site accepts it in /blog/<custom_url>. */
export const isPostSlug = (v: unknown): v is string => isString(v) && SLUG.test(v)

/** Every field a page reads, with the check its value must pass. */
const FIELD_CHECKS: Record<keyof ApiBlog, (v: unknown) => boolean> = {
  id: (v) => typeof v === 'number' && Number.isSafeInteger(v),
  custom_url: isPostSlug,
  image: isSafeImage,
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
}

/**
 * What the checks make of one entry: the post (a picture on a host outside `imageOrigins` left out,
 * that host named), or the first field that fails its check. A picture from another host is a
 * setting to change (VITE_BLOG_IMAGE_ORIGINS), not a broken post: its words are kept.
 */
export function checkEntry(
  entry: unknown,
  imageOrigins: readonly string[],
): { blog: ApiBlog; pictureHost?: string } | { field: string } {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return { field: 'the entry itself' }
  const record = entry as Record<string, unknown>
  const field = Object.keys(FIELD_CHECKS).find((name) => !FIELD_CHECKS[name as keyof ApiBlog](record[name]))
  if (field) return { field }
  const blog = entry as ApiBlog
  const pictureHost = foreignHost(blog.image!, imageOrigins)
  if (!pictureHost) return { blog }
  const { image: _picture, image_alt: _alt, image_width: _width, image_height: _height, ...words } = blog
  return { blog: words, pictureHost }
}

/**
 * The API's blog list, checked at the door: entries with a missing or malformed field, or a
 * repeated id or address, are dropped; a picture from a host outside `imageOrigins` is left out of
 * its post, which is kept. One warning names the fields and the hosts; at most 40 are kept.
 */
export function checkBlogs(
  value: unknown,
  imageOrigins: readonly string[],
  warn: (message: string) => void = console.warn,
): ApiBlog[] {
  if (!Array.isArray(value)) {
    warn(`Blogs from the API: field blogs is ${value === null ? 'null' : typeof value}, not a list; no posts shown`)
    return []
  }
  const entries = value.slice(0, BLOGS_PER_PAGE)
  const problems = new Map<string, number>()
  const pictureHosts = new Map<string, number>()
  const count = (counts: Map<string, number>, key: string) => counts.set(key, (counts.get(key) ?? 0) + 1)
  const seen = new Set<unknown>()
  const kept: ApiBlog[] = []
  for (const entry of entries) {
    const checked = checkEntry(entry, imageOrigins)
    if ('field' in checked) {
      count(problems, checked.field)
      continue
    }
    const { blog, pictureHost } = checked
    if (seen.has(blog.id) || seen.has(blog.custom_url)) {
      count(problems, 'id or custom_url (repeated)')
      continue
    }
    seen.add(blog.id).add(blog.custom_url)
    kept.push(blog)
    if (pictureHost) count(pictureHosts, pictureHost)
  }
  const counted = (counts: Map<string, number>) => [...counts].map(([key, n]) => `${key} (${n})`).join(', ')
  const parts: string[] = []
  if (problems.size > 0)
    parts.push(`${entries.length - kept.length} of ${entries.length} entries left out, bad field: ${counted(problems)}`)
  if (pictureHosts.size > 0) parts.push(`pictures left out, host not in VITE_BLOG_IMAGE_ORIGINS: ${counted(pictureHosts)}`)
  if (parts.length > 0) warn(`Blogs from the API: ${parts.join('; ')}`)
  return kept
}
