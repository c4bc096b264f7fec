/** What turns an HTML string into renderer blocks, at build time and in the browser; DOM-free too. */
import { ALLOWED_ATTR, ALLOWED_TAGS, SAFE_HREF, type MarkupNode } from './markup-policy.ts'

/** DOMPurify's settings for description markup, the same in the build and the browser. */
export const PURIFY_CONFIG = {
  ALLOWED_TAGS: [...ALLOWED_TAGS],
  ALLOWED_ATTR: [...ALLOWED_ATTR],
  ALLOWED_URI_REGEXP: SAFE_HREF,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
}

/** A parsed HTML node as htmlparser2 and html-react-parser give it (domhandler's shape), without the DOM. */
export interface ParsedNode {
  type: string
  data?: string
  name?: string
  attribs?: Record<string, string>
  children?: ParsedNode[]
}

/** Blocks a description field is made of; anything else is inline and wrapped in <p>. */
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
