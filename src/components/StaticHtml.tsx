/**
 * Sections that are only words, pictures and links, as HTML the build rendered: the browser ships no
 * code for them. Hydration leaves the server's nodes as they are; a new page's HTML replaces them.
 * Their links navigate as Link's do (the router's one listener of `[data-static] a`); their 'Talk to
 * Expert' buttons open the popup through the page loader's one listener (src/lib/consultation-asks.ts).
 * The wrapper takes no box of its own.
 */
export function StaticHtml({ name, html }: { name: string; html: string }) {
  return <div className="static-html" data-static={name} dangerouslySetInnerHTML={{ __html: html }} />
}
