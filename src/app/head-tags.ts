import { robotsContent, type HeadData } from '../lib/document-head'
import { escapeMarkup } from '../core/escape'

/** JSON inside <script>: '<' escaped so no value can end the element. */
const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

export interface HeadContext {
  /** Absolute origin of the public site, e.g. https://www.example.com */
  siteUrl: string
  siteName: string
  /** Site-relative URL of the share image (PNG or JPEG: what social networks accept). */
  shareImage?: string
  themeColor: string
  organization: { name: string; legalName: string; logo: string; email: string; telephone: string; address: string }
}

/** schema.org objects for the page: the organization everywhere, plus breadcrumbs, service or article. */
function structuredData(head: HeadData, context: HeadContext): object[] {
  const abs = (p: string) => new URL(p, context.siteUrl).href
  const org = context.organization
  const organization = {
    '@type': 'Organization',
    '@id': abs('/#organization'),
    name: org.name,
    legalName: org.legalName,
    url: abs('/'),
    logo: abs(org.logo),
    email: org.email,
    telephone: org.telephone,
    address: org.address,
  }
  const graph: object[] = [organization]
  if (head.breadcrumbs?.length) {
    graph.push({
      '@type': 'BreadcrumbList',
      itemListElement: head.breadcrumbs.map((b, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        name: b.name,
        item: abs(b.path),
      })),
    })
  }
  if (head.service) {
    graph.push({
      '@type': 'Service',
      name: head.service.name,
      description: head.service.description,
      url: abs(head.path),
      provider: { '@id': organization['@id'] },
      ...(head.service.areaServed ? { areaServed: head.service.areaServed } : {}),
    })
  }
  if (head.article) {
    graph.push({
      '@type': 'BlogPosting',
      headline: head.article.headline,
      description: head.description,
      url: abs(head.path),
      ...(head.article.datePublished ? { datePublished: head.article.datePublished } : {}),
      ...(head.article.image ? { image: abs(head.article.image) } : {}),
      author: head.article.author ? { '@type': 'Organization', name: head.article.author } : { '@id': organization['@id'] },
      publisher: { '@id': organization['@id'] },
    })
  }
  return [{ '@context': 'https://schema.org', '@graph': graph }]
}

/** The <head> tags of a prerendered route, from what the route declared. */
export function renderHeadTags(head: HeadData, context: HeadContext): string {
  const canonical = new URL(head.path, context.siteUrl).href
  const image = context.shareImage ? new URL(context.shareImage, context.siteUrl).href : undefined
  const tags = [
    `<title>${escapeMarkup(head.title)}</title>`,
    `<meta name="description" content="${escapeMarkup(head.description)}" />`,
    // A preview build (VITE_PREVIEW=1) keeps every page out of search results.
    `<meta name="robots" content="${robotsContent(head.noindex)}" />`,
    `<link rel="canonical" href="${escapeMarkup(canonical)}" />`,
    `<meta name="theme-color" content="${context.themeColor}" />`,
    `<meta property="og:type" content="${head.article ? 'article' : 'website'}" />`,
    `<meta property="og:locale" content="en_US" />`,
    `<meta property="og:site_name" content="${escapeMarkup(context.siteName)}" />`,
    `<meta property="og:title" content="${escapeMarkup(head.title)}" />`,
    `<meta property="og:description" content="${escapeMarkup(head.description)}" />`,
    `<meta property="og:url" content="${escapeMarkup(canonical)}" />`,
    ...(image
      ? [
          `<meta property="og:image" content="${escapeMarkup(image)}" />`,
          `<meta property="og:image:width" content="1200" />`,
          `<meta property="og:image:height" content="630" />`,
        ]
      : []),
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${escapeMarkup(head.title)}" />`,
    `<meta name="twitter:description" content="${escapeMarkup(head.description)}" />`,
    ...(image ? [`<meta name="twitter:image" content="${escapeMarkup(image)}" />`] : []),
    ...structuredData(head, context).map((data) => `<script type="application/ld+json">${jsonForScript(data)}</script>`),
  ]
  return tags.join('\n    ')
}
