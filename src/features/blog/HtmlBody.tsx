import { useEffect, useState } from 'react'
import { Markup } from '../../components/Markup'
import { PURIFY_CONFIG, toBlocks } from '../../core/markup-html'
import type { MarkupNode } from '../../core/markup-policy'
import { stripTags } from '../../core/blog'

/**
 * A post body given as HTML. The sanitizer and the parser load only here, after hydration; until
 * then (and in the server render) the body shows as plain text.
 */
export function HtmlBody({ html }: { html: string }) {
  const [parsed, setParsed] = useState<{ html: string; blocks: MarkupNode[] } | null>(null)
  useEffect(() => {
    let current = true
    import('./html-body')
      .then(({ sanitizeHtml }) => current && setParsed({ html, blocks: toBlocks(sanitizeHtml(html, PURIFY_CONFIG)) }))
      .catch((error: unknown) => console.error('The post body could not be shown formatted:', error))
    return () => {
      current = false
    }
  }, [html])
  if (parsed?.html === html) return <Markup blocks={parsed.blocks} />
  return <p>{stripTags(html)}</p>
}
