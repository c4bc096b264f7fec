/// <reference types="vite/client" />

// A landing page's checked data, `page-data:<file name>`, resolved by codegen/vite-plugin-content.ts.
declare module 'page-data:*' {
  const page: import('./core/content').PageData
  export default page
}

// The server render's store of page data (codegen/build-content.ts): the prerender hands it the build's data.
declare module 'site-content:page-data' {
  export function setPageData(read: (file: string) => unknown): void
}

// content/redirects.yaml, checked, resolved by codegen/vite-plugin-content.ts.
declare module 'site-content:redirects' {
  const file: { redirects: import('./core/manifest').Redirect[] }
  export default file
}

interface ImportMetaEnv {
  readonly VITE_API_URL?: string
  readonly VITE_BLOG_IMAGE_ORIGINS?: string
  readonly VITE_IP_LOOKUP_URL?: string
  readonly VITE_GEO_URL?: string
  readonly VITE_GEO_TOKEN?: string
  readonly VITE_SITE_URL?: string
  /** '1' in a pull request's preview build: marked, kept out of search, its form sends nothing. */
  readonly VITE_PREVIEW?: string
}
declare const __BUILD_YEAR__: number
/** The blog API's settings (src/core/blog-api.ts), read from VITE_API_URL and VITE_BLOG_IMAGE_ORIGINS by the build. */
declare const __BLOG_API__: import('./core/blog-api').BlogApiSettings
/** Where a build serves the landing pages' data files (`/page-data/<version>`, src/core/routes.ts); empty without a build. */
declare const __PAGE_DATA_DIR__: string
