import { RecentBlogs } from '../../components/blog/RecentBlogs'
import type { LandingIslands as Islands } from '../../core/landing-view'
import { Faq } from './sections/Faq/Faq'

/** A landing page's islands below its first screen, Recent Blogs and the FAQ: a chunk loaded as the visitor scrolls. */
export function LandingIslands({ faq }: { faq: Islands['faq'] }) {
  return (
    <>
      <RecentBlogs />
      <Faq {...faq} />
    </>
  )
}
