import type { Redirect as RedirectEntry } from '../generated/content-types.ts'
import type { BuiltBlog } from './blog.ts'
import type { BlogApiSettings } from './blog-api.ts'

/** Where the build writes the manifest inside dist/; the server never serves dot-folders. */
export const SITE_MANIFEST_PATH = '.site/manifest.json'

/** One prerendered route. */
export interface ManifestRoute {
  route: string
  /** The HTML file under dist/ that serves it. */
  file: string
  /** The content file it is made from, relative to the project root. */
  source: string
  /** Listed in the sitemap (the 404 and thank-you pages are not). */
  indexable: boolean
  /** ISO time its content last changed. */
  lastmod?: string
}

/** An old page address and the route it now leads to, as content/redirects.yaml lists it, without its note. */
export type Redirect = Pick<RedirectEntry, 'from' | 'to'>

/** The moves of content/redirects.yaml as the server and the browser use them: the editors' notes stay behind. */
export const movesOf = (redirects: readonly Redirect[]): Redirect[] => redirects.map(({ from, to }) => ({ from, to }))

/**
 * Everything the running site needs from the content, written by the build next to the HTML: the
 * server serves from it and never reads or checks content itself.
 */
export interface SiteManifest {
  siteUrl: string
  routes: ManifestRoute[]
  /** Newest first, as GET /api/blogs/blog lists them. */
  blogs: BuiltBlog[]
  projects: unknown[]
  /** The blog API the pages call and the hosts of its pictures, as the build compiled them in. */
  blogApi: BlogApiSettings
  /** How many days a lead is kept: the privacy notice states it, the server's clean-up keeps to it. */
  retentionDays: number
  /** Set on a pull request's preview build (VITE_PREVIEW=1): every answer carries X-Robots-Tag: noindex. */
  preview?: true
  /** Old page addresses the server answers with a permanent redirect to their page. */
  redirects?: Redirect[]
}
