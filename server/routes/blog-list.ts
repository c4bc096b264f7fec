import { listEntry } from '../../src/core/blog.ts'
import { fieldErrors } from '../field-errors.ts'
import type { ContentRoute } from './content-route.ts'

/** GET /api/blogs/blog: one page of the list, 40 posts by default. */
const BLOG_QUERY = {
  type: 'object',
  properties: {
    resultPerPage: { type: 'integer', minimum: 1, maximum: 100, default: 40 },
    currentPage: { type: 'integer', minimum: 1, maximum: 1_000_000, default: 1 },
  },
} as const

/**
 * GET /api/blogs/blog: the built posts, newest first, a page at a time, without their bodies: the
 * cards read an excerpt, and a post's page asks GET /api/blogs/blog/<custom_url> (blog-post.ts).
 */
export const blogList: ContentRoute = async (app, { content }) => {
  const entries = content.blogs.map(listEntry)
  app.get('/blogs/blog', { schema: { querystring: BLOG_QUERY }, attachValidation: true }, async (request, reply) => {
    if (request.validationError) return reply.code(400).send({ errors: fieldErrors(request.validationError.validation) })
    const { resultPerPage, currentPage } = request.query as { resultPerPage: number; currentPage: number }
    const start = (currentPage - 1) * resultPerPage
    return { blogs: entries.slice(start, start + resultPerPage), total: entries.length, currentPage, resultPerPage }
  })
}
