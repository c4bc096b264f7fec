import { gzipSync } from 'node:zlib'
import type { PageFacts } from './report.ts'

/** What an editor wants to know of a built page: its title, how much text, links and pictures, its weight. */
export function pageFacts(html: string): PageFacts {
  const main = /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? html
  const text = main
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z#0-9]+;/gi, ' ')
  const links = new Set([...main.matchAll(/<a [^>]*href="(\/[^"#]*)"/g)].map((m) => m[1]).filter((href) => href !== '/'))
  const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1]
  return {
    title: decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ''),
    descriptionLength: description === undefined ? undefined : decode(description).length,
    words: text.split(/\s+/).filter((w) => /\w/.test(w)).length,
    links: links.size,
    images: (main.match(/<img /g) ?? []).length,
    gzipBytes: gzipSync(html).length,
  }
}

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
