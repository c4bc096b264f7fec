import { Link } from 'react-router-dom'
import { site } from '../../lib/site'
import { useSiteData } from './site-data'
import { BlogCard } from './BlogCard'

const MAX_RECENT = 10

/** 'Recent Blogs': the newest posts, without the one being read. Its height is reserved while loading. */
export function RecentBlogs({ excludeId }: { excludeId?: number }) {
  const { blogs, blogsLoading } = useSiteData()
  const shown = blogs.filter((b) => b.id !== excludeId).slice(0, MAX_RECENT)
  return (
    <section className="section container recent-blogs reveal" aria-labelledby="recent-blogs-title" aria-busy={blogsLoading}>
      <div className="recent-blogs__head">
        <h2 id="recent-blogs-title">{site.labels.recentBlogs}</h2>
        <Link to="/blog" className="button button--ghost">
          {site.labels.viewAllBlogs}
        </Link>
      </div>
      <div className="recent-blogs__body">
        {blogsLoading ? (
          <ul className="card-grid card-grid--3" aria-hidden="true">
            {[0, 1, 2].map((i) => (
              <li key={i} className="card blog-card blog-card--skeleton" />
            ))}
          </ul>
        ) : shown.length === 0 ? (
          <p className="recent-blogs__empty">{site.labels.noBlogs}</p>
        ) : (
          <ul className="card-grid card-grid--3">
            {shown.slice(0, 3).map((blog) => (
              <li key={blog.id}>
                <BlogCard blog={blog} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  )
}
