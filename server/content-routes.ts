import { blogList } from './routes/blog-list.ts'
import { blogPost } from './routes/blog-post.ts'
import type { ContentRoute } from './routes/content-route.ts'
import { projectList } from './routes/project-list.ts'

/** Every API route over built content, registered under /api. A new one is a file in routes/ and a line here. */
export const CONTENT_ROUTES: readonly ContentRoute[] = [blogList, blogPost, projectList]
