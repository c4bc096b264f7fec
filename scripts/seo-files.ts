import { execFileSync } from 'node:child_process'
import { statSync } from 'node:fs'
import path from 'node:path'
import { escapeMarkup } from '../src/core/escape.ts'
import type { Redirect, SiteManifest } from '../src/core/manifest.ts'

export interface SitemapEntry {
  path: string
  /** ISO date of the content's last change. */
  lastmod?: string
}

/** /sitemap.xml: every public route with an absolute URL and the date its content last changed. */
export function sitemapXml(siteUrl: string, entries: SitemapEntry[]): string {
  const urls = entries.map(
    (e) =>
      `  <url><loc>${escapeMarkup(new URL(e.path, siteUrl).href)}</loc>${e.lastmod ? `<lastmod>${e.lastmod.slice(0, 10)}</lastmod>` : ''}</url>`,
  )
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
}

/** The sitemap's entries: the indexable routes with the day each last changed; never an old address that redirects. */
export function sitemapEntries({ routes, redirects = [] }: Pick<SiteManifest, 'routes' | 'redirects'>): SitemapEntry[] {
  const redirected = new Set(redirects.map((r) => r.from.toLowerCase()))
  return routes
    .filter((r) => r.indexable && !redirected.has(r.route.toLowerCase()))
    .map((r) => ({ path: r.route, lastmod: r.lastmod }))
}

/** /_redirects for Netlify and Cloudflare Pages: content/redirects.yaml's moves as permanent redirects, as our server does. */
export function hostRedirectsFile(redirects: readonly Redirect[] = []): string {
  const lines = redirects.map(({ from, to }) => `${from} ${to} 301`)
  return ['# Old page addresses (content/redirects.yaml), sent on for good.', ...lines, ''].join('\n')
}

/** /robots.txt: everything allowed and the sitemap named; a preview build turns every robot away. */
export function robotsTxt(siteUrl: string, { preview = false } = {}): string {
  if (preview) return 'User-agent: *\nDisallow: /\n'
  return `User-agent: *\nAllow: /\n\nSitemap: ${new URL('/sitemap.xml', siteUrl).href}\n`
}

/** /_headers of a preview build for Cloudflare Pages: noindex on every path, so no search engine lists a preview. */
export const previewHeadersFile = () => '/*\n  X-Robots-Tag: noindex\n'

/** When each file last changed: its last git commit (one `git log` for all), or its file time if git does not know it. */
export function lastChanged(root: string, files: string[]): Map<string, string> {
  const found = new Map<string, string>()
  try {
    const log = execFileSync('git', ['log', '--format=@%cI', '--name-only', '--', 'content'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 64 * 1024 * 1024,
    })
    let date = ''
    for (const line of log.split('\n')) {
      if (line.startsWith('@')) date = line.slice(1)
      else if (line && !found.has(line)) found.set(line, date)
    }
  } catch {
    // Not a git checkout (a release tarball, a temp folder): file times below.
  }
  for (const file of files) if (!found.has(file)) found.set(file, statSync(path.join(root, file)).mtime.toISOString())
  return found
}
