import type { ApiBlog } from '../../core/blog'

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

/** The card excerpt: the post's text (or its meta description), markup stripped, cut at 140 characters. */
export function blogExcerpt(blog: ApiBlog): string {
  const { description } = blog
  const body = Array.isArray(description)
    ? markupText(description.flat())
    : typeof description === 'string'
      ? stripTags(description)
      : ''
  return truncate(body || stripTags(blog.meta_desc))
}

/**
 * A post reduced to what its card shows, its excerpt as its only text: what a prerendered page
 * carries for Recent Blogs. Its card renders exactly as the full post's would.
 */
export function cardOnly(blog: ApiBlog): ApiBlog {
  const { id, custom_url, image, meta_title, meta_desc, title, image_alt, image_width, image_height, published } = blog
  return {
    id,
    custom_url,
    image,
    meta_title,
    meta_desc,
    title,
    image_alt,
    image_width,
    image_height,
    published,
    description: [[blogExcerpt(blog)]],
  }
}
