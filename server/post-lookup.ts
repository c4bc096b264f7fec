import { blogListUrl, isEmbeddedApi, type BlogApiSettings } from '../src/core/blog-api.ts'
import { checkBlogs } from '../src/core/check-blogs.ts'

/** Whether the blog API lists a post: it does, it does not, or it could not be asked just now. */
export type PostAnswer = 'listed' | 'unlisted' | 'unavailable'

/** How long one answer of the API's post list is used before it is asked again. */
const LIST_KEPT_MS = 60_000
/** How long a failed look-up stands before the API is asked again. */
const FAILURE_KEPT_MS = 10_000
/** A page request waits at most this long for the API, as the browser's own look-ups do. */
const ASK_TIMEOUT_MS = 3000
/** Far above a list of 40 posts with their bodies; a larger answer is not read. */
const MAX_LIST_BYTES = 4 * 1024 * 1024

/** The body of an answer, read up to `limit` bytes; undefined past it. */
async function readLimited(response: Response, limit: number): Promise<string | undefined> {
  const declared = Number(response.headers.get('content-length') ?? 0)
  if (declared > limit || !response.body) return declared > limit ? undefined : ''
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength
    if (size > limit) {
      await reader.cancel()
      return undefined
    }
    chunks.push(read.value)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/**
 * Whether the blog API lists a post published after the build, from the list the pages read, checked
 * by the same rules. One answer is kept a minute and shared, so unknown addresses cannot multiply calls
 * to the API. With the embedded API the build knows every post.
 */
export function createPostLookup(
  settings: BlogApiSettings,
  { fetcher = fetch, now = Date.now, warn = (_message: string) => {} } = {},
): (customUrl: string) => Promise<PostAnswer> {
  if (isEmbeddedApi(settings)) return async () => 'unlisted'
  let kept: { until: number; slugs: Promise<Set<string> | undefined> } | undefined
  const ask = async (): Promise<Set<string> | undefined> => {
    try {
      const response = await fetcher(blogListUrl(settings), {
        headers: { accept: 'application/json' },
        redirect: 'error',
        signal: AbortSignal.timeout(ASK_TIMEOUT_MS),
      })
      if (!response.ok) throw new Error(`HTTP ${response.status}`)
      const text = await readLimited(response, MAX_LIST_BYTES)
      if (text === undefined) throw new Error(`answer over ${MAX_LIST_BYTES} bytes`)
      const body = JSON.parse(text) as { blogs?: unknown } | null
      return new Set(checkBlogs(body?.blogs, settings.imageOrigins, warn).map((b) => b.custom_url))
    } catch (error) {
      warn(`the blog API's post list could not be read: ${(error as Error).message}`)
      return undefined
    }
  }
  return async (customUrl) => {
    if (!kept || now() >= kept.until) kept = { until: now() + LIST_KEPT_MS, slugs: ask() }
    const asked = kept
    const slugs = await asked.slugs
    if (!slugs) {
      asked.until = Math.min(asked.until, now() + FAILURE_KEPT_MS)
      return 'unavailable'
    }
    return slugs.has(customUrl) ? 'listed' : 'unlisted'
  }
}
