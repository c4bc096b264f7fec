import { useEffect } from 'react'
import { DocumentHead } from '../../lib/document-head'
import { MarkupList } from '../../components/Markup'
import { MessagePage } from '../../components/MessagePage'
import { Link } from '../../lib/link'
import copy from 'site-part:blog'
import * as labels from 'site-part:labels'
import { BlogImage } from '../../components/blog/BlogImage'
import { HtmlBody } from './HtmlBody'
import { blogTitle } from '../../core/blog'
import { RecentBlogs } from '../../components/blog/RecentBlogs'
import { fetchPostBody } from './post-body'
import { useSiteDataStore, type PostBody } from '../../lib/site-data'
import { useBlogList } from '../../lib/fetch-site-data'

/**
 * A body on its way: lines of text to come, a screen high, so what follows stays below the fold until
 * it arrives. Only ever rendered in the browser (a prerendered post carries its body), where a style
 * set by script passes the Content-Security-Policy; a rule in the stylesheet would weigh on every page.
 */
const LOADING_BODY = {
  minHeight: '100vh',
  background: 'repeating-linear-gradient(180deg, var(--accent-tint) 0 1em, transparent 1em 1.75em)',
  opacity: 0.6,
}

export function BlogPostPage({ customUrl }: { customUrl: string }) {
  const { blogs, blogsLoading, bodies } = useBlogList()
  const store = useSiteDataStore()
  const post = blogs.find((b) => b.custom_url === customUrl)
  // Another API's list may carry the body (used as it is); ours does not, and the page asks for it once.
  const body: PostBody | undefined = post?.description !== undefined ? { description: post.description } : bodies?.[customUrl]
  const needsBody = post !== undefined && body === undefined
  useEffect(() => {
    if (needsBody) void fetchPostBody(store, customUrl)
  }, [needsBody, store, customUrl])

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
          { name: labels.home, path: '/' },
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
        {body === undefined || body === 'loading' ? (
          <div className="prose blog-post__body" aria-busy="true" style={LOADING_BODY} />
        ) : (
          <div className="prose blog-post__body">
            {body === 'unavailable' ? (
              <p>{post.meta_desc}</p>
            ) : typeof body.description === 'string' ? (
              <HtmlBody html={body.description} />
            ) : (
              <MarkupList items={body.description} />
            )}
          </div>
        )}
      </article>
      <RecentBlogs excludeId={post.id} />
    </>
  )
}
