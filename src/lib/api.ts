import { blogApiSettings } from '../core/blog-api'

/** The API the built site calls and the hosts its blog pictures may come from, fixed at build time. */
export const blogApi = blogApiSettings({
  VITE_API_URL: import.meta.env.VITE_API_URL,
  VITE_BLOG_IMAGE_ORIGINS: import.meta.env.VITE_BLOG_IMAGE_ORIGINS,
})

/** Base of the lead and blog API: same origin by default, the company's own API in production. */
export const apiBase = blogApi.url
