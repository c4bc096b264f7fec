import { Link, useParams } from 'react-router-dom'
import { DocumentHead } from '../../app/document-head'
import { MarkupList } from '../../components/Markup'
import { site } from '../../lib/site'
import { blogTitle } from './blog-types'
import { RecentBlogs } from './RecentBlogs'
import { useSiteData } from './site-data'

export function BlogPostPage() {
  const { customUrl } = useParams()
  const { blogs, blogsLoading } = useSiteData()
  const post = blogs.find((b) => b.custom_url === customUrl)
  const { blog: copy } = site

  if (!post) {
    if (blogsLoading) return <section className="page-head container" aria-busy="true" />
    return (
      <>
        <DocumentHead title={copy.notFoundTitle} description={copy.metaDescription} path={`/blog/${customUrl}`} noindex />
        <section className="page-head container" aria-labelledby="page-title">
          <h1 id="page-title">{copy.notFoundTitle}</h1>
          <p className="hero__lead">{copy.notFoundText}</p>
          <Link to="/blog" className="button button--primary">
            {copy.backToBlog}
          </Link>
        </section>
      </>
    )
  }

  return (
    <>
      <DocumentHead
        title={post.meta_title}
        description={post.meta_desc}
        path={`/blog/${post.custom_url}`}
        breadcrumbs={[
          { name: site.labels.home, path: '/' },
          { name: copy.title, path: '/blog' },
          { name: blogTitle(post), path: `/blog/${post.custom_url}` },
        ]}
        article={{ headline: blogTitle(post), datePublished: post.published, image: post.image, author: post.author }}
      />
      <article className="blog-post container">
        <p className="breadcrumb-inline">
          <Link to="/blog">{copy.backToBlog}</Link>
        </p>
        <h1 id="page-title">{blogTitle(post)}</h1>
        {post.published ? <p className="blog-post__meta">{post.published}</p> : null}
        <img
          className="blog-post__image"
          src={post.image}
          alt={post.image_alt ?? ''}
          width={post.image_width ?? 800}
          height={post.image_height ?? 450}
          fetchPriority="high"
        />
        <div className="prose blog-post__body">
          {post.description ? <MarkupList items={post.description} /> : <p>{post.meta_desc}</p>}
        </div>
      </article>
      <RecentBlogs excludeId={post.id} />
    </>
  )
}
