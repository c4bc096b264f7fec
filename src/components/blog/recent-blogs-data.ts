import { listEntry, type ApiBlog } from '../../core/blog'
import { MAX_RECENT_BLOGS } from './carousel-groups'

/**
 * The posts a landing page's Recent Blogs shows, for the prerendered HTML: list entries as the API
 * answers them, less the author, which no card shows. Visitors without JavaScript and crawlers see
 * them, and the fetch at start then changes nothing on screen.
 */
export function recentBlogsData(blogs: readonly ApiBlog[]): ApiBlog[] {
  return blogs.slice(0, MAX_RECENT_BLOGS).map((blog) => {
    const { author: _author, ...card } = listEntry(blog)
    return card
  })
}
