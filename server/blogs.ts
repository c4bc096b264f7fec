import type { ContentSet } from '../codegen/content.ts'
import type { MarkupNode } from '../codegen/markup.ts'

/** A blog post as the API serves it: id, title, custom_url, image, description, plus what the blog pages show. */
export interface ApiBlog {
  id: number
  custom_url: string
  image: string
  meta_title: string
  meta_desc: string
  title: string
  image_alt: string
  image_width: number
  image_height: number
  /** The post's paragraphs, checked and parsed at build time: one list of blocks per paragraph. */
  description: MarkupNode[][]
  published: string
  author?: string
}

interface RenderedBlog {
  id: number
  custom_url: string
  title: string
  meta_title: string
  meta_desc: string
  image: { src: string; alt: string; width: number; height: number }
  published: string
  author?: string
  description: MarkupNode[][]
}

/** Content blogs (already checked and sanitized) in the API's shape, newest first. */
export function apiBlogs(content: Pick<ContentSet, 'blogs'>): ApiBlog[] {
  return (content.blogs as unknown as RenderedBlog[]).map((b) => ({
    id: b.id,
    custom_url: b.custom_url,
    image: b.image.src,
    meta_title: b.meta_title,
    meta_desc: b.meta_desc,
    title: b.title,
    image_alt: b.image.alt,
    image_width: b.image.width,
    image_height: b.image.height,
    description: b.description,
    published: b.published,
    ...(b.author ? { author: b.author } : {}),
  }))
}
