import type { ApiBlog } from '../../core/blog'
import { checkEntry } from '../../core/check-blogs'
import { blogApi } from '../../lib/api'
import { fetchJson } from '../../lib/fetch-site-data'
import type { PostBody, SiteDataStore } from '../../lib/site-data'

/**
 * One post as the API answers GET <api>/blogs/blog/<custom_url>: `{"blog": {...}}` (or the post
 * itself, as another API may send it), checked by the list's rules and required to be the post
 * asked for. Anything else is undefined, with one warning: the page then shows no body.
 */
export function checkPost(
  value: unknown,
  customUrl: string,
  imageOrigins: readonly string[],
  warn: (message: string) => void = console.warn,
): ApiBlog | undefined {
  const entry = typeof value === 'object' && value !== null && 'blog' in value ? value.blog : value
  const checked = checkEntry(entry, imageOrigins)
  if ('blog' in checked && checked.blog.custom_url === customUrl) return checked.blog
  const field = 'field' in checked ? checked.field : 'custom_url (not the post asked for)'
  warn(`Post ${customUrl} from the API: left out, bad field: ${field}`)
  return undefined
}

/**
 * A post's body, asked for once per post when its page needs it (our list carries none): the store
 * then holds it under the post's custom_url. A failure, an answer that fails the checks or a post
 * without a body reads as 'unavailable' (the page shows the meta description); a second call for
 * the same post asks nothing. Lives with the post page, so no other page's start-up carries it.
 */
export function fetchPostBody(store: SiteDataStore, customUrl: string, fetcher: typeof fetch = fetch): Promise<void> {
  if (store.get().bodies?.[customUrl]) return Promise.resolve()
  const keep = (body: PostBody) => store.set({ bodies: { ...store.get().bodies, [customUrl]: body } })
  keep('loading')
  return fetchJson(`${blogApi.url}/blogs/blog/${encodeURIComponent(customUrl)}`, fetcher)
    .then((answer) => {
      const post = checkPost(answer, customUrl, blogApi.imageOrigins)
      keep(post?.description === undefined ? 'unavailable' : { description: post.description })
    })
    .catch((error: unknown) => {
      console.error(`The post ${customUrl} could not be loaded:`, error)
      keep('unavailable')
    })
}
