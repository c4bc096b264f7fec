import createDOMPurify, { type Config, type DOMPurify } from 'dompurify'
import { htmlToDOM } from 'html-react-parser'
import type { ParsedNode } from '../../core/markup-html'

/**
 * A post body the API sent as an HTML string, sanitized with `config` (the build's allow-list, passed
 * in so it stays out of this chunk) and parsed. Loaded only by a post page that needs it; needs a DOM.
 */
export function sanitizeHtml(html: string, config: Config, purify: DOMPurify = createDOMPurify(window)): ParsedNode[] {
  return htmlToDOM(purify.sanitize(html, config) as unknown as string) as unknown as ParsedNode[]
}
