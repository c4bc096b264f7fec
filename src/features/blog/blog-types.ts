import type { MarkupBlocks } from '../../generated/content-types'

/** A blog post as the API serves it: id, title, custom_url, image and description always; the rest optional. */
export interface BlogSummary {
  id: number
  custom_url: string
  image: string
  meta_title: string
  meta_desc: string
  title?: string
  image_alt?: string
  image_width?: number
  image_height?: number
  /** The post's paragraphs, parsed by our build (codegen/markup.ts), or HTML from another API; may be missing. */
  description?: MarkupBlocks[] | string
  published?: string
  author?: string
}

export const blogTitle = (blog: BlogSummary) => blog.title ?? blog.meta_title
