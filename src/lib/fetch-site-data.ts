import { apiBase, blogApi } from './api'
import { blogListUrl } from '../core/blog-api'
import { checkBlogs } from '../core/check-blogs'
import type { SiteDataStore } from './site-data'

const BLOGS_URL = blogListUrl(blogApi)
const PROJECTS_URL = `${apiBase}/projects/project`

async function fetchJson(url: string, fetcher: typeof fetch): Promise<Record<string, unknown>> {
  const response = await fetcher(url, { headers: { accept: 'application/json' } })
  if (!response.ok) throw new Error('Failed to fetch data')
  const body: unknown = await response.json()
  // The answer is untrusted input: anything but an object reads as an object without fields.
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {}
}

/**
 * The two fetches (blogs, projects), run once when the app starts. Failures are logged and leave
 * the blogs empty; the blogs' loading flag ends either way.
 */
export function startSiteDataFetch(store: SiteDataStore, fetcher: typeof fetch = fetch): Promise<void> {
  const blogs = fetchJson(BLOGS_URL, fetcher)
    .then((body) => store.set({ blogs: checkBlogs(body.blogs, blogApi.imageOrigins) }))
    .catch((error: unknown) => console.error('Blogs could not be loaded:', error))
    .finally(() => store.set({ blogsLoading: false }))
  const projects = fetchJson(PROJECTS_URL, fetcher)
    .then((body) =>
      store.set({ projects: Array.isArray(body.project) ? body.project.filter((p) => typeof p === 'object' && p !== null) : [] }),
    )
    .catch((error: unknown) => console.error('Projects could not be loaded:', error))
  return Promise.all([blogs, projects]).then(() => undefined)
}
