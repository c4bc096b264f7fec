import { useEffect, useRef, useState } from 'react'
import * as labels from 'site-part:labels'
import { BlogCard } from './BlogCard'
import type { ApiBlog } from '../../core/blog'

/**
 * The recent posts as a row of slides the browser itself scrolls and snaps (CSS scroll snap): a
 * swipe, a trackpad and the arrow keys move it natively, and the buttons scroll it one slide. The
 * counter and the buttons' ends follow the scroll position, however it moved.
 */
export function BlogCarousel({ groups, perSlide }: { groups: ApiBlog[][]; perSlide: number }) {
  const track = useRef<HTMLDivElement>(null)
  const [current, setCurrent] = useState(0)

  useEffect(() => {
    const element = track.current
    if (!element) return
    const follow = () => setCurrent(Math.round(element.scrollLeft / slideStep(element)))
    follow()
    element.addEventListener('scroll', follow, { passive: true })
    return () => element.removeEventListener('scroll', follow)
  }, [perSlide])

  const show = (slide: number) => {
    const element = track.current
    if (!element) return
    const still = matchMedia('(prefers-reduced-motion: reduce)').matches
    element.scrollTo({ left: slide * slideStep(element), behavior: still ? 'auto' : 'smooth' })
  }
  const last = groups.length - 1

  return (
    <div className="blog-carousel">
      <div className="blog-carousel__track" ref={track}>
        {groups.map((group, i) => (
          <div
            key={`${perSlide}-${i}`}
            className="blog-carousel__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} / ${groups.length}`}
          >
            <ul className={`card-grid card-grid--${perSlide}`}>
              {group.map((blog) => (
                <li key={blog.id}>
                  <BlogCard blog={blog} />
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="blog-carousel__controls">
        <button
          type="button"
          className="icon-button blog-carousel__prev"
          aria-label={labels.carouselPrevious}
          disabled={current <= 0}
          onClick={() => show(current - 1)}
        >
          <Chevron direction="left" />
        </button>
        <p className="blog-carousel__count" aria-live="polite">
          {Math.min(current, last) + 1} / {groups.length}
        </p>
        <button
          type="button"
          className="icon-button blog-carousel__next"
          aria-label={labels.carouselNext}
          disabled={current >= last}
          onClick={() => show(current + 1)}
        >
          <Chevron direction="right" />
        </button>
      </div>
    </div>
  )
}

/** How far apart the slides start: a slide's width and the gap after it. */
function slideStep(track: HTMLElement) {
  const [first, second] = track.children as HTMLCollectionOf<HTMLElement>
  return Math.max(1, second ? second.offsetLeft - first.offsetLeft : track.clientWidth)
}

/**
 * An arrow of the carousel's buttons. The FAQ draws its own chevron: shared, it would become a chunk
 * of its own that every landing page loads for a few hundred bytes.
 */
function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path
        d={direction === 'left' ? 'M15 6l-6 6 6 6' : 'M9 6l6 6-6 6'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}
