/**
 * The one allow-list of description markup, shared by the build's sanitizer (codegen/markup.ts) and the
 * browser's renderer and sanitizer, so what the build accepts and what a page renders cannot drift.
 * No DOM here: the server render, the build and the browser all import it.
 */

/** The only elements description markup may use. */
export const ALLOWED_TAGS = ['b', 'strong', 'i', 'em', 'a', 'br', 'p', 'ul', 'ol', 'li'] as const
/** The only attribute, and only on <a>. */
export const ALLOWED_ATTR = ['href'] as const
/** http(s), mailto, tel, in-page anchors and site-relative paths; `//host` and `/\host` leave the site, so they are out. */
export const SAFE_HREF = /^(?:https?:|mailto:|tel:|#|\/(?![/\\]))/i

/**
 * Elements removed with everything inside them (DOMPurify's FORBID_CONTENTS, plus forms and embeds):
 * their text is code, styling or controls, never prose. Any other unknown element keeps its text.
 */
export const DROP_WITH_CONTENT = new Set([
  'script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'noscript', 'noembed',
  'noframes', 'template', 'title', 'head', 'base', 'meta', 'link', 'svg', 'math', 'xmp', 'plaintext',
  'textarea', 'select', 'option', 'button', 'input', 'form', 'audio', 'video', 'canvas', 'portal',
  'annotation-xml', 'foreignobject', 'desc', 'colgroup', 'thead', 'mi', 'mn', 'mo', 'ms', 'mtext',
])

const allowed = new Set<string>(ALLOWED_TAGS)
export const isAllowedTag = (tag: string) => allowed.has(tag)

/**
 * The href a page may carry, or undefined. Browsers drop tabs and line breaks inside a URL and trim
 * spaces and control characters around it, so the check runs on what the browser would follow.
 */
export function safeHref(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  // eslint-disable-next-line no-control-regex
  const href = value.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '')
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(href)) return undefined
  return SAFE_HREF.test(href) ? href : undefined
}

/** DOMPurify's settings for description markup, the same in the build and the browser. */
export const PURIFY_CONFIG = {
  ALLOWED_TAGS: [...ALLOWED_TAGS],
  ALLOWED_ATTR: [...ALLOWED_ATTR],
  ALLOWED_URI_REGEXP: SAFE_HREF,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
}

/**
 * Markup as the browser receives it: already parsed, so no HTML parser ships with the page.
 * A node is text, or [tag, attributes or 0, ...children].
 */
export type MarkupNode = string | [tag: string, attrs: Record<string, string> | 0, ...children: MarkupNode[]]

/** A parsed HTML node as htmlparser2 and html-react-parser give it (domhandler's shape), without the DOM. */
export interface ParsedNode {
  type: string
  data?: string
  name?: string
  attribs?: Record<string, string>
  children?: ParsedNode[]
}

const BLOCK_TAGS = new Set(['p', 'ul', 'ol'])

function toNodes(children: readonly ParsedNode[]): MarkupNode[] {
  const out: MarkupNode[] = []
  for (const child of children) {
    if (child.type === 'text') out.push(child.data ?? '')
    else if (child.type === 'tag' && child.name) {
      const attrs = child.attribs && Object.keys(child.attribs).length > 0 ? { ...child.attribs } : 0
      out.push([child.name, attrs, ...toNodes(child.children ?? [])])
    }
  }
  return out
}

/** Parsed, sanitized HTML as the blocks a page renders: inline text on its own is wrapped in <p>. */
export function toBlocks(parsed: readonly ParsedNode[]): MarkupNode[] {
  const nodes = toNodes(parsed)
  const isBlock = (n: MarkupNode) => typeof n !== 'string' && BLOCK_TAGS.has(n[0])
  if (!nodes.some(isBlock)) return [['p', 0, ...nodes]]
  return nodes.filter((n) => typeof n !== 'string' || n.trim() !== '')
}
