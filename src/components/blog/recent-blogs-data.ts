import type { ApiBlog } from '../../core/blog'
import { MAX_RECENT_BLOGS } from './carousel-groups'
import { cardOnly } from './excerpt'

/**
 * The posts a landing page's Recent Blogs shows, as card data, for the prerendered HTML: visitors
 * without JavaScript and crawlers see them, and the fetch at start then changes nothing on screen.
 */
export function recentBlogsData(blogs: readonly ApiBlog[]): ApiBlog[] {
  return blogs.slice(0, MAX_RECENT_BLOGS).map(cardOnly)
}
