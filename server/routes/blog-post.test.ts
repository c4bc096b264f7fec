import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BuiltBlog } from '../../src/core/blog.ts'
import { testContent } from '../../tests/support/content.ts'
import { loadConfig } from '../config.ts'
import { createServer } from '../create-server.ts'

const post = (id: number): BuiltBlog => ({
  id,
  custom_url: `post-${id}`,
  image: '/images/blog/x.svg',
  meta_title: `Post ${id}`,
  meta_desc: 'A post.',
  title: `Post ${id}`,
  image_alt: 'x',
  image_width: 800,
  image_height: 450,
  description: [[['p', 0, `The body of post ${id}.`]]],
  published: '2026-01-01',
})
const blogs = [post(1), post(2)]

let app: FastifyInstance
let url: string
beforeAll(async () => {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATABASE_PATH: path.join(mkdtempSync(path.join(tmpdir(), 'routes-')), 'leads.sqlite'),
  })
  ;({ app } = await createServer({ config, content: testContent({ blogs }), site: false }))
  url = await app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(() => app?.close())

describe('GET /api/blogs/blog/<custom_url>', () => {
  it('answers the post with its body', async () => {
    const response = await fetch(`${url}/api/blogs/blog/post-2`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await response.json()).toEqual({ blog: blogs[1] })
  })

  it.each(['post-3', 'POST-1', 'post-1%2F..', 'constructor', '__proto__'])('answers %s with a 404 in JSON', async (slug) => {
    const response = await fetch(`${url}/api/blogs/blog/${slug}`)
    expect(response.status).toBe(404)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await response.json()).toEqual({ statusCode: 404, error: expect.stringContaining('No post') })
  })
})
