import { Suspense, useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { Link } from '../../lib/link'
import * as labels from 'site-part:labels'
import { lazyComponent } from '../../lib/load-once'
import { BlogCard } from './BlogCard'
import { cardsPerSlide, groupForCarousel } from './carousel-groups'
import { useBlogList } from '../../lib/fetch-site-data'

const BlogCarousel = lazyComponent(() => import('./BlogCarousel').then((m) => m.BlogCarousel))

const subscribeResize = (listener: () => void) => {
  window.addEventListener('resize', listener)
  return () => window.removeEventListener('resize', listener)
}

/** Cards per slide for the current width; the server (and hydration) assume a desktop. */
function useCardsPerSlide() {
  return useSyncExternalStore(
    subscribeResize,
    () => cardsPerSlide(window.innerWidth),
    () => 3,
  )
}

/** True once the element is within 600 px of the viewport; then stays true. */
function useNearViewport<T extends Element>() {
  const ref = useRef<T>(null)
  const [near, setNear] = useState(false)
  useEffect(() => {
    const el = ref.current
    if (!el || near) return
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: '600px 0px',
    })
    observer.observe(el)
    return () => observer.disconnect()
  }, [near])
  return [ref, near] as const
}

/**
 * 'Recent Blogs': the newest posts without the one being read, as a carousel. Until its chunk has
 * loaded the first slide shows as a plain grid, and loading and empty states keep the height.
 */
export function RecentBlogs({ excludeId }: { excludeId?: number }) {
  const { blogs, blogsLoading } = useBlogList()
  const perSlide = useCardsPerSlide()
  const groups = groupForCarousel(blogs, perSlide, excludeId)
  const [ref, near] = useNearViewport<HTMLDivElement>()

  const firstSlide = (
    <ul className={`card-grid card-grid--${perSlide}`}>
      {(groups[0] ?? []).map((blog) => (
        <li key={blog.id}>
          <BlogCard blog={blog} />
        </li>
      ))}
    </ul>
  )

  // Until the carousel loads, its controls' room is held and the grid shows as many cards as a slide
  // at this width will (CSS, since the server cannot know the width), so nothing below moves.
  const beforeCarousel =
    groups.length > 1 ? (
      <div className="blog-carousel blog-carousel--waiting">
        {firstSlide}
        <div className="blog-carousel__controls blog-carousel__controls--reserved" aria-hidden="true">
          <span className="icon-button" />
        </div>
      </div>
    ) : (
      firstSlide
    )

  return (
    <section className="section container recent-blogs reveal" aria-labelledby="recent-blogs-title" aria-busy={blogsLoading}>
      <div className="recent-blogs__head">
        <h2 id="recent-blogs-title">{labels.recentBlogs}</h2>
        <Link to="/blog" className="button button--ghost">
          {labels.viewAllBlogs}
        </Link>
      </div>
      <div className="recent-blogs__body" ref={ref}>
        {blogsLoading ? (
          <ul className={`card-grid card-grid--${perSlide}`} aria-hidden="true">
            {Array.from({ length: perSlide }, (_, i) => (
              <li key={i} className="card blog-card blog-card--skeleton" />
            ))}
          </ul>
        ) : groups.length === 0 ? (
          <p className="recent-blogs__empty">{labels.noBlogs}</p>
        ) : near && groups.length > 1 ? (
          <Suspense fallback={beforeCarousel}>
            <BlogCarousel groups={groups} perSlide={perSlide} />
          </Suspense>
        ) : (
          beforeCarousel
        )}
      </div>
    </section>
  )
}
