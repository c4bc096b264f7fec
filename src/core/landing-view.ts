import type { PageData } from './content'

/** What a landing page's islands need of its data: its head and its FAQ. */
export interface LandingIslands {
  head: { title: string; description: string; label: string; serviceName: string }
  faq: { eyebrow: string; title: string; faqs: NonNullable<PageData['faqs']> }
}

/**
 * A landing page as the browser gets it: the islands' data, and the sections that are only words and
 * pictures as HTML rendered by the build (above Recent Blogs, and below the FAQ). The browser ships no
 * code for those sections: it shows their HTML as it is.
 */
export interface LandingView extends LandingIslands {
  html: { top: string; bottom: string }
}
