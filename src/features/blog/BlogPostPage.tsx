import { DocumentHead } from '../../lib/document-head'
import { MarkupList } from '../../components/Markup'
import { MessagePage } from '../../components/MessagePage'
import { Link } from '../../lib/router'
import copy from 'site-part:blog'
import { site } from '../../lib/site'
import { BlogImage } from '../../components/blog/BlogImage'
import { HtmlBody } from './HtmlBody'
import { blogTitle } from '../../core/blog'
import { RecentBlogs } from '../../components/blog/RecentBlogs'
import { useSiteData } from '../../lib/site-data'

export function BlogPostPage({ customUrl }: { customUrl: string }) {
  const { blogs, blogsLoading } = useSiteData()
  const post = blogs.find((b) => b.custom_url === customUrl)

  if (!post) {
    if (blogsLoading)
      return (
        <>
          <DocumentHead title={copy.metaTitle} description={copy.metaDescription} path={`/blog/${customUrl}`} />
          <section className="page-head container" aria-busy="true" />
        </>
      )
    return (
      <MessagePage
        head={{ title: copy.notFoundTitle, description: copy.metaDescription, path: `/blog/${customUrl}` }}
        title={copy.notFoundTitle}
        text={copy.notFoundText}
        action={{ to: '/blog', label: copy.backToBlog }}
        centered={false}
      />
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
        <BlogImage blog={post} className="blog-post__image" priority />
        <div className="prose blog-post__body">
          {typeof post.description === 'string' ? (
            <HtmlBody html={post.description} />
          ) : post.description ? (
            <MarkupList items={post.description} />
          ) : (
            <p>{post.meta_desc}</p>
          )}
        </div>
      </article>
      <RecentBlogs excludeId={post.id} />
    </>
  )
}
