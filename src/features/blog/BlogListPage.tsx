import { DocumentHead } from '../../lib/document-head'
import blog from 'site-part:blog'
import * as labels from 'site-part:labels'
import { BlogCard } from '../../components/blog/BlogCard'
import { useBlogList } from '../../lib/fetch-site-data'

export function BlogListPage() {
  const { blogs, blogsLoading } = useBlogList()
  return (
    <>
      <DocumentHead title={blog.metaTitle} description={blog.metaDescription} path="/blog" />
      <section className="page-head container" aria-labelledby="page-title">
        <h1 id="page-title">{blog.title}</h1>
        <p className="hero__lead">{blog.lead}</p>
      </section>
      <div className="section container" aria-busy={blogsLoading}>
        {blogs.length === 0 && !blogsLoading ? (
          <p>{labels.noBlogs}</p>
        ) : (
          <ul className="card-grid card-grid--3">
            {blogs.map((post, i) => (
              <li key={post.id}>
                {/* The first row is on the first screen: no lazy loading there, or the page paints late. */}
                <BlogCard blog={post} headingLevel={2} onFirstScreen={i < 3} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  )
}
