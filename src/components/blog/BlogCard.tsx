import { Link } from '../../lib/link'
import * as labels from 'site-part:labels'
import { BlogImage } from './BlogImage'
import { blogExcerpt, blogTitle, type ApiBlog } from '../../core/blog'

/**
 * A blog card: image (or a plain block in its place), title, a 140-character excerpt, and 'Read More',
 * which also takes the reader to the top.
 */
export function BlogCard({
  blog,
  headingLevel = 3,
  onFirstScreen = false,
}: {
  blog: ApiBlog
  headingLevel?: 2 | 3
  onFirstScreen?: boolean
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const href = `/blog/${blog.custom_url}`
  return (
    <article className="card blog-card">
      {blog.image ? (
        <BlogImage blog={blog} className="blog-card__image" eager={onFirstScreen} />
      ) : (
        // A post without its picture keeps the picture's place, so the cards of a row still line up.
        <div className="blog-card__image blog-card__image--none" aria-hidden="true" />
      )}
      <Heading className="card__title blog-card__title">{blogTitle(blog)}</Heading>
      <p className="card__text">{blogExcerpt(blog)}</p>
      <Link to={href} className="blog-card__more" onClick={() => window.scrollTo({ top: 0 })}>
        {labels.readMore}
        <span className="visually-hidden">: {blogTitle(blog)}</span>
      </Link>
    </article>
  )
}
