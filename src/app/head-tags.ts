import type { HeadData } from './document-head'

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** JSON inside <script>: '<' escaped so no value can end the element. */
const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

export interface HeadContext {
  /** Absolute origin of the public site, e.g. https://www.example.com */
  siteUrl: string
  siteName: string
  /** Absolute or site-relative URL of the default share image. */
  shareImage?: string
  themeColor: string
}

/** The <head> tags of a prerendered route, from what the route declared. */
export function renderHeadTags(head: HeadData, context: HeadContext): string {
  const canonical = new URL(head.path, context.siteUrl).href
  const image = context.shareImage ? new URL(context.shareImage, context.siteUrl).href : undefined
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    `<meta name="robots" content="${head.noindex ? 'noindex' : 'index, follow'}" />`,
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    `<meta name="theme-color" content="${context.themeColor}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(context.siteName)}" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(canonical)}" />`,
    ...(image ? [`<meta property="og:image" content="${escapeHtml(image)}" />`] : []),
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${escapeHtml(head.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(head.description)}" />`,
    ...(image ? [`<meta name="twitter:image" content="${escapeHtml(image)}" />`] : []),
    ...(head.jsonLd ?? []).map((data) => `<script type="application/ld+json">${jsonForScript(data)}</script>`),
  ]
  return tags.join('\n    ')
}
