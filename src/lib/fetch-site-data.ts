import { useEffect } from 'react'
import { blogApi } from './api'
import { blogListUrl } from '../core/blog-api'
import { checkBlogs } from '../core/check-blogs'
import { useSiteData, useSiteDataStore, type SiteDataState, type SiteDataStore } from './site-data'

const BLOGS_URL = blogListUrl(blogApi)

/** GET of a JSON object; any other answer reads as an object without fields, a non-2xx status as an error. */
export async function fetchJson(url: string, fetcher: typeof fetch): Promise<Record<string, unknown>> {
  const response = await fetcher(url, { headers: { accept: 'application/json' } })
  if (!response.ok) throw new Error('Failed to fetch data')
  const body: unknown = await response.json()
  // The answer is untrusted input: anything but an object reads as an object without fields.
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {}
}

/**
 * The blog list, asked for and checked as it arrives. A failure is logged and leaves the blogs as
 * they were; the loading flag ends either way.
 */
export function startSiteDataFetch(store: SiteDataStore, fetcher: typeof fetch = fetch): Promise<void> {
  return fetchJson(BLOGS_URL, fetcher)
    .then((body) => store.set({ blogs: checkBlogs(body.blogs, blogApi.imageOrigins) }))
    .catch((error: unknown) => console.error('Blogs could not be loaded:', error))
    .finally(() => store.set({ blogsLoading: false }))
}

const asked = new WeakSet<SiteDataStore>()

/** Marks `store`'s blog list as final: no part asks for it (the form editor's preview calls no API). */
export const keepBlogList = (store: SiteDataStore) => void asked.add(store)

/** Asks for the blog list into `store` unless it was asked for already: once per visit. */
export function askForBlogList(store: SiteDataStore, fetcher: typeof fetch = fetch) {
  if (asked.has(store)) return
  asked.add(store)
  void startSiteDataFetch(store, fetcher)
}

/**
 * The site data, for a part that shows the blog list (Recent Blogs, the blog's pages): the first such
 * part to hydrate asks for the list. Its fetch and check travel with those parts' code, not in every
 * page's start, and a landing page asks only when the visitor nears its Recent Blogs.
 */
export function useBlogList(): SiteDataState {
  const store = useSiteDataStore()
  useEffect(() => askForBlogList(store), [store])
  return useSiteData()
}
