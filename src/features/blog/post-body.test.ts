import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { loadConfig } from '../../../server/config'
import { createServer } from '../../../server/create-server'
import { testContent } from '../../../tests/support/content'
import type { BuiltBlog } from '../../core/blog'
import { createSiteDataStore } from '../../lib/site-data'
import { checkPost, fetchPostBody } from './post-body'

const post = { id: 1, custom_url: 'first-post', image: '/images/a.webp', meta_title: 'First', meta_desc: 'About it' }

const good = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  custom_url: `post-${id}`,
  image: `/images/blog-${id}.webp`,
  meta_title: `Post ${id}`,
  meta_desc: `About post ${id}`,
  ...extra,
})

afterEach(() => vi.restoreAllMocks())

describe('checkPost', () => {
  /** Runs the check for post-1 and returns the post kept and every warning given. */
  function checked(value: unknown) {
    const warnings: string[] = []
    const kept = checkPost(value, 'post-1', ['https://cdn.example'], (m) => warnings.push(m))
    return { kept, warnings }
  }

  it('keeps the post asked for, under "blog" or sent bare, without a warning', () => {
    const body = good(1, { description: [[['p', 0, 'x']]] })
    expect(checked({ blog: body })).toEqual({ kept: body, warnings: [] })
    expect(checked(body)).toEqual({ kept: body, warnings: [] })
  })

  it("keeps a post whose picture is on another host, for its body's sake, without the picture", () => {
    const body = good(1, { image: 'https://other.example/a.png', description: [[['p', 0, 'x']]] })
    const { image: _picture, ...words } = body
    expect(checked({ blog: body })).toEqual({ kept: words, warnings: [] })
  })

  it.each([
    ['description', { blog: good(1, { description: { __html: '<script>alert(1)</script>' } }) }],
    ['image', { blog: good(1, { image: 'javascript:alert(1)' }) }],
    ['meta_desc', { blog: good(1, { meta_desc: null }) }],
    ['custom_url (not the post asked for)', { blog: good(2) }],
    ['the entry itself', { blog: null }],
    ['the entry itself', null],
    ['id', { blogs: [good(1)] }],
  ])('gives nothing for a post with a bad %s, with one warning naming it', (field, value) => {
    const { kept, warnings } = checked(value)
    expect(kept).toBeUndefined()
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toContain(field)
  })
})

describe('fetchPostBody', () => {
  const body = [[['p', 0, 'The whole post.']]] as BuiltBlog['description']
  const built: BuiltBlog = {
    ...post,
    title: 'First',
    image_alt: '',
    image_width: 800,
    image_height: 450,
    published: '2026-01-01',
    description: body,
  }
  let app: FastifyInstance
  let origin: string
  beforeAll(async () => {
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      DATABASE_PATH: path.join(mkdtempSync(path.join(tmpdir(), 'post-body-')), 'leads.sqlite'),
    })
    ;({ app } = await createServer({ config, content: testContent({ blogs: [built] }), site: false }))
    origin = await app.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(() => app?.close())

  /** The page's fetch against the real embedded API on its port, recording what was asked. */
  function realFetch() {
    const asked: string[] = []
    const fetcher = (url: string | URL | Request, init?: RequestInit) => {
      asked.push(String(url))
      return fetch(origin + String(url), init)
    }
    return { asked, fetcher: fetcher as typeof fetch }
  }

  it('asks the post address once and keeps the body under the post', async () => {
    const { asked, fetcher } = realFetch()
    const store = createSiteDataStore({ blogs: [post], blogsLoading: false })
    const first = fetchPostBody(store, 'first-post', fetcher)
    expect(store.get().bodies).toEqual({ 'first-post': 'loading' })
    await Promise.all([first, fetchPostBody(store, 'first-post', fetcher)])
    await fetchPostBody(store, 'first-post', fetcher)
    expect(asked).toEqual(['/api/blogs/blog/first-post'])
    expect(store.get().bodies).toEqual({ 'first-post': { description: body } })
  })

  it('reads a 404 as no body, and keeps the bodies it has', async () => {
    const { fetcher } = realFetch()
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const store = createSiteDataStore({ blogs: [post], blogsLoading: false, bodies: { 'first-post': { description: body } } })
    await fetchPostBody(store, 'no-such-post', fetcher)
    expect(logged).toHaveBeenCalledOnce()
    expect(store.get().bodies).toEqual({ 'first-post': { description: body }, 'no-such-post': 'unavailable' })
  })

  it.each([
    ['another post', { blog: { ...built, custom_url: 'other-post' } }],
    ['a body the check refuses', { blog: { ...built, description: { __html: '<script>alert(1)</script>' } } }],
    ['a list', { blogs: [built] }],
    ['a post without a body', { blog: post }],
  ])('reads %s as no body', async (_, answer) => {
    const fetcher = (async () => Response.json(answer)) as typeof fetch
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const store = createSiteDataStore({ blogs: [post], blogsLoading: false })
    await fetchPostBody(store, 'first-post', fetcher)
    expect(store.get().bodies).toEqual({ 'first-post': 'unavailable' })
  })
})
