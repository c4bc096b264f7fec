import { apiBase } from '../../lib/api'
import type { BlogSummary } from './blog-types'
import type { SiteDataStore } from './site-data'

export const BLOGS_URL = `${apiBase}/blogs/blog?resultPerPage=40&currentPage=1`
export const PROJECTS_URL = `${apiBase}/projects/project`

async function fetchJson(url: string, fetcher: typeof fetch): Promise<Record<string, unknown>> {
  const response = await fetcher(url, { headers: { accept: 'application/json' } })
  if (!response.ok) throw new Error('Failed to fetch data')
  return (await response.json()) as Record<string, unknown>
}

/**
 * The two fetches of SPEC section 7, run once when the app starts. Failures are logged and leave
 * the blogs empty; the blogs' loading flag ends either way.
 */
export function startSiteDataFetch(store: SiteDataStore, fetcher: typeof fetch = fetch): Promise<void> {
  const blogs = fetchJson(BLOGS_URL, fetcher)
    .then((body) => store.set({ blogs: Array.isArray(body.blogs) ? (body.blogs as BlogSummary[]) : [] }))
    .catch((error: unknown) => console.error('Blogs could not be loaded:', error))
    .finally(() => store.set({ blogsLoading: false }))
  const projects = fetchJson(PROJECTS_URL, fetcher)
    .then((body) => store.set({ projects: Array.isArray(body.project) ? body.project : [] }))
    .catch((error: unknown) => console.error('Projects could not be loaded:', error))
  return Promise.all([blogs, projects]).then(() => undefined)
}
