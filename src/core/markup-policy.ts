/**
 * The one allow-list of description markup, shared by the build's sanitizer (codegen/markup.ts) and the
 * browser's renderer and sanitizer (markup-html.ts), so what the build accepts and what a page renders
 * cannot drift. No DOM here: the server render, the build and the browser all import it.
 */

/** The only elements description markup may use. */
export const ALLOWED_TAGS = ['b', 'strong', 'i', 'em', 'a', 'br', 'p', 'ul', 'ol', 'li'] as const
/** Deeper than any prose: the build rejects more, and the renderer stops there, as a tree this deep attacks the call stack. */
export const MAX_MARKUP_DEPTH = 32
/** The only attribute, and only on <a>. */
export const ALLOWED_ATTR = ['href'] as const
/** http(s), mailto, tel, in-page anchors and site-relative paths; `//host` and `/\host` leave the site, so they are out. */
export const SAFE_HREF = /^(?:https?:|mailto:|tel:|#|\/(?![/\\]))/i

/**
 * Unknown elements whose text is code, styling, controls or fallback, never prose: removed with all
 * inside them. Any other unknown element (span, div…) gives up its text; empty ones (base, meta) vanish.
 */
export const DROP_WITH_CONTENT = new Set(
  'script style template textarea title xmp plaintext noscript noembed noframes iframe object applet svg math select option button form head audio video canvas'.split(
    ' ',
  ),
)

const allowed = new Set<string>(ALLOWED_TAGS)
export const isAllowedTag = (tag: string) => allowed.has(tag)

/**
 * The href a page may carry, or undefined. Browsers drop tabs and line breaks inside a URL and trim
 * the ends, so the check runs on what the browser would follow; any other control character fails.
 */
export function safeHref(value: unknown): string | undefined {
  const href = typeof value === 'string' ? value.replace(/[\t\n\r]/g, '').trim() : ''
  return SAFE_HREF.test(href) && !/[\0-\x1f\x7f]/.test(href) ? href : undefined
}

/**
 * Markup as the browser receives it: already parsed, so no HTML parser ships with the page.
 * A node is text, or [tag, attributes or 0, ...children].
 */
export type MarkupNode = string | [tag: string, attrs: Record<string, string> | 0, ...children: MarkupNode[]]
