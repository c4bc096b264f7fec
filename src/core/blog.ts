import type { MarkupBlocks } from '../generated/content-types.ts'

/**
 * A blog post as an API answers GET /api/blogs/blog. Our API always sends every field; the company's
 * own API is only held to id, custom_url, image, meta_title and meta_desc, so the rest is optional
 * and the browser checks it at the boundary.
 */
export interface ApiBlog {
  id: number
  custom_url: string
  image: string
  meta_title: string
  meta_desc: string
  title?: string
  image_alt?: string
  image_width?: number
  image_height?: number
  /** The post's paragraphs, parsed by our build, or HTML from another API; may be missing. */
  description?: MarkupBlocks[] | string
  published?: string
  author?: string
}

/** A post as our own build serves it: every field present, the body already checked and parsed. */
export type BuiltBlog = Required<Omit<ApiBlog, 'description' | 'author'>> & { description: MarkupBlocks[]; author?: string }

export const blogTitle = (blog: ApiBlog) => blog.title ?? blog.meta_title

/** Address of a post's page. */
export const blogRoute = (customUrl: string) => `/blog/${customUrl}`
