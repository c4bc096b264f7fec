import type { BlogApiSettings } from '../core/blog-api'

/** The API the built site calls and the hosts its blog pictures may come from, fixed at build time. */
export const blogApi: BlogApiSettings = __BLOG_API__

/** Base of the lead and blog API: same origin by default, the company's own API in production. */
export const apiBase = blogApi.url
