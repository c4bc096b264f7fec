import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import type { BuiltBlog } from '../../src/core/blog.ts'
import { testContent } from '../../tests/support/content.ts'
import { loadConfig } from '../config.ts'
import { createServer } from '../create-server.ts'

const blogs: BuiltBlog[] = Array.from({ length: 45 }, (_, i) => ({
  id: i + 1,
  custom_url: `post-${i + 1}`,
  image: '/images/blog/x.svg',
  meta_title: `Post ${i + 1}`,
  meta_desc: 'A post.',
  title: `Post ${i + 1}`,
  image_alt: 'x',
  image_width: 800,
  image_height: 450,
  description: [[['p', 0, `The body of post ${i + 1}. `.repeat(50)]]],
  published: '2026-01-01',
}))

let running: FastifyInstance[] = []
afterEach(async () => {
  for (const app of running) await app.close()
  running = []
})

/** The API over real HTTP, serving `blogs` as the build's content. */
async function start(): Promise<string> {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATABASE_PATH: path.join(mkdtempSync(path.join(tmpdir(), 'routes-')), 'leads.sqlite'),
  })
  const { app } = await createServer({ config, content: testContent({ blogs }), site: false })
  running.push(app)
  return app.listen({ port: 0, host: '127.0.0.1' })
}

describe('GET /api/blogs/blog', () => {
  it('pages the blogs', async () => {
    const url = await start()
    const body = await (await fetch(`${url}/api/blogs/blog?resultPerPage=40&currentPage=1`)).json()
    expect(body.blogs).toHaveLength(40)
    expect(body.blogs[0]).toEqual(
      expect.objectContaining({
        id: 1,
        image: expect.any(String),
        meta_title: 'Post 1',
        meta_desc: 'A post.',
        custom_url: 'post-1',
      }),
    )
    // The bodies stay out of the list: the cards read the excerpt, a post page asks for its body.
    for (const entry of body.blogs) expect(entry).not.toHaveProperty('description')
    expect(body.blogs[0].excerpt).toMatch(/^The body of post 1\. The body of post 1\..{80,}…$/)
    const second = await (await fetch(`${url}/api/blogs/blog?resultPerPage=40&currentPage=2`)).json()
    expect(second.blogs.map((b: { id: number }) => b.id)).toEqual([41, 42, 43, 44, 45])
  })

  it.each([
    ['resultPerPage=0&currentPage=1', 'resultPerPage'],
    ['resultPerPage=101&currentPage=1', 'resultPerPage'],
    ['resultPerPage=abc&currentPage=1', 'resultPerPage'],
    ['resultPerPage=10&currentPage=0', 'currentPage'],
    ['resultPerPage=10&currentPage=1.5', 'currentPage'],
    ['resultPerPage=&currentPage=1', 'resultPerPage'],
  ])('answers %s with 400 naming %s', async (query, field) => {
    const url = await start()
    const response = await fetch(`${url}/api/blogs/blog?${query}`)
    expect(response.status).toBe(400)
    expect(Object.keys((await response.json()).errors)).toEqual([field])
  })

  it('answers both bad query fields at once', async () => {
    const url = await start()
    const response = await fetch(`${url}/api/blogs/blog?resultPerPage=500&currentPage=-1`)
    expect(Object.keys((await response.json()).errors).sort()).toEqual(['currentPage', 'resultPerPage'])
  })
})
