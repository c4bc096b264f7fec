import { blogRoute, type BuiltBlog } from '../src/core/blog.ts'
import type { BlogApiSettings } from '../src/core/blog-api.ts'
import { movesOf, type ManifestRoute, type SiteManifest } from '../src/core/manifest.ts'
import { BLOGS_DIR, FIXED_ROUTES, htmlFileFor } from '../src/core/routes.ts'
import type { BlogData } from '../src/core/content.ts'
import { CONTENT_DIRS } from '../checker/content-files.ts'
import type { ContentSet } from './content.ts'

/** Checked content blogs in the shape the API serves them, newest first. */
export function builtBlogs(content: Pick<ContentSet, 'blogs'>): BuiltBlog[] {
  return (content.blogs as unknown as BlogData[]).map((b) => ({
    id: b.id,
    custom_url: b.custom_url,
    image: b.image.src,
    meta_title: b.meta_title,
    meta_desc: b.meta_desc,
    title: b.title,
    image_alt: b.image.alt,
    image_width: b.image.width,
    image_height: b.image.height,
    description: b.description,
    published: b.published,
    ...(b.author ? { author: b.author } : {}),
  }))
}

/** Every route the build prerenders, with its HTML file and the content file it is made from. */
export function manifestRoutes(content: Pick<ContentSet, 'pages' | 'blogs'>): ManifestRoute[] {
  const route = (path: string, source: string, indexable = true): ManifestRoute => ({
    route: path,
    file: htmlFileFor(path),
    source,
    indexable,
  })
  return [
    ...FIXED_ROUTES.map((r) => route(r.route, CONTENT_DIRS.site, r.indexable)),
    ...(content.blogs as { custom_url: string }[]).map((b) =>
      route(blogRoute(b.custom_url), `${BLOGS_DIR}/${b.custom_url}.yaml`),
    ),
    ...content.pages.map((p) => route(p.route, p.file)),
  ]
}

/**
 * What the server reads of a site built from `content`: routes, posts, projects, the blog API, how long
 * leads are kept, the redirects. The build writes it; `npm run dev` makes it in memory.
 */
export function siteManifest(
  content: Pick<ContentSet, 'pages' | 'blogs' | 'projects' | 'site' | 'redirects'>,
  { siteUrl, blogApi, preview = false }: { siteUrl: string; blogApi: BlogApiSettings; preview?: boolean },
): SiteManifest {
  return {
    siteUrl,
    routes: manifestRoutes(content),
    blogs: builtBlogs(content),
    // The project list of projects.yaml, as GET /api/projects/project serves it.
    projects: (content.projects as { project?: unknown[] } | undefined)?.project ?? [],
    blogApi,
    retentionDays: (content.site as { privacy: { retentionDays: number } }).privacy.retentionDays,
    // Only a preview build names it, so the live build's manifest stays as it was.
    ...(preview ? { preview: true as const } : {}),
    redirects: movesOf(content.redirects),
  }
}
