import type { MarkupBlocks } from '../generated/content-types.ts'

/**
 * A blog post as an API answers GET /api/blogs/blog. Our API always sends every field but the body;
 * the company's own API is only held to id, custom_url, image, meta_title and meta_desc, so the rest
 * is optional and the browser checks it at the boundary.
 */
export interface ApiBlog {
  id: number
  custom_url: string
  /** The post's picture; left out (with its alt and size) when its host is not one the page may load from. */
  image?: string
  meta_title: string
  meta_desc: string
  title?: string
  image_alt?: string
  image_width?: number
  image_height?: number
  /**
   * The post's paragraphs, parsed by our build, or HTML from another API. Our list leaves it out
   * (GET /api/blogs/blog/<custom_url> answers it); another API's list may carry it.
   */
  description?: MarkupBlocks[] | string
  /** The card's text as plain text, at most 140 characters: what our list sends instead of the body. */
  excerpt?: string
  published?: string
  author?: string
}

/** A post as our own build serves it: every field present, its picture too, the body already checked and parsed. */
export type BuiltBlog = Required<Omit<ApiBlog, 'description' | 'author' | 'excerpt'>> & {
  description: MarkupBlocks[]
  author?: string
}

export const blogTitle = (blog: ApiBlog) => blog.title ?? blog.meta_title

/** Address of a post's page. */
export const blogRoute = (customUrl: string) => `/blog/${customUrl}`

const EXCERPT_LENGTH = 140

/** The text of parsed markup blocks, tags dropped, whitespace folded; blocks are separated by a space. */
export function markupText(blocks: readonly unknown[]): string {
  // Blocks may come from the API in any shape: anything but text or [tag, attrs, ...children] reads as nothing.
  const text = (node: unknown, depth: number): string => {
    if (typeof node === 'string') return node
    if (!Array.isArray(node) || depth > 32) return ''
    const inner = node
      .slice(2)
      .map((child) => text(child, depth + 1))
      .join('')
    // Blocks and line breaks separate words; inline tags do not.
    return node[0] === 'br' || node[0] === 'li' || node[0] === 'p' ? ` ${inner} ` : inner
  }
  return blocks
    .map((block) => text(block, 0))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim()
}

/** Markup as raw HTML text (another API's), tags dropped, common entities decoded. */
export function stripTags(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim()
}

/** At most 140 characters, cut at a word where one is near, with an ellipsis when cut. */
export function truncate(text: string, max = EXCERPT_LENGTH): string {
  const chars = [...text]
  if (chars.length <= max) return text
  const cut = chars.slice(0, max - 1).join('')
  const lastSpace = cut.lastIndexOf(' ')
  return (lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:!?-]+$/, '') + '…'
}

/**
 * The card's text: the post's body where the entry carries one, else its excerpt, else its meta
 * description; markup stripped, cut at 140 characters. An excerpt is plain text already cut, so a
 * list entry's card reads exactly as the full post's.
 */
export function blogExcerpt(blog: ApiBlog): string {
  const { description } = blog
  const body = Array.isArray(description)
    ? markupText(description.flat())
    : typeof description === 'string'
      ? stripTags(description)
      : (blog.excerpt ?? '')
  return truncate(body || stripTags(blog.meta_desc))
}

/**
 * A post as the list carries it: every field but the body, with the card's excerpt made from the
 * body instead (a tenth of its bytes). The cards of /blog and Recent Blogs read nothing else.
 */
export function listEntry(blog: ApiBlog): ApiBlog {
  const { description: _body, ...fields } = blog
  return { ...fields, excerpt: blogExcerpt(blog) }
}
