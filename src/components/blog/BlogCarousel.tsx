import { A11y, Keyboard, Navigation, Pagination } from 'swiper/modules'
import { Swiper, SwiperSlide } from 'swiper/react'
import 'swiper/css'
import 'swiper/css/pagination'
import { site } from '../../lib/site'
import { BlogCard } from './BlogCard'
import type { ApiBlog } from '../../core/blog'

/** The Swiper carousel; its own chunk, loaded when the section nears the viewport. */
export function BlogCarousel({ groups, perSlide }: { groups: ApiBlog[][]; perSlide: number }) {
  return (
    <div className="blog-carousel">
      <Swiper
        modules={[Navigation, Pagination, A11y, Keyboard]}
        spaceBetween={24}
        slidesPerView={1}
        keyboard={{ enabled: true, onlyInViewport: true }}
        pagination={{ type: 'fraction', el: '.blog-carousel__dots' }}
        navigation={{ prevEl: '.blog-carousel__prev', nextEl: '.blog-carousel__next' }}
        a11y={{ enabled: true }}
        autoHeight={false}
      >
        {groups.map((group, i) => (
          <SwiperSlide key={`${perSlide}-${i}`}>
            <ul className={`card-grid card-grid--${perSlide} blog-carousel__slide`}>
              {group.map((blog) => (
                <li key={blog.id}>
                  <BlogCard blog={blog} />
                </li>
              ))}
            </ul>
          </SwiperSlide>
        ))}
      </Swiper>
      <div className="blog-carousel__controls">
        <button type="button" className="icon-button blog-carousel__prev" aria-label={site.labels.carouselPrevious}>
          <Chevron direction="left" />
        </button>
        <div className="blog-carousel__dots" />
        <button type="button" className="icon-button blog-carousel__next" aria-label={site.labels.carouselNext}>
          <Chevron direction="right" />
        </button>
      </div>
    </div>
  )
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
