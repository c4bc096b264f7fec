import createDOMPurify, { type DOMPurify } from 'dompurify'
import { htmlToDOM } from 'html-react-parser'
import { PURIFY_CONFIG, toBlocks, type MarkupNode, type ParsedNode } from '../../lib/markup-policy'

/**
 * A post body the API sent as an HTML string: sanitized with the build's allow-list, then parsed into
 * the blocks the markup renderer draws. Loaded only by a post page that needs it; it needs a DOM.
 */
export function htmlToBlocks(html: string, purify: DOMPurify = createDOMPurify(window)): MarkupNode[] {
  const clean = purify.sanitize(html, PURIFY_CONFIG) as string
  return toBlocks(htmlToDOM(clean) as unknown as ParsedNode[])
}
