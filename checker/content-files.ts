import type { ContentKind } from './schemas.ts'
import { BLOGS_DIR, PAGES_DIR } from '../src/core/routes.ts'

/** Where content lives, relative to the project root. */
export const CONTENT_DIRS = {
  site: 'content/site.yaml',
  pages: PAGES_DIR,
  blogs: BLOGS_DIR,
  projects: 'content/projects.yaml',
  redirects: 'content/redirects.yaml',
  public: 'public',
} as const

/** Which kind of content a file under content/ holds, from where it sits. */
export function contentKindOf(relativeFile: string): ContentKind | undefined {
  const rel = relativeFile.replaceAll('\\', '/')
  if (rel === CONTENT_DIRS.site) return 'site'
  if (rel === CONTENT_DIRS.projects) return 'projects'
  if (rel === CONTENT_DIRS.redirects) return 'redirects'
  if (rel.startsWith(CONTENT_DIRS.pages + '/') && rel.endsWith('.yaml')) return 'page'
  if (rel.startsWith(CONTENT_DIRS.blogs + '/') && rel.endsWith('.yaml')) return 'blog'
  return undefined
}
