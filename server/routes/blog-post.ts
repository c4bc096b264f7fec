import type { ContentRoute } from './content-route.ts'

const NOT_FOUND = { statusCode: 404, error: 'No post is published at this address.' }

/** GET /api/blogs/blog/<custom_url>: one built post with its body, which the list leaves out; 404 for any other address. */
export const blogPost: ContentRoute = async (app, { content }) => {
  const posts = new Map(content.blogs.map((blog) => [blog.custom_url, blog]))
  app.get('/blogs/blog/:customUrl', async (request, reply) => {
    const blog = posts.get((request.params as { customUrl: string }).customUrl)
    return blog ? { blog } : reply.code(404).send(NOT_FOUND)
  })
}
