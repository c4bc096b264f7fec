/**
 * Which blog API the built site reads and where its pictures may come from. Both are set once, at
 * build time: the browser's post check, the server's Content-Security-Policy and the server's post
 * look-up all derive from this value, so a picture the check accepts is one the page may load.
 */
export interface BlogApiSettings {
  /** Base of the API, without a trailing slash: `/api` (the embedded one) or an absolute URL. */
  url: string
  /** Origins a post's picture may be loaded from, besides this site: the API's own and those listed. */
  imageOrigins: string[]
}

/** The variables the settings are read from. */
export interface BlogApiEnv {
  /** The API base; `/api` when unset. */
  VITE_API_URL?: string
  /** Further picture hosts of the API's posts (a CDN), as origins separated by spaces or commas. */
  VITE_BLOG_IMAGE_ORIGINS?: string
}

class BlogApiSettingsError extends Error {}

/** An absolute http(s) address's origin, or an error naming the variable. */
function originOf(name: string, value: string): string {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new BlogApiSettingsError(`${name}: "${value}" is not an absolute URL; write an origin such as https://cdn.example.com`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new BlogApiSettingsError(`${name}: "${value}" is not an http or https address`)
  return url.origin
}

/** Reads the settings; a value that is not an address is an error naming the variable. */
export function blogApiSettings(env: BlogApiEnv): BlogApiSettings {
  const url = (env.VITE_API_URL || '/api').replace(/\/+$/, '')
  const own = isEmbeddedApi({ url }) ? [] : [originOf('VITE_API_URL', url)]
  const listed = (env.VITE_BLOG_IMAGE_ORIGINS ?? '')
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((value) => originOf('VITE_BLOG_IMAGE_ORIGINS', value))
  return { url, imageOrigins: [...new Set([...own, ...listed])] }
}

/** Whether the site's pages call the embedded API (a path on this site), whose posts are all known to the build. */
export const isEmbeddedApi = (settings: Pick<BlogApiSettings, 'url'>) => !/^[a-z][\w+.-]*:/i.test(settings.url)

/** How many posts a page asks the API for; an answer with more is cut to it. */
export const BLOGS_PER_PAGE = 40

/** The address of the API's post list, as the pages and the server ask it. */
export const blogListUrl = (settings: Pick<BlogApiSettings, 'url'>) =>
  `${settings.url}/blogs/blog?resultPerPage=${BLOGS_PER_PAGE}&currentPage=1`
