import { afterEach, describe, expect, it, vi } from 'vitest'
import { askForBlogList, keepBlogList, startSiteDataFetch } from './fetch-site-data'
import { createSiteDataStore } from './site-data'
import { emptySiteData } from './initial-data'

const post = { id: 1, custom_url: 'first-post', image: '/images/a.webp', meta_title: 'First', meta_desc: 'About it' }

/** A fetch that answers every request with `answer` and records what was asked. */
function fakeFetch(answer: () => Promise<Response>) {
  const asked: string[] = []
  const fetcher = (url: string | URL | Request) => {
    asked.push(String(url))
    return answer()
  }
  return { asked, fetcher: fetcher as typeof fetch }
}

afterEach(() => vi.restoreAllMocks())

describe('startSiteDataFetch', () => {
  it('asks for the blog list and nothing else, and stores the checked list', async () => {
    const { asked, fetcher } = fakeFetch(async () => Response.json({ blogs: [post, { id: 'bad' }] }))
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const store = createSiteDataStore(emptySiteData)
    await startSiteDataFetch(store, fetcher)
    expect(asked).toEqual(['/api/blogs/blog?resultPerPage=40&currentPage=1'])
    expect(store.get()).toEqual({ blogs: [post], blogsLoading: false })
  })

  it('logs a failure, keeps the blogs it has and ends the loading state', async () => {
    const { fetcher } = fakeFetch(async () => new Response('busy', { status: 503 }))
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const store = createSiteDataStore({ blogs: [post], blogsLoading: true })
    await startSiteDataFetch(store, fetcher)
    expect(logged).toHaveBeenCalledOnce()
    expect(store.get()).toEqual({ blogs: [post], blogsLoading: false })
  })
})

describe('askForBlogList', () => {
  it('asks once per store, however many parts showing the list hydrate', async () => {
    const { asked, fetcher } = fakeFetch(async () => Response.json({ blogs: [post] }))
    const store = createSiteDataStore(emptySiteData)
    const loaded = new Promise<void>((resolve) => store.subscribe(() => !store.get().blogsLoading && resolve()))
    askForBlogList(store, fetcher)
    askForBlogList(store, fetcher)
    await loaded
    expect(asked).toHaveLength(1)
    expect(store.get()).toEqual({ blogs: [post], blogsLoading: false })
    askForBlogList(createSiteDataStore(emptySiteData), fetcher)
    expect(asked).toHaveLength(2)
  })

  it('never asks for a list kept as it is', () => {
    const { asked, fetcher } = fakeFetch(async () => Response.json({ blogs: [post] }))
    const store = createSiteDataStore({ blogs: [], blogsLoading: false })
    keepBlogList(store)
    askForBlogList(store, fetcher)
    expect(asked).toEqual([])
  })
})
